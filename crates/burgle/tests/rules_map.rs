//! docs/rules/burgle.md names the tests that check each rule: every name must exist.

#[test]
fn every_test_named_in_the_rules_map_exists() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let count =
        lockpick_engine::testkit::check_rules_map(root, "burgle").unwrap_or_else(|missing| {
            panic!("named in docs/rules/burgle.md but not found: {missing:?}")
        });
    assert!(count > 150, "the map names {count} tests");
}

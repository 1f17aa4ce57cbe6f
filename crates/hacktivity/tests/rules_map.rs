//! docs/rules/hacktivity.md names the tests that check each rule: every name must exist.

use std::path::Path;

#[test]
fn every_test_named_in_the_rules_map_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let count =
        lockpick_engine::testkit::check_rules_map(root, "hacktivity").unwrap_or_else(|missing| {
            panic!("named in docs/rules/hacktivity.md but not found: {missing:?}")
        });
    assert!(count > 80, "the map names {count} tests");
}

#[test]
fn every_icon_of_the_glossary_is_in_the_rules_map() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("../../docs/rules/hacktivity.md"))
        .expect("the rules map");
    for key in lockpick_hacktivity::icons::KEYS {
        assert!(
            doc.contains(&format!("`{key}`")),
            "icon {key} is not in the rules map"
        );
    }
}

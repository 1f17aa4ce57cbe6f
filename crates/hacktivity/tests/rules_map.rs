//! docs/rules/hacktivity.md names the tests that check each rule: every name must exist.

use std::path::Path;

#[test]
fn every_test_named_in_the_rules_map_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("../../docs/rules/hacktivity.md"))
        .expect("the rules map");
    let mut missing = Vec::new();
    let mut count = 0;
    for name in doc.split('`').skip(1).step_by(2) {
        let Some((file, rest)) = name.split_once("::") else {
            continue;
        };
        let test = rest.rsplit("::").next().unwrap_or(rest);
        if test.contains('*') || test.contains(' ') || test.contains('(') {
            continue;
        }
        if name.chars().any(|ch| ch.is_ascii_uppercase()) {
            // A type's method like `ScenarioRules::draw_core`, not a test.
            continue;
        }
        // `content::tests::x` is a unit test in src/content.rs; `icons::x` a test in tests/.
        let source = if rest.starts_with("tests::") {
            root.join(format!("src/{file}.rs"))
        } else {
            root.join(format!("tests/{file}.rs"))
        };
        let Ok(text) = std::fs::read_to_string(&source) else {
            missing.push(format!("{name} (no file {})", source.display()));
            continue;
        };
        count += 1;
        if !text.contains(&format!("fn {test}(")) {
            missing.push(name.to_owned());
        }
    }
    assert!(
        missing.is_empty(),
        "named in docs/rules/hacktivity.md but not found: {missing:?}"
    );
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

//! Every game keeps a rules map, `docs/rules/<game>.md`, naming the tests that check each rule:
//! `file::test` for a test in `tests/file.rs`, `module::tests::test` for a unit test in
//! `src/module.rs`. This checks that every name it gives exists.

use std::path::Path;

/// Checks the rules map of the game crate at `crate_root` (its `CARGO_MANIFEST_DIR`); returns how
/// many tests it names.
///
/// # Errors
/// The map cannot be read, or the names it gives that do not exist.
pub fn check_rules_map(crate_root: &Path, game: &str) -> Result<usize, Vec<String>> {
    let path = crate_root.join(format!("../../docs/rules/{game}.md"));
    let doc =
        std::fs::read_to_string(&path).map_err(|e| vec![format!("{}: {e}", path.display())])?;
    let mut missing = Vec::new();
    let mut count = 0;
    for name in doc.split('`').skip(1).step_by(2) {
        let Some((file, rest)) = name.split_once("::") else {
            continue;
        };
        let test = rest.rsplit("::").next().unwrap_or(rest);
        // Not a test's name: a pattern, a sentence, a call, or a type's item (`Type::item`).
        if test.contains(['*', ' ', '(']) || name.chars().any(|c| c.is_ascii_uppercase()) {
            continue;
        }
        let source = if rest.starts_with("tests::") {
            crate_root.join(format!("src/{file}.rs"))
        } else {
            crate_root.join(format!("tests/{file}.rs"))
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
    if missing.is_empty() {
        Ok(count)
    } else {
        Err(missing)
    }
}

#[cfg(test)]
mod tests {
    use super::check_rules_map;

    #[test]
    fn a_missing_test_is_named_and_existing_ones_are_counted() {
        let base = std::env::temp_dir().join(format!("lockpick-rules-map-{}", std::process::id()));
        let root = base.join("crates/game");
        std::fs::create_dir_all(root.join("tests")).unwrap();
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::create_dir_all(base.join("docs/rules")).unwrap();
        std::fs::write(root.join("tests/rules.rs"), "fn guard_moves() {}\n").unwrap();
        std::fs::write(root.join("src/walls.rs"), "mod tests { fn parse() {} }\n").unwrap();
        let doc =
            "| a | `rules::guard_moves`, `walls::tests::parse`, `Type::item`, `rules::gone` |";
        std::fs::write(base.join("docs/rules/game.md"), doc).unwrap();
        assert_eq!(
            check_rules_map(&root, "game"),
            Err(vec!["rules::gone".to_owned()])
        );
        std::fs::write(
            base.join("docs/rules/game.md"),
            doc.replace(", `rules::gone`", ""),
        )
        .unwrap();
        assert_eq!(check_rules_map(&root, "game"), Ok(2));
        std::fs::remove_dir_all(&base).unwrap();
    }
}

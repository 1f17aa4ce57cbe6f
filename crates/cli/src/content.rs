//! `lockpick content check`: validate the content files an owner of a game may edit.

use std::io::Write;
use std::path::{Path, PathBuf};

use lockpick_burgle::content as burgle;
use lockpick_hacktivity::content as hacktivity;

use crate::CliError;

fn read(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            CliError::NotFound(path.to_owned())
        } else {
            CliError::Read {
                path: path.to_owned(),
                source: e,
            }
        }
    })
}

/// Checks the embedded content (no files) or each file by its name, saying what was checked
/// and every problem in French when `fr` (the parsers' own messages inside stay as they are).
pub(crate) fn check(files: &[PathBuf], fr: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let say = |en: String, french: String| if fr { french } else { en };
    let burgle_said = |e: &burgle::ContentError| say(e.to_string(), e.in_french());
    let hacktivity_said = |e: &hacktivity::ContentError| say(e.to_string(), e.in_french());
    let embedded = |game: &str, names: &str| {
        say(
            format!("checking the embedded content of {game} ({names})"),
            format!("vérification du contenu intégré de {game} ({names})"),
        )
    };
    let mut problems: Vec<String> = Vec::new();
    if files.is_empty() {
        problems.extend(burgle::check_embedded().iter().map(burgle_said));
        writeln!(out, "{}", embedded("burgle", "tiles.toml, walls.toml"))?;
        problems.extend(hacktivity::check_embedded().iter().map(hacktivity_said));
        let names: Vec<&str> = hacktivity::EMBEDDED.iter().map(|(n, _)| *n).collect();
        writeln!(out, "{}", embedded("hacktivity", &names.join(", ")))?;
    }
    for path in files {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let shown = path.display().to_string();
        let text = read(path)?;
        let found = match name {
            "tiles.toml" => burgle::parse_tiles(&shown, &text)
                .err()
                .into_iter()
                .collect(),
            "walls.toml" => burgle::check_files(burgle::TILES_TOML, &text)
                .into_iter()
                .map(|mut e| {
                    e.file = shown.clone();
                    e
                })
                .collect(),
            n if hacktivity::is_content_file(n) => {
                problems.extend(
                    hacktivity::check_files(&[(&shown, &text)])
                        .iter()
                        .map(hacktivity_said),
                );
                writeln!(
                    out,
                    "{}",
                    say(format!("checked {shown}"), format!("{shown} vérifié"))
                )?;
                continue;
            }
            _ => return Err(CliError::UnknownContent(path.clone())),
        };
        let found: Vec<burgle::ContentError> = found;
        problems.extend(found.iter().map(burgle_said));
        writeln!(
            out,
            "{}",
            say(format!("checked {shown}"), format!("{shown} vérifié"))
        )?;
    }
    if problems.is_empty() {
        writeln!(
            out,
            "{}",
            say("content ok".to_owned(), "contenu valide".to_owned())
        )?;
        Ok(())
    } else {
        for p in &problems {
            writeln!(out, "{p}")?;
        }
        Err(CliError::Content(problems.len()))
    }
}

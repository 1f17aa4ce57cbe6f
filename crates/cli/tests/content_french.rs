//! `lockpick content check --say fr`: what was checked, every problem and the verdict, in
//! French, for an owner who edits a game's content files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::common::{Run, lockpick_with};

fn run(args: &[&str]) -> Run {
    lockpick_with(&lockpick::registry(), args)
}

/// Writes `text` as `dir/name` and returns the path.
fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The embedded text of one of Hacktivity's content files.
fn hacktivity(name: &str) -> &'static str {
    lockpick_hacktivity::content::EMBEDDED
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap()
        .1
}

/// `text` with the first `from` replaced by `to` (which must be there).
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

#[test]
fn the_embedded_content_is_said_valid_in_french() {
    let r = run(&["content", "check", "--say", "fr"]);
    let out = r.ok();
    assert!(
        out.starts_with(
            "vérification du contenu intégré de burgle (tiles.toml, walls.toml)\n\
             vérification du contenu intégré de hacktivity (cyberlink.toml, "
        ),
        "{out}"
    );
    assert!(out.ends_with("\ncontenu valide\n"), "{out}");
    assert!(
        !out.contains("checking") && !out.contains("content ok"),
        "{out}"
    );
}

#[test]
fn a_broken_wall_book_is_reported_in_french_with_the_file_the_entry_and_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    let walls = write(
        dir.path(),
        "walls.toml",
        &edit(
            lockpick_burgle::content::WALLS_TOML,
            "A1|B1 C2|D2",
            "A1|C3 C2|D2",
        ),
    );
    let shown = walls.display().to_string();
    let r = run(&["content", "check", "--say", "fr", &shown]);
    assert_eq!(r.code, ExitCode::FAILURE, "{r:?}");
    assert_eq!(
        r.out,
        format!(
            "{shown} vérifié\n\
             {shown} : bank.floor1 : le mur « A1|C3 » n'est pas entre deux cases voisines\n"
        )
    );
    assert_eq!(
        r.err,
        "error: 1 problème de contenu : le contenu n'est pas valide\n"
    );

    // A broken tile list too, and a wall book the TOML reader refuses: its message is kept,
    // framed in French.
    let tiles = write(
        dir.path(),
        "tiles.toml",
        &edit(
            lockpick_burgle::content::TILES_TOML,
            "[lavatory]\ndigits = [5]",
            "[lavatory]\ndigits = [7]",
        ),
    );
    let r = run(&["content", "check", tiles.to_str().unwrap(), "--say", "fr"]);
    assert!(
        r.out.contains(&format!(
            "{} : lavatory.digits[0] : le chiffre 7 doit être entre 1 et 6 (0 pour les tuiles \
             Coffre)\n",
            tiles.display()
        )),
        "{r:?}"
    );
    let unreadable = write(dir.path(), "walls.toml", "[bank\nfloor1 = 3");
    let r = run(&[
        "content",
        "check",
        "--say",
        "fr",
        unreadable.to_str().unwrap(),
    ]);
    assert!(
        r.out.contains(&format!(
            "{} : toml : le fichier ne se lit pas (message du lecteur TOML) : TOML parse error",
            unreadable.display()
        )),
        "{r:?}"
    );
    assert_eq!(
        r.err,
        "error: 1 problème de contenu : le contenu n'est pas valide\n"
    );
}

#[test]
fn broken_hacktivity_cards_are_reported_in_french_and_counted_in_the_plural() {
    let dir = tempfile::tempdir().unwrap();
    let drpower = write(
        dir.path(),
        "drpower.toml",
        &edit(hacktivity("drpower.toml"), "cost = 5", "cost = 12"),
    );
    let anomalies = write(
        dir.path(),
        "anomalies.toml",
        &edit(hacktivity("anomalies.toml"), "blocks = 2", "blocks = 9"),
    );
    let cyberlink = write(
        dir.path(),
        "cyberlink.toml",
        &edit(
            hacktivity("cyberlink.toml"),
            "top = [\"",
            "top = [\"attak 1\", \"",
        ),
    );
    let paths = [&drpower, &anomalies, &cyberlink].map(|p| p.display().to_string());
    let mut args = vec!["content", "check", "--say", "fr"];
    args.extend(paths.iter().map(String::as_str));
    let r = run(&args);
    assert_eq!(r.code, ExitCode::FAILURE, "{r:?}");
    for path in &paths {
        assert!(r.out.contains(&format!("{path} vérifié\n")), "{r:?}");
    }
    let [drpower, anomalies, cyberlink] = &paths;
    for line in [
        format!("{drpower} : programme 1 : cost : le coût doit être entre 1 et 10\n"),
        format!("{anomalies} : a1-1 : blocks : une anomalie a de 1 à 5 blocs de données, pas 9\n"),
        format!("{cyberlink} : cyberlink-1 : top[0] : icône inconnue « attak » (icônes : "),
    ] {
        assert!(r.out.contains(&line), "{line}\n{r:?}");
    }
    assert!(
        !r.out.contains("checked") && !r.out.contains("must be"),
        "{r:?}"
    );
    assert_eq!(
        r.err,
        "error: 3 problèmes de contenu : le contenu n'est pas valide\n"
    );

    // Without --say fr (or with --say en) the same check speaks English, as before.
    for say in [&[][..], &["--say", "en"][..]] {
        let mut args = vec!["content", "check", drpower.as_str()];
        args.extend(say);
        let r = run(&args);
        assert!(
            r.out.contains(&format!(
                "checked {drpower}\n{drpower}: program 1: cost: the cost must be 1 to 10\n"
            )),
            "{r:?}"
        );
        assert_eq!(
            r.err,
            "error: 1 content problem: the content does not validate\n"
        );
    }
}

#[test]
fn an_unknown_or_missing_content_file_is_refused_in_french() {
    let dir = tempfile::tempdir().unwrap();
    let cards = write(dir.path(), "cards.toml", "");
    let shown = cards.display().to_string();
    assert_eq!(
        run(&["content", "check", "--say", "fr", &shown]).error(),
        format!(
            "{shown} : fichier de contenu inconnu (Burgle Bros. lit tiles.toml et walls.toml ; \
             Hacktivity ses cartes, p. ex. cyberlink.toml, anomalies.toml)"
        )
    );
    let missing = dir.path().join("tiles.toml");
    assert_eq!(
        run(&["content", "check", "--say", "fr", missing.to_str().unwrap()]).error(),
        format!("fichier introuvable : {}", missing.display())
    );
}

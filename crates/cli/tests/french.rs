//! `--say fr`: every command speaks French when asked, in what it prints and in its refusals
//! (the game's own words, such as an option's label, come from the game in both languages).

use crate::common::{Table, lockpick, lockpick_with};
use serde_json::{Value, json};

/// Runs a command that must fail with `--say fr` and gives its one error line.
#[track_caller]
fn refused_in_french(args: &[&str]) -> String {
    let mut args = args.to_vec();
    args.extend(["--say", "fr"]);
    lockpick(&args).error().to_owned()
}

#[test]
fn undo_replay_and_legal_say_what_they_did_in_french() {
    let table = Table::new_game();
    let file = table.file();
    lockpick(&["act", file, "--seat", "1", r#"{"type":"move","room":1}"#]).ok();
    assert_eq!(
        lockpick(&["undo", file, "--seat", "1", "--say", "fr"]).ok(),
        "dernière action de la place 1 reprise ; à la place 1 de jouer\n"
    );
    // Zero takes the singular in French.
    let replay = lockpick(&["replay", file, "--say", "fr"]).ok().to_owned();
    assert!(
        replay.starts_with(&format!(
            "{file} : Casse miniature, 2 places, graine 7, 0 action rejouée, l'empreinte "
        )),
        "{replay}"
    );
    assert!(
        replay.ends_with("… concorde\nà la place 1 de jouer\n"),
        "{replay}"
    );
    let other = lockpick(&["legal", file, "--seat", "2", "--say", "fr"]);
    assert_eq!(other.out, "");
    assert_eq!(
        other.err,
        "la place 2 ne peut pas jouer maintenant (à la place 1 de jouer)\n"
    );
    let over = Table::finished_game();
    let done = lockpick(&["legal", over.file(), "--say", "fr"]);
    assert!(
        done.err.starts_with("la partie est finie (")
            && done.err.ends_with(") : aucune action possible\n"),
        "{done:?}"
    );
}

#[test]
fn games_describes_each_game_and_its_options_in_french() {
    let out = lockpick(&["games", "--say", "fr"]).ok().to_owned();
    assert!(
        out.starts_with("toy  Casse miniature, 1 à 3 places\n"),
        "{out}"
    );
    assert!(
        out.contains("  --option target=VALUE  (par défaut 4)\n"),
        "{out}"
    );
    assert!(out.contains("      Objectif : "), "{out}");
    assert!(out.contains("      un nombre entier de 2 à 6\n"), "{out}");
    let english = lockpick(&["games"]).ok().to_owned();
    assert!(
        english.contains("      a whole number from 2 to 6\n"),
        "{english}"
    );
}

#[test]
fn setting_up_refusals_are_french() {
    let table = Table::new_game();
    let file = table.file();
    // Refused before anything is written: no file appears beside the game.
    let other = table.path.with_file_name("x.json");
    let other = other.to_str().unwrap();
    for (args, said) in [
        (
            &["new", "chess", "-o", other][..],
            "jeu inconnu « chess » (jeux connus : toy)".to_owned(),
        ),
        (
            &["new", "toy", "-o", other, "--option", "colour=red"],
            "option inconnue « colour » (les options de ce jeu : target, hand)".to_owned(),
        ),
        (
            &["new", "toy", "-o", other, "--option", "target"],
            "l'option « target » n'est pas de la forme CLÉ=VALEUR".to_owned(),
        ),
        (
            &["new", "toy", "-o", other, "--seats", "5"],
            "ce jeu se joue de 1 à 3 joueurs, pas 5".to_owned(),
        ),
        (
            &["new", "toy", "-o", file],
            format!("{file} existe déjà ; ajoutez --force pour le remplacer"),
        ),
    ] {
        assert_eq!(refused_in_french(args), said, "{args:?}");
    }
    assert!(!table.path.with_file_name("x.json").exists());
}

#[test]
fn a_broken_saved_game_is_named_in_french_and_left_as_it_was() {
    let table = Table::new_game();
    let file = table.file();
    let text = table.text();
    table.write(&text[..text.len() / 2]);
    let err = refused_in_french(&["replay", file]);
    assert!(
        err.starts_with(&format!("{file} : la partie enregistrée est tronquée : ")),
        "{err}"
    );
    let mut newer: Value = serde_json::from_str(&text).unwrap();
    newer["format"] = json!(lockpick_engine::FORMAT_VERSION + 1);
    table.write(newer.to_string());
    let before = table.bytes();
    let err = refused_in_french(&["undo", file, "--seat", "1"]);
    assert!(err.ends_with(") : mettez Lockpick à jour"), "{err}");
    assert!(err.contains("est au format"), "{err}");
    assert_eq!(table.bytes(), before);
    let mut edited: Value = serde_json::from_str(&text).unwrap();
    edited["seed"] = json!(8);
    table.write(edited.to_string());
    let err = refused_in_french(&["show", file]);
    assert!(
        err.starts_with(&format!(
            "{file} : rejouer ne redonne pas l'état enregistré (empreinte enregistrée "
        )),
        "{err}"
    );
}

#[test]
fn sim_and_bench_report_in_french() {
    let registry = lockpick::registry();
    let run = |args: &[&str]| lockpick_with(&registry, args);
    let sim = run(&[
        "sim",
        "hacktivity",
        "--games",
        "2",
        "--bot",
        "random",
        "--seats",
        "2",
        "--say",
        "fr",
    ]);
    let lines: Vec<&str> = sim.ok().lines().collect();
    assert_eq!(
        lines[0],
        "hacktivity avec le bot au hasard, 2 places, 2 parties par table, graine 1"
    );
    assert!(
        lines[1].contains("parties gagnées  % gagné intervalle à 95 %"),
        "{sim:?}"
    );
    assert!(lines[2].starts_with("défaut "), "{sim:?}");
    assert_eq!(
        run(&["sim", "hacktivity", "--games", "0", "--say", "fr"]).error(),
        "--games doit valoir au moins 1"
    );
    assert_eq!(
        run(&["sim", "hacktivity", "--bot", "genius", "--say", "fr"]).error(),
        "bot inconnu « genius » (bots : random, heuristic, ismcts, oracle)"
    );
    assert_eq!(
        run(&[
            "sim",
            "hacktivity",
            "--option",
            "scenario=1,1",
            "--say",
            "fr"
        ])
        .error(),
        "la valeur « 1 » de l'option « scenario » est donnée deux fois"
    );
    let bench = run(&["bench", "hacktivity", "--seconds", "0.05", "--say", "fr"]);
    let text = bench.ok();
    assert!(
        text.starts_with("hacktivity (options par défaut, 2 places, un cœur) :\n"),
        "{text}"
    );
    assert!(text.contains(" itérations/s  ("), "{text}");
}

#[test]
fn hint_refuses_in_french() {
    let registry = lockpick::registry();
    let table = Table::empty();
    let file = table.file();
    lockpick_with(
        &registry,
        &["new", "burgle", "-o", file, "--seats", "2", "--seed", "8"],
    )
    .ok();
    assert_eq!(
        lockpick_with(&registry, &["hint", file, "--seat", "2", "--say", "fr"]).error(),
        "ce n'est pas au tour de la place 2 (à la place 1 de jouer)"
    );
    assert_eq!(
        lockpick_with(&registry, &["hint", file, "--bot", "oracle", "--say", "fr"]).error(),
        "mauvais bot « oracle » : l'oracle lit les cartes cachées : il ne sert qu'à `sim`, jamais à une place"
    );
}

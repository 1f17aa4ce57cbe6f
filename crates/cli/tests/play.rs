//! Playing a game from the command line: games, new, show, legal, act, replay, undo.

use crate::common;

use crate::common::{Table, files_in, lockpick, lockpick_with};
use lockpick_engine::{Registry, Seat};
use serde_json::Value;

#[test]
fn games_lists_ids_names_seats_and_options() {
    let out = lockpick(&["games"]).ok().to_owned();
    assert!(out.starts_with("toy  Toy heist, 1 to 3 seats\n"), "{out}");
    let expected = [
        "\n  --option target=VALUE  (default 4)\n",
        "\n      Target: How many cards the team must lay on the table to win.\n",
        "\n      a whole number from 2 to 6\n",
        "\n  --option hand=VALUE  (default 2)\n      Hand size: Cards dealt to each seat.\n",
    ];
    for line in expected {
        assert!(out.contains(line), "{line:?} missing from:\n{out}");
    }
}

#[test]
fn games_json_is_the_option_schema() {
    let games: Value = serde_json::from_str(lockpick(&["games", "--json"]).ok()).unwrap();
    assert_eq!(games[0]["id"], "toy");
    assert_eq!(games[0]["name"]["fr"], "Casse miniature");
    assert_eq!(games[0]["max_seats"], 3);
    let target = &games[0]["options"][0];
    assert_eq!(
        (
            &target["key"],
            &target["type"],
            &target["min"],
            &target["default"]
        ),
        (
            &Value::from("target"),
            &Value::from("int"),
            &Value::from(2),
            &Value::from("4")
        )
    );
}

#[test]
fn games_without_any_registered_game_says_so() {
    let run = lockpick_with(&Registry::new(), &["games"]);
    assert_eq!(run.ok(), "no games are registered yet\n");
}

#[test]
fn a_short_game_new_show_legal_act_replay() {
    let table = Table::empty();
    let run = lockpick(&[
        "new",
        "toy",
        "-o",
        table.file(),
        "--seats",
        "2",
        "--seed",
        "7",
    ]);
    let out = run.ok();
    assert!(out.contains("new Toy heist game saved to"), "{out}");
    assert!(out.contains("2 seats, seed 7"), "{out}");
    assert!(out.ends_with("seat 1 to act\n"), "{out}");

    let shown = lockpick(&["show", table.file()]).ok().to_owned();
    assert!(
        shown.starts_with("Toy heist: seat 1's view, seat 1 to act\n"),
        "{shown}"
    );
    assert!(shown.contains("Your hand: "), "{shown}");

    let legal = table.legal(Seat(0));
    assert!(!legal.is_empty());
    for line in &legal {
        let action: Value = serde_json::from_str(line).unwrap();
        assert!(action["type"].is_string(), "{line}");
    }
    let play = legal
        .iter()
        .find(|a| a.contains("\"play\"") || a.contains("\"discard\""))
        .unwrap();
    let events = lockpick(&["act", table.file(), "--seat", "1", play])
        .ok()
        .to_owned();
    let events: Vec<Value> = events
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(
        events
            .iter()
            .any(|e| e["type"] == "turn_began" && e["seat"] == 1),
        "{events:?}"
    );
    let drew = events.iter().find(|e| e["type"] == "drew").unwrap();
    assert!(
        drew["card"]["rank"].is_u64(),
        "the drawing seat sees its card: {drew}"
    );

    let replay = lockpick(&["replay", table.file()]).ok().to_owned();
    assert!(
        replay.contains("Toy heist, 2 seats, seed 7, 1 action replayed, hash "),
        "{replay}"
    );
    assert!(replay.contains("… matches\nseat 2 to act\n"), "{replay}");
    assert_eq!(
        files_in(table.path.parent().unwrap()),
        ["game.json"],
        "no temporary file left"
    );
}

#[test]
fn events_are_redacted_for_the_seat_that_acts() {
    let table = Table::new_game();
    let legal = table.legal(Seat(0));
    let play = legal.iter().find(|a| a.contains("\"discard\"")).unwrap();
    lockpick(&["act", table.file(), "--seat", "1", play]).ok();
    let legal = table.legal(Seat(1));
    let discard = legal.iter().find(|a| a.contains("\"discard\"")).unwrap();
    let out = lockpick(&["act", table.file(), "--seat", "2", discard])
        .ok()
        .to_owned();
    let drew: Value =
        serde_json::from_str(out.lines().find(|l| l.contains("drew")).unwrap()).unwrap();
    assert!(drew["card"].is_object(), "seat 2 sees its own draw: {drew}");
    let shown = lockpick(&["show", table.file(), "--seat", "1", "--json"])
        .ok()
        .to_owned();
    let shown: Value = serde_json::from_str(&shown).unwrap();
    assert_eq!(shown["view"]["hand_sizes"], serde_json::json!([2, 2]));
    assert!(shown["view"].get("all_hands").is_none());
}

#[test]
fn show_json_wraps_the_view_with_who_acts() {
    let table = Table::new_game();
    let shown: Value =
        serde_json::from_str(lockpick(&["show", table.file(), "--seat", "2", "--json"]).ok())
            .unwrap();
    assert_eq!(shown["game"], "toy");
    assert_eq!(shown["viewer"], serde_json::json!({"seat": 1}));
    assert_eq!(
        shown["to_act"],
        serde_json::json!({"type": "seats", "seats": [0]})
    );
    assert_eq!(shown["can_undo"], false);
    assert_eq!(shown["view"]["hand"].as_array().unwrap().len(), 2);

    let spectator: Value =
        serde_json::from_str(lockpick(&["show", table.file(), "--spectator", "--json"]).ok())
            .unwrap();
    assert_eq!(spectator["viewer"], "spectator");
    assert!(spectator["view"]["hand"].is_null());
}

#[test]
fn a_finished_game_shows_the_spectator_view_and_has_no_legal_actions() {
    let table = Table::finished_game();
    let shown = lockpick(&["show", table.file()]).ok().to_owned();
    assert!(
        shown.starts_with("Toy heist: spectator's view, game over: "),
        "{shown}"
    );
    let run = lockpick(&["legal", table.file()]);
    assert_eq!(run.ok(), "");
    assert!(run.err.starts_with("the game is over ("), "{run:?}");
}

#[test]
fn legal_for_a_seat_that_may_not_act_is_empty_with_a_note() {
    let table = Table::new_game();
    let run = lockpick(&["legal", table.file(), "--seat", "2"]);
    assert_eq!(run.ok(), "");
    assert_eq!(run.err, "seat 2 may not act now (seat 1 to act)\n");
}

#[test]
fn new_without_a_seed_prints_the_seed_it_drew() {
    let table = Table::empty();
    let out = lockpick(&["new", "toy", "-o", table.file()])
        .ok()
        .to_owned();
    let seed: u64 = out
        .split("seed ")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no seed in {out}"));
    let saved: Value = serde_json::from_str(&table.text()).unwrap();
    assert_eq!(saved["seed"], seed);
    assert_eq!(saved["seats"], 1, "the default is the fewest seats");
}

#[test]
fn new_takes_options_and_refuses_to_overwrite_without_force() {
    let table = Table::empty();
    let args = [
        "new",
        "toy",
        "-o",
        table.file(),
        "--option",
        "target=6",
        "--option",
        "hand=1",
    ];
    lockpick(&args).ok();
    let saved: Value = serde_json::from_str(&table.text()).unwrap();
    assert_eq!(
        saved["options"],
        serde_json::json!({"hand": "1", "target": "6"})
    );
    let before = table.bytes();
    let err = lockpick(&["new", "toy", "-o", table.file(), "--seed", "1"])
        .error()
        .to_owned();
    assert!(
        err.ends_with("game.json already exists; add --force to overwrite it"),
        "{err}"
    );
    assert_eq!(table.bytes(), before);
    lockpick(&["new", "toy", "-o", table.file(), "--seed", "1", "--force"]).ok();
    assert_ne!(table.bytes(), before);
}

#[test]
fn undo_takes_back_a_move_and_saves() {
    let table = Table::new_game();
    let start = table.bytes();
    let moved = lockpick(&[
        "act",
        table.file(),
        "--seat",
        "1",
        r#"{"type":"move","room":1}"#,
    ]);
    assert_eq!(moved.ok(), "{\"room\":1,\"seat\":0,\"type\":\"moved\"}\n");
    let shown: Value =
        serde_json::from_str(lockpick(&["show", table.file(), "--json"]).ok()).unwrap();
    assert_eq!(shown["can_undo"], true);
    let out = lockpick(&["undo", table.file(), "--seat", "1"])
        .ok()
        .to_owned();
    assert_eq!(out, "took back seat 1's last action; seat 1 to act\n");
    assert_eq!(
        table.bytes(),
        start,
        "undoing the only action gives back the new game"
    );
}

#[test]
fn help_and_version_go_to_stdout() {
    let run = lockpick(&["--help"]);
    assert!(run.ok().contains("Usage: lockpick <COMMAND>"), "{run:?}");
    for command in ["games", "new", "show", "legal", "act", "replay", "undo"] {
        assert!(
            run.out.contains(command),
            "{command} missing from help: {}",
            run.out
        );
    }
    assert!(lockpick(&["--version"]).ok().starts_with("lockpick "));
}

/// A standard output whose reader has gone (`lockpick legal game.json | head -1`).
struct ClosedPipe;

impl std::io::Write for ClosedPipe {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    let table = Table::new_game();
    let registry = Registry::new().with::<lockpick_engine::testkit::toy::Toy>();
    let mut err = Vec::new();
    let args = ["lockpick", "legal", table.file()];
    let code = lockpick::run(&registry, args, &mut ClosedPipe, &mut err);
    assert_eq!(code, std::process::ExitCode::SUCCESS);
    assert_eq!(String::from_utf8(err).unwrap(), "");
}

#[test]
fn play_lists_a_game_without_words_for_its_actions_by_the_words_that_type_them() {
    let table = Table::new_game();
    let registry = Registry::new().with::<lockpick_engine::testkit::toy::Toy>();
    let run = common::lockpick_typing(&registry, &["play", table.file()], "quit\n");
    let out = run.ok();
    let first = table.legal(Seat(0));
    let words = first.first().expect("the toy game's first seat may act");
    let typed: Value = serde_json::from_str(words).unwrap();
    // The toy game gives no sentence for its actions: each line is the notation alone.
    let kind = typed["type"].as_str().unwrap();
    let listed: Vec<&str> = out.lines().filter(|l| l.starts_with("   1. ")).collect();
    assert_eq!(listed.len(), 1, "{out}");
    assert!(
        listed[0].starts_with(&format!("   1. {kind}")) && !listed[0].contains('['),
        "{out}"
    );
}

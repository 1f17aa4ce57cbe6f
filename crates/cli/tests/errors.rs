//! Every way a command can fail: one clear `error:` line, a non-zero exit, the file untouched.

use std::process::ExitCode;

use crate::common::{Table, files_in, lockpick, lockpick_with};
use lockpick_engine::{FORMAT_VERSION, Registry};
use serde_json::{Value, json};

/// The saved JSON of `table` with one change.
fn edit(table: &Table, change: impl FnOnce(&mut Value)) {
    let mut value: Value = serde_json::from_str(&table.text()).unwrap();
    change(&mut value);
    table.write(value.to_string());
}

/// Runs `act` expecting a failure; the file must keep every byte.
#[track_caller]
fn failed_act(table: &Table, seat: &str, action: &str) -> String {
    let before = table.bytes();
    let err = lockpick(&["act", table.file(), "--seat", seat, action])
        .error()
        .to_owned();
    assert_eq!(table.bytes(), before, "a failed act changed the file");
    assert_eq!(
        files_in(table.path.parent().unwrap()),
        ["game.json"],
        "a temporary file was left"
    );
    err
}

#[test]
fn unknown_game_lists_the_known_ids() {
    let table = Table::empty();
    let err = lockpick(&["new", "chess", "-o", table.file()])
        .error()
        .to_owned();
    assert_eq!(err, "unknown game 'chess' (known games: toy)");
    assert!(!table.path.exists());
    let empty = lockpick_with(&Registry::new(), &["new", "toy", "-o", table.file()]);
    assert_eq!(empty.error(), "unknown game 'toy' (known games: none yet)");
}

#[test]
fn bad_option_values_keys_and_pairs_are_refused() {
    let table = Table::empty();
    let new = |option: &str| {
        lockpick(&["new", "toy", "-o", table.file(), "--option", option])
            .error()
            .to_owned()
    };
    assert_eq!(
        new("target=9"),
        "bad value '9' for option 'target': expected a whole number from 2 to 6"
    );
    assert_eq!(
        new("speed=3"),
        "unknown option 'speed' (this game's options: target, hand)"
    );
    assert_eq!(
        new("target"),
        "option 'target' is not of the form KEY=VALUE"
    );
    assert!(!table.path.exists());
}

#[test]
fn a_seat_count_the_game_cannot_play_is_refused() {
    let table = Table::empty();
    let run = lockpick(&["new", "toy", "-o", table.file(), "--seats", "5"]);
    assert_eq!(run.error(), "this game seats 1 to 3 players, not 5");
    assert!(!table.path.exists());
}

#[test]
fn a_seat_out_of_range_is_refused_by_every_command() {
    let table = Table::new_game();
    let expected = "seat 3 is out of range: this table has seats 1 to 2";
    assert_eq!(
        lockpick(&["show", table.file(), "--seat", "3"]).error(),
        expected
    );
    assert_eq!(
        lockpick(&["legal", table.file(), "--seat", "3"]).error(),
        expected
    );
    assert_eq!(
        lockpick(&["undo", table.file(), "--seat", "3"]).error(),
        expected
    );
    assert_eq!(failed_act(&table, "3", r#"{"type":"pass"}"#), expected);
}

#[test]
fn seats_are_counted_from_one_and_seat_zero_says_so() {
    let table = Table::new_game();
    let before = table.bytes();
    for args in [
        &["show", table.file(), "--seat", "0"][..],
        &["act", table.file(), "--seat", "0", r#"{"type":"pass"}"#],
    ] {
        let run = lockpick(args);
        assert_eq!(run.code, std::process::ExitCode::from(2), "{run:?}");
        assert!(
            run.err.contains(
                "invalid value '0' for '--seat <N>': seats are counted from 1: the first seat is 1"
            ),
            "{run:?}"
        );
    }
    let run = lockpick(&["legal", table.file(), "--seat", "first"]);
    assert!(
        run.err
            .contains("'first' is not a seat number (seats are counted from 1)"),
        "{run:?}"
    );
    assert_eq!(table.bytes(), before);
}

#[test]
fn an_action_that_is_not_json_is_malformed() {
    let table = Table::new_game();
    let err = failed_act(&table, "1", "{type: move");
    assert!(err.starts_with("malformed action: not JSON ("), "{err}");
    assert!(
        err.ends_with(
            "give one JSON object as `lockpick legal` prints it, or the action in words \
             (`end_turn`, `peek B2`)"
        ),
        "{err}"
    );
}

#[test]
fn json_that_is_not_an_action_of_the_game_is_malformed() {
    let table = Table::new_game();
    let err = failed_act(&table, "1", r#"{"type":"dance"}"#);
    assert!(
        err.starts_with("malformed action: not an action of toy: unknown variant `dance`"),
        "{err}"
    );
    let err = failed_act(&table, "1", "[1, 2]");
    assert!(
        err.starts_with("malformed action: not an action of toy: "),
        "{err}"
    );
}

#[test]
fn an_illegal_action_gives_the_games_reason() {
    let table = Table::new_game();
    let err = failed_act(&table, "1", r#"{"type":"move","room":3}"#);
    assert_eq!(err, "illegal action: room 3 is not next to room 0");
    let err = failed_act(&table, "1", r#"{"type":"crack"}"#);
    assert_eq!(
        err,
        "illegal action: the vault is in room 3; you are in room 0"
    );
}

#[test]
fn acting_out_of_turn_names_who_may_act() {
    let table = Table::new_game();
    let err = failed_act(&table, "2", r#"{"type":"move","room":1}"#);
    assert_eq!(err, "it is not seat 2's turn (seat 1 to act)");
}

#[test]
fn acting_in_a_finished_game_says_it_is_over() {
    let table = Table::finished_game();
    let err = failed_act(&table, "1", r#"{"type":"pass"}"#);
    assert!(err.starts_with("the game is over: "), "{err}");
    assert!(err.ends_with("; no more actions can be played"), "{err}");
}

#[test]
fn a_missing_file_is_not_found() {
    let table = Table::empty();
    for command in ["show", "legal", "replay"] {
        let err = lockpick(&[command, table.file()]).error().to_owned();
        assert_eq!(err, format!("file not found: {}", table.file()));
    }
    let err = failed_act_on_missing(&table);
    assert_eq!(err, format!("file not found: {}", table.file()));
    assert!(!table.path.exists(), "a failed act creates no file");
}

fn failed_act_on_missing(table: &Table) -> String {
    lockpick(&["act", table.file(), "--seat", "1", r#"{"type":"pass"}"#])
        .error()
        .to_owned()
}

#[test]
fn a_truncated_file_is_reported_as_truncated() {
    let table = Table::new_game();
    let text = table.text();
    table.write(&text[..text.len() / 2]);
    let err = lockpick(&["show", table.file()]).error().to_owned();
    assert!(
        err.starts_with(&format!("{}: the saved game is truncated", table.file())),
        "{err}"
    );
    table.write("");
    let err = lockpick(&["replay", table.file()]).error().to_owned();
    assert!(err.contains("the saved game is truncated"), "{err}");
}

#[test]
fn a_corrupted_file_is_reported_as_corrupted() {
    let table = Table::new_game();
    let text = table.text();
    for bad in [
        text.replacen('{', "<", 1),
        "[]".to_owned(),
        text.replace("\"seed\"", "\"sead\""),
    ] {
        table.write(&bad);
        let err = lockpick(&["show", table.file()]).error().to_owned();
        assert!(
            err.starts_with(&format!("{}: the saved game is corrupted", table.file())),
            "{err}"
        );
    }
    table.write([0xff, 0xfe, b'{']);
    let err = lockpick(&["legal", table.file()]).error().to_owned();
    assert!(
        err.ends_with("the saved game is corrupted: the file is not UTF-8 text"),
        "{err}"
    );
}

#[test]
fn a_newer_format_asks_for_an_upgrade() {
    let table = Table::new_game();
    edit(&table, |v| v["format"] = json!(FORMAT_VERSION + 1));
    let err = lockpick(&["show", table.file()]).error().to_owned();
    assert!(
        err.ends_with(&format!(
            "the saved game has format version {}, newer than this program reads ({FORMAT_VERSION}): upgrade Lockpick",
            FORMAT_VERSION + 1
        )),
        "{err}"
    );
}

#[test]
fn replay_fails_when_the_hash_does_not_match() {
    let table = Table::new_game();
    lockpick(&[
        "act",
        table.file(),
        "--seat",
        "1",
        r#"{"type":"move","room":1}"#,
    ])
    .ok();
    edit(&table, |v| v["hash"] = json!("f".repeat(64)));
    let err = lockpick(&["replay", table.file()]).error().to_owned();
    assert!(
        err.contains("replay does not reproduce the saved state (saved hash ffff"),
        "{err}"
    );
    let before = table.bytes();
    failed_act(&table, "1", r#"{"type":"move","room":2}"#);
    assert_eq!(table.bytes(), before);
}

#[test]
fn a_log_that_does_not_replay_names_the_action() {
    let table = Table::new_game();
    lockpick(&[
        "act",
        table.file(),
        "--seat",
        "1",
        r#"{"type":"move","room":1}"#,
    ])
    .ok();
    edit(&table, |v| v["log"][0]["action"]["room"] = json!(3));
    let err = lockpick(&["replay", table.file()]).error().to_owned();
    assert!(
        err.contains("action 0 of the saved game's log cannot be replayed"),
        "{err}"
    );
}

#[test]
fn saved_options_that_no_longer_validate_are_refused() {
    let table = Table::new_game();
    edit(&table, |v| v["options"]["target"] = json!("99"));
    let err = lockpick(&["replay", table.file()]).error().to_owned();
    assert!(err.ends_with("the saved game's options are invalid: bad value '99' for option 'target': expected a whole number from 2 to 6"), "{err}");
}

#[test]
fn a_file_of_an_unknown_game_lists_the_known_ones() {
    let table = Table::new_game();
    edit(&table, |v| v["game"] = json!("chess"));
    let err = lockpick(&["show", table.file()]).error().to_owned();
    assert_eq!(
        err,
        format!(
            "{}: the saved game is of an unknown game 'chess' (known games: toy)",
            table.file()
        )
    );
}

#[test]
fn undo_without_anything_to_undo_or_by_another_seat_is_refused() {
    let table = Table::new_game();
    let before = table.bytes();
    let err = lockpick(&["undo", table.file(), "--seat", "1"])
        .error()
        .to_owned();
    assert_eq!(
        err,
        "cannot undo: nothing to undo: the last action cannot be taken back"
    );
    assert_eq!(table.bytes(), before);
    lockpick(&[
        "act",
        table.file(),
        "--seat",
        "1",
        r#"{"type":"move","room":1}"#,
    ])
    .ok();
    let before = table.bytes();
    let err = lockpick(&["undo", table.file(), "--seat", "2"])
        .error()
        .to_owned();
    assert_eq!(err, "cannot undo: the last action is seat 1's, not yours");
    assert_eq!(table.bytes(), before);
}

#[test]
fn bad_arguments_are_usage_errors() {
    let table = Table::new_game();
    let bare = lockpick(&[]);
    assert_eq!(bare.code, ExitCode::from(2), "{bare:?}");
    assert!(bare.err.contains("Usage: lockpick <COMMAND>"), "{bare:?}");
    for args in [
        &["act", table.file(), r#"{"type":"pass"}"#][..],
        &["show", table.file(), "--seat", "1", "--spectator"],
        &["show", table.file(), "--seat", "-1"],
        &["new", "toy"],
        &["fly"],
    ] {
        let run = lockpick(args);
        assert_eq!(run.code, ExitCode::from(2), "{args:?}: {run:?}");
        assert!(run.err.starts_with("error: "), "{args:?}: {run:?}");
    }
}

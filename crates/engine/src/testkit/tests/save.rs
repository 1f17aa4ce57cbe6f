//! Saved games of the toy heist: the round trip, and every way a file can be refused.

use serde_json::{Value, json};

use crate::testkit::toy::{Toy, ToyAction};
use crate::{
    FORMAT_VERSION, Game, LoadError, OptionError, Options, SavedGame, Seat, SeatCount, Session,
    SetupError,
};

/// A 2-seat game a few actions in, saved as JSON.
fn saved() -> (Session<Toy>, String) {
    let options = Options::resolve(&Toy::options_schema(), [("target", "5")]).unwrap();
    let mut s = Session::<Toy>::new(options, SeatCount(2), 11).unwrap();
    for _ in 0..5 {
        let seat = Seat(s.state().turn.0);
        let mut legal = Vec::new();
        Toy::legal_actions(s.state(), seat, &mut legal);
        let play = legal.iter().find(|a| matches!(a, ToyAction::Play { .. }));
        let walk = legal.iter().find(|a| matches!(a, ToyAction::Move { .. }));
        s.apply(seat, play.or(walk).unwrap_or(&legal[0])).unwrap();
    }
    let text = s.to_save().to_json();
    (s, text)
}

/// The saved JSON with one change.
fn edited(text: &str, edit: impl FnOnce(&mut Value)) -> String {
    let mut value: Value = serde_json::from_str(text).unwrap();
    edit(&mut value);
    value.to_string()
}

fn load(text: &str) -> Result<Session<Toy>, LoadError> {
    Session::<Toy>::from_save(&SavedGame::from_json(text)?)
}

#[test]
fn a_saved_game_replays_to_the_same_state() {
    let (s, text) = saved();
    let back = load(&text).unwrap();
    assert_eq!(back.state(), s.state());
    assert_eq!(back.hash(), s.hash());
    assert_eq!(back.log(), s.log());
    assert_eq!(back.to_save().to_json(), text);
}

#[test]
fn an_older_format_loads_and_is_saved_again_in_its_own_format() {
    let (s, text) = saved();
    let older = edited(&text, |v| v["format"] = json!(FORMAT_VERSION - 1));
    let mut back = load(&older).unwrap();
    assert_eq!(back.state(), s.state(), "the toy's rules never changed");
    assert_eq!(back.to_save().format, FORMAT_VERSION - 1);
    // Played on, it stays a game of its format: its rules are the ones it began with.
    let seat = Seat(back.state().turn.0);
    let mut legal = Vec::new();
    Toy::legal_actions(back.state(), seat, &mut legal);
    back.apply(seat, &legal[0]).unwrap();
    assert_eq!(back.to_save().format, FORMAT_VERSION - 1);
    assert_eq!(
        s.to_save().format,
        FORMAT_VERSION,
        "a new game has the newest"
    );
}

#[test]
fn a_game_set_up_in_a_format_plays_by_it_and_only_known_formats_are_set_up() {
    let options = Options::resolve(&Toy::options_schema(), [("target", "5")]).unwrap();
    let older =
        Session::<Toy>::new_in_format(options.clone(), SeatCount(2), 11, FORMAT_VERSION - 1)
            .unwrap();
    assert_eq!(older.format(), FORMAT_VERSION - 1);
    assert_eq!(older.to_save().format, FORMAT_VERSION - 1);
    let newest =
        Session::<Toy>::new_in_format(options.clone(), SeatCount(2), 11, FORMAT_VERSION).unwrap();
    assert_eq!(newest.format(), FORMAT_VERSION);
    let too_new =
        Session::<Toy>::new_in_format(options.clone(), SeatCount(2), 11, FORMAT_VERSION + 1);
    assert!(
        matches!(too_new, Err(LoadError::NewerFormat { found, .. }) if found == u64::from(FORMAT_VERSION) + 1)
    );
    let zero = Session::<Toy>::new_in_format(options, SeatCount(2), 11, 0).unwrap_err();
    assert!(
        zero.to_string().contains("format version 0 does not exist"),
        "{zero}"
    );
}

#[test]
fn a_newer_format_is_refused_first_with_a_clear_message() {
    let (_, text) = saved();
    let newer = edited(&text, |v| {
        v["format"] = json!(FORMAT_VERSION + 1);
        v["log"] = json!("something a later version writes");
    });
    let err = SavedGame::from_json(&newer).unwrap_err();
    assert_eq!(
        err,
        LoadError::NewerFormat {
            found: u64::from(FORMAT_VERSION) + 1,
            supported: FORMAT_VERSION
        }
    );
    assert!(err.to_string().contains("upgrade Lockpick"), "{err}");
}

#[test]
fn format_version_zero_is_refused_as_one_that_never_existed() {
    let (_, text) = saved();
    let zero = edited(&text, |v| v["format"] = json!(0));
    let err = SavedGame::from_json(&zero).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "the saved game is corrupted: format version 0 does not exist (the first is 1; this \
             program reads up to {FORMAT_VERSION})"
        )
    );
}

#[test]
fn a_file_an_editor_began_with_a_byte_order_mark_still_loads() {
    let (s, text) = saved();
    let back = load(&format!("\u{feff}{text}")).unwrap();
    assert_eq!(back.hash(), s.hash());
}

#[test]
fn a_truncated_file_is_reported_as_truncated() {
    let (_, text) = saved();
    for cut in [1, text.len() / 3, text.len() / 2, text.len() - 3] {
        let err = SavedGame::from_json(&text[..cut]).unwrap_err();
        assert!(
            matches!(err, LoadError::Truncated(_)),
            "cut at {cut}: {err:?}"
        );
        assert!(
            err.to_string().starts_with("the saved game is truncated"),
            "{err}"
        );
    }
}

#[test]
fn a_corrupted_file_is_reported_as_corrupted() {
    let (_, text) = saved();
    let garbage = text.replacen('{', "#", 1);
    let missing = edited(&text, |v| {
        v.as_object_mut().unwrap().remove("seed");
    });
    let unformatted = edited(&text, |v| {
        v.as_object_mut().unwrap().remove("format");
    });
    let wrong_type = edited(&text, |v| v["seats"] = json!("two"));
    for bad in [
        garbage,
        missing,
        unformatted,
        wrong_type,
        "[1, 2]".to_owned(),
    ] {
        let err = SavedGame::from_json(&bad).unwrap_err();
        assert!(matches!(err, LoadError::Corrupted(_)), "{bad}: {err:?}");
        assert!(
            err.to_string().starts_with("the saved game is corrupted"),
            "{err}"
        );
    }
}

#[test]
fn a_field_or_option_written_twice_is_refused_where_it_stands() {
    let (_, text) = saved();
    // JSON allows a key twice; a value would keep the last one without a word, and the game
    // would be played with a seed or option other than one of the two the file shows.
    let seed_twice = text.replacen("\"seed\":", "\"seed\": 1, \"seed\":", 1);
    let option_twice = text.replacen("\"target\":", "\"target\": \"4\", \"target\":", 1);
    assert_ne!(seed_twice, text);
    assert_ne!(option_twice, text);
    for (bad, names) in [
        (seed_twice, "duplicate field `seed`"),
        (option_twice, "duplicate key"),
    ] {
        let err = SavedGame::from_json(&bad).unwrap_err();
        assert!(matches!(err, LoadError::Corrupted(_)), "{bad}: {err:?}");
        let message = err.to_string();
        assert!(message.contains(names), "{message}");
        assert!(message.contains("line "), "{message}");
    }
}

#[test]
fn a_wrong_hash_is_a_mismatch() {
    let (s, text) = saved();
    let tampered = edited(&text, |v| v["hash"] = json!("0".repeat(64)));
    let err = load(&tampered).unwrap_err();
    assert_eq!(
        err,
        LoadError::HashMismatch {
            saved: "0".repeat(64),
            replayed: s.hash()
        }
    );
    assert!(
        err.to_string()
            .contains("replay does not reproduce the saved state"),
        "{err}"
    );
}

#[test]
fn a_changed_seed_no_longer_reproduces_the_hash() {
    let (_, text) = saved();
    let reseeded = edited(&text, |v| v["seed"] = json!(12));
    assert!(matches!(
        load(&reseeded),
        Err(LoadError::HashMismatch { .. } | LoadError::Replay { .. })
    ));
}

#[test]
fn bad_options_are_refused_with_the_option_error() {
    let (_, text) = saved();
    let bad_value = edited(&text, |v| v["options"]["target"] = json!("99"));
    assert_eq!(
        load(&bad_value).unwrap_err(),
        LoadError::Options(OptionError::BadValue {
            key: "target".into(),
            value: "99".into(),
            expected: "a whole number from 2 to 6".into(),
        })
    );
    let unknown = edited(&text, |v| v["options"]["speed"] = json!("fast"));
    let err = load(&unknown).unwrap_err();
    assert!(
        matches!(err, LoadError::Options(OptionError::Unknown { .. })),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .starts_with("the saved game's options are invalid"),
        "{err}"
    );
}

#[test]
fn an_action_that_does_not_replay_names_its_index() {
    let (_, text) = saved();
    let illegal = edited(&text, |v| {
        v["log"][2]["action"] = json!({"type": "move", "room": 9})
    });
    let err = load(&illegal).unwrap_err();
    assert!(matches!(err, LoadError::Replay { index: 2, .. }), "{err:?}");
    let unknown = edited(&text, |v| v["log"][0]["action"] = json!({"type": "dance"}));
    assert!(matches!(
        load(&unknown),
        Err(LoadError::Replay { index: 0, .. })
    ));
}

#[test]
fn another_game_or_seat_count_is_refused() {
    let (_, text) = saved();
    let other = edited(&text, |v| v["game"] = json!("chess"));
    assert_eq!(
        load(&other).unwrap_err(),
        LoadError::UnknownGame("chess".into())
    );
    let crowded = edited(&text, |v| v["seats"] = json!(9));
    assert_eq!(
        load(&crowded).unwrap_err(),
        LoadError::Setup(SetupError::SeatCount {
            min: 1,
            max: 3,
            given: 9
        })
    );
}

#[test]
fn an_undone_action_is_not_saved() {
    let (mut s, _) = saved();
    let seat = Seat(s.state().turn.0);
    let moves: Vec<ToyAction> = {
        let mut legal = Vec::new();
        Toy::legal_actions(s.state(), seat, &mut legal);
        legal
            .into_iter()
            .filter(|a| matches!(a, ToyAction::Move { .. }))
            .collect()
    };
    let before = s.to_save();
    s.apply(seat, &moves[0]).unwrap();
    s.undo(seat).unwrap();
    assert_eq!(s.to_save(), before);
}

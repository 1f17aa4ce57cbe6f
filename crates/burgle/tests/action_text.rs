//! Actions in words: the line the terminal lists for each legal action, in English and French,
//! naming only what the acting seat knows.

use lockpick_burgle::Burgle;
use lockpick_burgle::actions::{Action, HeldCard, MoveBy};
use lockpick_burgle::cards::{TileKind, Tool};
use lockpick_burgle::testing::{Scenario, p};
use lockpick_engine::{Game, GameRng, Options, Seat, SeatCount, Session, ToAct, Viewer};

/// The line for `action` as seat `seat` of the scenario reads it.
fn line(s: &Scenario, seat: u8, action: &Action, lang: &str) -> String {
    let view = Burgle::view(&s.state, Viewer::Seat(Seat(seat)));
    Burgle::describe_action(&view, action, lang).expect("Burgle Bros. words every action")
}

fn moving(pos: &str) -> Action {
    let to = p(pos);
    Action::Move {
        floor: to.floor,
        cell: to.cell,
        by: MoveBy::Walk,
    }
}

#[test]
fn a_face_down_room_is_named_by_its_cell_alone_and_a_face_up_one_by_its_kind() {
    let mut s = Scenario::new("bank", &["hacker", "rigger"])
        .tile("1B1", TileKind::Keypad, 3)
        .enter("1A1");
    let to_b1 = moving("1B1");
    let peek = Action::Peek {
        floor: p("1B1").floor,
        cell: p("1B1").cell,
    };
    assert!(s.legal(0).contains(&peek) && s.legal(0).contains(&to_b1));
    // Face down: the keypad behind it is not the team's to know yet.
    assert_eq!(line(&s, 0, &peek, "en"), "Peek at B1 (floor 1)");
    assert_eq!(line(&s, 0, &to_b1, "en"), "Move to B1 (floor 1)");
    assert_eq!(line(&s, 0, &peek, "fr"), "Jeter un œil en B1 (étage 1)");
    s.act(0, peek).unwrap();
    assert_eq!(line(&s, 0, &to_b1, "en"), "Move to B1 (floor 1, Keypad)");
    assert_eq!(line(&s, 0, &to_b1, "fr"), "Aller en B1 (étage 1, Digicode)");
    // The safe's own sentence needs no kind.
    let add = Action::AddDie {
        floor: p("1A1").floor,
        cell: p("1A1").cell,
    };
    let s = Scenario::new("bank", &["hacker", "rigger"])
        .tile("1A1", TileKind::Safe, 0)
        .enter("1A1");
    assert!(s.legal(0).contains(&add));
    assert_eq!(
        line(&s, 0, &add, "en"),
        "Add a die to the safe at A1 (floor 1) (2 actions)"
    );
}

#[test]
fn a_card_changes_hands_between_teammates_named_by_their_characters() {
    let s = Scenario::new("bank", &["hacker", "rigger", "acrobat"]).enter("1A1");
    let s = s.place(1, "1A1").place(2, "1A1");
    let legal = s.legal(0);
    let dynamite = HeldCard::Tool(Tool::Dynamite);
    let take = Action::Take {
        card: dynamite,
        from: 1,
    };
    assert!(legal.contains(&take), "the Rigger starts with the Dynamite");
    assert_eq!(
        line(&s, 0, &take, "en"),
        "Take the Dynamite from the Rigger"
    );
    assert_eq!(line(&s, 0, &take, "fr"), "Prendre Dynamite au foreur");
    let give = |to| Action::Give { card: dynamite, to };
    let mut s = s;
    s.act(0, take).unwrap();
    assert!(s.legal(0).contains(&give(2)));
    assert_eq!(
        line(&s, 0, &give(2), "en"),
        "Give the Dynamite to the Acrobat"
    );
    assert_eq!(line(&s, 0, &give(2), "fr"), "Donner Dynamite à l'acrobate");
}

/// Plays random games of every job with walls and characters chosen at the table, and reads
/// every legal action offered on the way in both languages.
#[test]
fn every_action_offered_in_random_games_reads_as_a_sentence_in_both_languages() {
    let schema = Burgle::options_schema();
    let mut kinds = std::collections::BTreeSet::new();
    for job in ["office", "bank", "fort_knox"] {
        for seed in 0..12u64 {
            let given = [
                ("job", job),
                ("walls", "random"),
                ("characters", "choose_advanced"),
            ];
            let options = Options::resolve(&schema, given).unwrap();
            let mut s = Session::<Burgle>::new(options, SeatCount(3), seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            for _ in 0..3_000 {
                let ToAct::Seats { seats } = Burgle::to_act(s.state()) else {
                    break;
                };
                let seat = seats[0];
                let mut legal = Vec::new();
                Burgle::legal_actions(s.state(), seat, &mut legal);
                let view = Burgle::view(s.state(), Viewer::Seat(seat));
                for action in &legal {
                    let json = serde_json::to_value(action).unwrap();
                    kinds.insert(json["type"].as_str().unwrap().to_owned());
                    for lang in ["en", "fr"] {
                        let text = Burgle::describe_action(&view, action, lang).unwrap();
                        let first = text.chars().next().unwrap();
                        assert!(
                            first.is_uppercase()
                                && !text.contains(['{', '_'])
                                && !text.contains("  "),
                            "{job} seed {seed}: {json} reads {text:?} in {lang}"
                        );
                    }
                    let (en, fr) = (
                        Burgle::describe_action(&view, action, "en"),
                        Burgle::describe_action(&view, action, "fr"),
                    );
                    assert_ne!(en, fr, "{json}: the French line is the English one");
                }
                let a = legal[rng.index(legal.len())].clone();
                s.apply(seat, &a).unwrap();
            }
        }
    }
    // The sweep reached the draft, the layout, the turn and its answers.
    for kind in [
        "choose_character",
        "reroll_walls",
        "confirm_layout",
        "move_shaft",
        "choose_entry",
        "peek",
        "move",
        "end_turn",
        "pay",
        "use_tool",
        "give",
        "ability",
    ] {
        assert!(kinds.contains(kind), "no {kind} was offered: {kinds:?}");
    }
}

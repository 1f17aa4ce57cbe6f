//! Actions in words: the line the terminal lists for each legal action, in English and French,
//! naming only cards the acting seat sees.

use lockpick_engine::{Game, GameRng, Options, Seat, SeatCount, Session, ToAct, Viewer};
use lockpick_hacktivity::Hacktivity;
use lockpick_hacktivity::actions::Action;
use lockpick_hacktivity::ids::{Side, Zone};
use lockpick_hacktivity::testing::{Table, c};

fn line(t: &Table, seat: u8, action: &Action, lang: &str) -> String {
    let view = Hacktivity::view(&t.state, Viewer::Seat(Seat(seat)));
    Hacktivity::describe_action(&view, action, lang).expect("Hacktivity words every action")
}

#[test]
fn a_card_is_played_by_its_title_with_the_option_it_takes() {
    // Leech: 3 blocks, top (deactivation) = infection_up 1, bottom (self-destruct) = infection_up 2.
    let t = Table::new(2, &["cyberlink", "artemis"])
        .hand(0, &["a1-2"])
        .playing(0);
    let deactivate = Action::Play {
        card: c("a1-2"),
        side: Side::Top,
        zone: Some(Zone(4)),
    };
    let destroy = Action::Play {
        card: c("a1-2"),
        side: Side::Bottom,
        zone: None,
    };
    let legal = t.legal(0);
    assert!(legal.contains(&deactivate) && legal.contains(&destroy));
    assert_eq!(
        line(&t, 0, &deactivate, "en"),
        "Play Leech (a1-2): deactivation (infection_up 1), into zone 4"
    );
    assert_eq!(
        line(&t, 0, &destroy, "fr"),
        "Jouer Sangsue (a1-2) : autodestruction (infection_up 2)"
    );
}

#[test]
fn a_teammate_is_counted_from_one() {
    let t = Table::new(2, &["cyberlink", "artemis"]);
    let give = Action::Teammate { seat: Seat(1) };
    assert_eq!(line(&t, 0, &give, "en"), "Give it to seat 2");
    assert_eq!(line(&t, 0, &give, "fr"), "Le donner à la place 2");
}

/// The words type a draw as `choose_draw ANOMALY OWN`, so the sentence says the Anomaly count
/// first: a player reading "1 ... and 2 ..." types `choose_draw 1 2` and gets what was read.
#[test]
fn a_draw_says_its_counts_in_the_order_its_words_type_them() {
    let t = Table::new(2, &["cyberlink", "artemis"]);
    let draw = Action::ChooseDraw { own: 2, anomaly: 1 };
    assert_eq!(
        line(&t, 0, &draw, "en"),
        "Draw 1 from the Anomaly deck and 2 from your deck"
    );
    assert_eq!(
        line(&t, 0, &draw, "fr"),
        "Piocher 1 dans la pioche Anomalie et 2 dans votre pioche"
    );
}

/// Random games at every table size: every legal action reads as a sentence in both
/// languages, and a card it plays, discards or copies is named by its title, which the acting
/// seat sees.
#[test]
fn every_action_offered_in_random_games_reads_as_a_sentence_in_both_languages() {
    let schema = Hacktivity::options_schema();
    let mut kinds = std::collections::BTreeSet::new();
    for seats in 1..=4u8 {
        for seed in 0..15u64 {
            let options = Options::resolve(&schema, []).unwrap();
            let mut s = Session::<Hacktivity>::new(options, SeatCount(seats), seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            for _ in 0..5_000 {
                let ToAct::Seats { seats: to_act } = Hacktivity::to_act(s.state()) else {
                    break;
                };
                let seat = to_act[rng.index(to_act.len())];
                let mut legal = Vec::new();
                Hacktivity::legal_actions(s.state(), seat, &mut legal);
                let view = Hacktivity::view(s.state(), Viewer::Seat(seat));
                for action in &legal {
                    let json = serde_json::to_value(action).unwrap();
                    kinds.insert(json["type"].as_str().unwrap().to_owned());
                    let en = Hacktivity::describe_action(&view, action, "en").unwrap();
                    let fr = Hacktivity::describe_action(&view, action, "fr").unwrap();
                    for text in [&en, &fr] {
                        assert!(
                            text.starts_with(char::is_uppercase) && !text.contains('{'),
                            "{seats} seats, seed {seed}: {json} reads {text:?}"
                        );
                    }
                    assert_ne!(en, fr, "{json}: the French line is the English one");
                    let card = match action {
                        Action::Play { card, .. } | Action::Duplicate { card } => Some(card),
                        _ => None,
                    };
                    if let Some(card) = card {
                        assert!(
                            en.contains(&format!(" ({card})")),
                            "{json}: {en:?} does not name the card by its title"
                        );
                    }
                }
                let a = legal[rng.index(legal.len())].clone();
                s.apply(seat, &a).unwrap();
            }
        }
    }
    for kind in [
        "choose_draw",
        "show_icons",
        "ready",
        "play",
        "end_turn",
        "target",
        "discard",
        "teammate",
        "run_program",
        "duplicate",
    ] {
        assert!(kinds.contains(kind), "no {kind} was offered: {kinds:?}");
    }
}

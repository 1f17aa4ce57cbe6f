//! `lockpick show` draws each floor as a grid: walls, rooms (face down or kind and digit),
//! the guard and his destination, alarms, tokens and characters; then hands, stealth and decks.

use lockpick_burgle::cards::{TileKind as K, Tool};
use lockpick_burgle::testing::{Scenario, p};
use lockpick_burgle::{Burgle, actions::Action};
use lockpick_engine::{Game, Viewer};

/// An office with a safe, a laser computer with hack tokens, stairs, a wall, an alarm, the
/// guard and a tool in hand.
fn office() -> Scenario {
    let mut s = Scenario::new("office", &["hacker", "hawk"])
        .tile("1B1", K::Safe, 0)
        .tile("1A2", K::LaserComputer, 5)
        .tile("1A1", K::Stairs, 4)
        .wall("1A1|B1")
        .guard("1D4", "1C4")
        .enter("1A1");
    s.act(
        0,
        Action::Peek {
            floor: p("1A2").floor,
            cell: p("1A2").cell,
        },
    )
    .unwrap();
    s.state.tile_mut(p("1A2")).hack = 2;
    s.state.tile_mut(p("1C3")).alarm = true;
    s.state.chars[0].tools.push(Tool::Virus);
    s
}

#[test]
fn the_text_board_shows_rooms_tokens_guards_and_hands() {
    let s = office();
    let text = Burgle::render_text(&Burgle::view(&s.state, Viewer::Spectator), "en");
    insta::assert_snapshot!(text);
}

#[test]
fn the_text_board_speaks_french_when_asked() {
    let s = office();
    let view = Burgle::view(&s.state, Viewer::Spectator);
    let (en, fr) = (
        Burgle::render_text(&view, "en"),
        Burgle::render_text(&view, "fr"),
    );
    let grid = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.contains('|') || l.contains('+'))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(grid(&en), grid(&fr), "the rooms are drawn alike");
    insta::assert_snapshot!(fr);
}

#[test]
fn the_text_board_says_what_a_pending_choice_asks() {
    let mut s = Scenario::new("bank", &["peterman"])
        .tile("1B1", K::Deadbolt, 1)
        .revealed("1B1")
        .enter("1A1");
    s.walk("1B1");
    let view = Burgle::view(&s.state, Viewer::Seat(lockpick_engine::Seat(0)));
    let text = Burgle::render_text(&view, "en");
    assert!(
        text.contains("Waiting for a choice: how to get into 1B1 (pay: two_actions, stay_out)\n"),
        "{text}"
    );
    let text = Burgle::render_text(&view, "fr");
    assert!(
        text.contains(
            "En attente d'un choix : comment entrer en 1B1 (pay : two_actions, stay_out)\n"
        ),
        "{text}"
    );
}

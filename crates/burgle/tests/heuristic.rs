//! The heuristic player as the rules see it: it leaves the guard's way before the turn ends and
//! works a safe whose combination shows.

use lockpick_burgle::Burgle;
use lockpick_burgle::actions::{Action, Event};
use lockpick_burgle::cards::TileKind;
use lockpick_burgle::ids::Cell;
use lockpick_burgle::state::Stage;
use lockpick_burgle::testing::{Scenario, p};
use lockpick_engine::{GameRng, Heuristic, Seat};

/// Plays the heuristic for the current character until its turn ends; returns every event.
fn play_turn(s: &mut Scenario, seed: u64) -> Vec<Event> {
    let mut rng = GameRng::from_seed(seed);
    let who = s.state.current;
    let turn = s.state.turn_number;
    let mut all = Vec::new();
    while s.state.turn_number == turn && s.state.outcome.is_none() {
        let seat = lockpick_burgle::turn::acting_seat(&s.state);
        let legal = s.legal(seat.0);
        let k = Burgle::heuristic(&s.state, seat, &legal, &mut rng);
        all.extend(
            s.act(seat.0, legal[k].clone())
                .expect("legal")
                .iter()
                .cloned(),
        );
        assert!(all.len() < 10_000, "the turn of {who} ends");
    }
    all
}

#[test]
fn the_heuristic_steps_out_of_the_guards_path_before_the_guard_moves() {
    for seed in 0..4 {
        // The guard comes straight along row 1 to the entry: staying there costs a token.
        let mut s = Scenario::new("bank", &["peterman"])
            .guard("1C1", "1A1")
            .die(1, 3)
            .enter("1A1");
        for cell in ["1B1", "1A2", "1B2", "1A3"] {
            s = s.revealed(cell);
        }
        let events = play_turn(&mut s, seed);
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::StealthLost { .. } | Event::Captured { .. })),
            "seed {seed}: {events:?}"
        );
        assert_eq!(s.state.chars[0].stealth, 3);
    }
}

#[test]
fn the_heuristic_adds_dice_to_a_safe_whose_combination_shows() {
    let mut s = Scenario::new("bank", &["peterman_advanced"])
        .tile("1B2", TileKind::Safe, 0)
        .revealed("1B2")
        .guard("1D4", "1C4")
        .enter("1A1")
        .place(0, "1B2");
    s.state.floors[0].safe = Cell::parse("B2").expect("cell");
    for cell in ["1A2", "1C2", "1D2", "1B1", "1B3", "1B4"] {
        s = s.revealed(cell);
    }
    assert_eq!(s.state.stage, Stage::Actions);
    let legal = s.legal(0);
    let mut rng = GameRng::from_seed(1);
    let k = Burgle::heuristic(&s.state, Seat(0), &legal, &mut rng);
    let safe = p("1B2");
    assert_eq!(
        legal[k],
        Action::AddDie {
            floor: safe.floor,
            cell: safe.cell
        }
    );
}

//! The endgame of Burgle Bros. games, replayed many times, so that a change to how the bots
//! leave the building is measured on hundreds of endgames rather than on the few dozen that a
//! few hundred whole games reach.
//!
//! - `endgame snap [games] [first game]` plays the heuristic on the games of `winrate` until
//!   every safe is open and no loot lies about, and writes each such position (the start of a
//!   turn) as one JSON line: `{"game": N, "state": ...}`.
//! - `endgame snap-loot [games] [first game]` does the same for the positions where every safe
//!   is open and loot still lies in a room (the second Gold Bar left on its safe): someone must
//!   fetch it before the team may leave.
//! - `endgame play FILE [repeats] [game]` plays each position to its end `repeats` times (10
//!   when left out) with the heuristic, one line per ending; each repeat deals the decks and the
//!   face-down rooms anew from what the team knows, and seeds the bot and the dice by the game
//!   and the repeat, so that two builds play the same endings. With a game number, only that
//!   game, with the board and every action printed.

mod common;

use lockpick_ai::BotKind;
use lockpick_burgle::Burgle;
use lockpick_burgle::actions::HeldCard;
use lockpick_burgle::state::State;
use lockpick_engine::{Game, GameRng, ToAct};

/// Every safe open, and loot lying in a room exactly when `lying`: all that is left is the way
/// to the roof, with or without loot to fetch on it.
fn endgame(state: &State, lying: bool) -> bool {
    state.outcome.is_none()
        && lockpick_burgle::safe::all_cracked(state)
        && state
            .loose
            .iter()
            .any(|(_, c)| matches!(c, HeldCard::Loot(_)))
            == lying
}

fn snap(args: &[String], lying: bool) {
    let games: u32 = common::number(args, 2, 100);
    let first: u32 = common::number(args, 3, 0);
    let run = common::Games::new("heuristic", 1000, first..first + games);
    for i in run.range.clone() {
        let (mut state, mut player) = run.start(i);
        let mut events = Vec::new();
        while let ToAct::Seats { seats } = Burgle::to_act(&state) {
            if state.decision.is_none() && state.turn.used == 0 && endgame(&state, lying) {
                println!("{}", serde_json::json!({ "game": i, "state": state }));
                break;
            }
            let action = player.choose(&state, seats[0]).expect("an action");
            events.clear();
            Burgle::apply(&mut state, seats[0], &action, &mut events).expect("legal");
        }
    }
}

fn play(args: &[String]) {
    let file = args.get(2).expect("a file of positions (endgame snap)");
    let repeats: u64 = common::number(args, 3, 10);
    let only: Option<u64> = args.get(4).map(|_| common::number(args, 4, 0));
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let kind = BotKind::parse("heuristic", 1000).expect("the heuristic");
    for (n, line) in text.lines().enumerate() {
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{file}:{}: {e}", n + 1));
        let game = v["game"].as_u64().expect("a game number");
        if only.is_some_and(|g| g != game) {
            continue;
        }
        let start: State = serde_json::from_value(v["state"].clone())
            .unwrap_or_else(|e| panic!("{file}:{}: {e}", n + 1));
        for r in 0..repeats {
            let mut rng = GameRng::from_seed(game * 1000 + r);
            let mut state = lockpick_burgle::determinize::determinize(&start, &mut rng);
            state.rng = rng.fork();
            let mut player = kind.make::<Burgle>(game * 7919 + r);
            let mut events = Vec::new();
            let turns = state.turn_number;
            let outcome = loop {
                let seat = match Burgle::to_act(&state) {
                    ToAct::Over { outcome } => break outcome,
                    ToAct::Seats { seats } => seats[0],
                };
                if only.is_some() && state.turn.used == 0 && state.decision.is_none() {
                    common::print_board(&state);
                }
                let action = player.choose(&state, seat).expect("an action");
                events.clear();
                Burgle::apply(&mut state, seat, &action, &mut events).expect("legal");
                if only.is_some() {
                    common::print_action(&action, &events);
                }
            };
            println!(
                "game {game} rep {r}: {:?} after {} turns",
                outcome.verdict,
                state.turn_number - turns
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("snap") => snap(&args, false),
        Some("snap-loot") => snap(&args, true),
        Some("play") => play(&args),
        _ => eprintln!(
            "usage: endgame snap|snap-loot [games] [first game] | endgame play FILE [repeats] [game]"
        ),
    }
}

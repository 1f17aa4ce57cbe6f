//! The heuristic's score terms at the start of every turn of Burgle Bros. games played by a bot,
//! with how each game ended (one CSV row per turn start), for `scripts/fit-score.py` to fit the
//! terms' weights to the games' outcomes.
//! `cargo run --release -p lockpick-ai --example features -- [bot] [games] [iterations]
//! [first seed] > features.csv`; the seeds are those of `lockpick sim --seed 1` (and of
//! `winrate`).

mod common;

use lockpick_burgle::Burgle;
use lockpick_burgle::heuristic::score::{FEATURE_NAMES, features};
use lockpick_engine::{Game, ToAct, Verdict};

fn main() {
    let games = common::Games::from_args(100);
    println!("game,won,turns,{}", FEATURE_NAMES.join(","));
    for i in games.range.clone() {
        let (mut state, mut player) = games.start(i);
        let mut events = Vec::new();
        let mut rows = Vec::new();
        let mut last_turn = u32::MAX;
        let outcome = loop {
            match Burgle::to_act(&state) {
                ToAct::Over { outcome } => break outcome,
                ToAct::Seats { seats } => {
                    if state.turn_number != last_turn && state.turn.used == 0 {
                        last_turn = state.turn_number;
                        rows.push(features(&state));
                    }
                    let a = player.choose(&state, seats[0]).expect("an action");
                    events.clear();
                    Burgle::apply(&mut state, seats[0], &a, &mut events).expect("legal");
                }
            }
        };
        let won = u8::from(outcome.verdict == Verdict::Won);
        for x in &rows {
            let x: Vec<String> = x.iter().map(ToString::to_string).collect();
            println!("{i},{won},{},{}", state.turn_number, x.join(","));
        }
    }
}

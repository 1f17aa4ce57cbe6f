//! The heuristic's score terms at the start of every turn of Burgle Bros. games played by a bot,
//! with how each game ended (one CSV row per turn start), for `scripts/fit-score.py` to fit the
//! terms' weights to the games' outcomes.
//! `cargo run --release -p lockpick-ai --example features -- [bot] [games] [iterations]
//! [first seed] > features.csv`; the seeds are those of `lockpick sim --seed 1` (and of
//! `winrate`).

use lockpick_ai::BotKind;
use lockpick_ai::sim::game_seed;
use lockpick_burgle::Burgle;
use lockpick_burgle::heuristic::score::{FEATURE_NAMES, features};
use lockpick_engine::{Game, Options, SeatCount, ToAct, Verdict};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bot = args.get(1).map_or("heuristic", String::as_str);
    let games: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let iterations: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let first: u32 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
    let options = Options::resolve(&Burgle::options_schema(), []).expect("options");
    let kind = BotKind::parse(bot, iterations).expect("bot");
    println!("game,won,turns,{}", FEATURE_NAMES.join(","));
    for i in first..first + games {
        let seed = game_seed(1, 0, i);
        let mut state = Burgle::setup(&options, SeatCount(2), seed).expect("setup");
        let mut player = kind.make::<Burgle>(seed ^ 0x5EED);
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

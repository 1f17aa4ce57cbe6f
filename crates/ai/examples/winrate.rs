//! Quick win rate of a bot on Burgle Bros. (default options: Bank Job, normal, 2 random basic
//! characters, default walls), one thread: `cargo run --release -p lockpick-ai --example
//! winrate -- [bot] [games] [iterations] [first seed]`.

use lockpick_ai::BotKind;
use lockpick_ai::sim::{game_seed, play_one};
use lockpick_burgle::Burgle;
use lockpick_engine::{Game, Options, SeatCount};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bot = args.get(1).map_or("heuristic", String::as_str);
    let games: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let iterations: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let first: u32 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
    let options = Options::resolve(&Burgle::options_schema(), []).expect("options");
    let kind = BotKind::parse(bot, iterations).expect("bot");
    let (mut wins, mut turns) = (0, 0);
    let mut reasons = std::collections::BTreeMap::new();
    for i in first..first + games {
        let seed = game_seed(1, 0, i);
        let r = play_one::<Burgle>(&options, SeatCount(2), seed, kind).expect("game");
        if std::env::var_os("CRACKED").is_some() {
            // Replay to see how far the team got.
            let mut state = Burgle::setup(&options, SeatCount(2), seed).expect("setup");
            let mut bot = kind.make::<Burgle>(seed ^ 0x5EED);
            let mut ev = Vec::new();
            while let lockpick_engine::ToAct::Seats { seats } = Burgle::to_act(&state) {
                let a = bot.choose(&state, seats[0]).expect("action");
                Burgle::apply(&mut state, seats[0], &a, &mut ev).expect("legal");
            }
            let cracked: Vec<bool> = state
                .floors
                .iter()
                .map(|f| f.tiles[f.safe.index(state.width)].cracked)
                .collect();
            let floors: Vec<String> = state
                .chars
                .iter()
                .map(|c| format!("{:?}", c.place))
                .collect();
            println!("   cracked {cracked:?} chars {floors:?}");
        }
        wins += u32::from(r.won);
        turns += r.turns;
        *reasons.entry(r.reason.clone()).or_insert(0) += 1;
        println!("game {i}: {} {} turns", r.reason, r.turns);
    }
    println!(
        "{bot}: {wins}/{games} won, {:.1} turns, {reasons:?}",
        f64::from(turns) / f64::from(games)
    );
}

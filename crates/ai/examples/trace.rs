//! Plays one Burgle Bros. game with a bot and prints every action and the board at each turn:
//! `cargo run --release -p lockpick-ai --example trace -- [bot] [seed] [job]`. A seed written
//! `gN` replays game N of `winrate` (the seeds of `lockpick sim --seed 1`).

mod common;

use lockpick_ai::{Bot, BotKind};
use lockpick_burgle::Burgle;
use lockpick_engine::{Game, Options, SeatCount, ToAct};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bot = args.get(1).map_or("heuristic", String::as_str);
    let arg = args.get(2).map_or("1", String::as_str);
    let (seed, bot_seed) = match arg.strip_prefix('g').and_then(|g| g.parse().ok()) {
        Some(game) => {
            let seed = lockpick_ai::sim::game_seed(1, 0, game);
            (seed, seed ^ 0x5EED)
        }
        None => {
            let seed = arg.parse().unwrap_or(1);
            (seed, seed)
        }
    };
    let job = args.get(3).map_or("bank", String::as_str);
    let options = Options::resolve(&Burgle::options_schema(), [("job", job)]).expect("options");
    let mut state = Burgle::setup(&options, SeatCount(2), seed).expect("setup");
    let mut player: Box<dyn Bot<Burgle>> = BotKind::parse(bot, 1000)
        .expect("bot")
        .make::<Burgle>(bot_seed);
    let mut events = Vec::new();
    let mut last_turn = 0;
    loop {
        let seat = match Burgle::to_act(&state) {
            ToAct::Over { outcome } => {
                common::print_board(&state);
                println!("OVER: {outcome:?}");
                return;
            }
            ToAct::Seats { seats } => seats[0],
        };
        if state.turn_number != last_turn {
            last_turn = state.turn_number;
            common::print_board(&state);
        }
        let action = player.choose(&state, seat).expect("an action");
        events.clear();
        Burgle::apply(&mut state, seat, &action, &mut events).expect("legal");
        common::print_action(&action, &events);
    }
}

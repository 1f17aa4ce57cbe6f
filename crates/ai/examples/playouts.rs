//! A fixed amount of work for profilers (`valgrind --tool=callgrind`): random playouts of
//! Burgle Bros. (default options) and one ISMCTS search.
//! `cargo run --release -p lockpick-ai --example playouts -- [games] [iterations]`.

use lockpick_ai::{Ismcts, IsmctsConfig};
use lockpick_burgle::Burgle;
use lockpick_engine::{Game, GameRng, Options, SeatCount, ToAct};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let iterations: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let options = Options::resolve(&Burgle::options_schema(), []).expect("options");
    let mut rng = GameRng::from_seed(1);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut moves = 0u64;
    let mut mid = None;
    for seed in 0..games {
        let mut state = Burgle::setup(&options, SeatCount(2), seed).expect("setup");
        while let ToAct::Seats { seats } = Burgle::to_act(&state) {
            Burgle::legal_actions(&state, seats[0], &mut legal);
            let Some(action) = rng.pick(&legal) else {
                break;
            };
            events.clear();
            Burgle::apply_listed(&mut state, seats[0], action, &mut events).expect("listed");
            moves += 1;
            if moves == 20 {
                mid = Some(state.clone());
            }
        }
    }
    println!("{moves} moves in {games} games");
    if iterations > 0 {
        let mid = mid.expect("a position");
        let seat = match Burgle::to_act(&mid) {
            ToAct::Seats { seats } => seats[0],
            ToAct::Over { .. } => lockpick_engine::Seat(0),
        };
        let config = IsmctsConfig {
            iterations,
            ..IsmctsConfig::default()
        };
        let visits = Ismcts::<Burgle>::new(config, 7).search(&mid, seat);
        println!("{} root actions", visits.len());
    }
}

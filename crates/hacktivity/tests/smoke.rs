//! Random playouts at every table size end, and their outcomes are counted.

use lockpick_engine::{Game, GameRng, Options, SeatCount, Session, ToAct};
use lockpick_hacktivity::Hacktivity;

#[test]
fn random_playouts_end() {
    let schema = Hacktivity::options_schema();
    let mut results = std::collections::BTreeMap::new();
    for n in 1..=4u8 {
        for seed in 0..100u64 {
            let opts = Options::resolve(&schema, []).unwrap();
            let mut s = Session::<Hacktivity>::new(opts, SeatCount(n), seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut steps = 0;
            loop {
                match Hacktivity::to_act(s.state()) {
                    ToAct::Over { outcome } => {
                        *results.entry((n, outcome.reason.clone())).or_insert(0) += 1;
                        break;
                    }
                    ToAct::Seats { seats } => {
                        let seat = seats[rng.index(seats.len())];
                        let mut out = Vec::new();
                        Hacktivity::legal_actions(s.state(), seat, &mut out);
                        assert!(
                            !out.is_empty(),
                            "no legal action at step {steps} seed {seed}"
                        );
                        let a = out[rng.index(out.len())].clone();
                        s.apply(seat, &a).unwrap();
                    }
                }
                steps += 1;
                assert!(steps < 5000, "seed {seed} never ends");
            }
        }
    }
    eprintln!("{results:?}");
}

/// The oracle's heuristic (the greedy step on the true state, every hand and deck order known)
/// plays every seat's turns with legal actions to the end of the game, at every table size.
#[test]
fn the_oracle_s_greedy_step_plays_legal_actions_to_the_end() {
    use lockpick_engine::Heuristic;
    let schema = Hacktivity::options_schema();
    for n in 1..=4u8 {
        for seed in 0..3u64 {
            let opts = Options::resolve(&schema, []).unwrap();
            let mut s = Session::<Hacktivity>::new(opts, SeatCount(n), seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut steps = 0;
            while let ToAct::Seats { seats } = Hacktivity::to_act(s.state()) {
                let seat = seats[0];
                let mut legal = Vec::new();
                Hacktivity::legal_actions(s.state(), seat, &mut legal);
                let k = Hacktivity::oracle_heuristic(s.state(), seat, &legal, &mut rng);
                s.apply(seat, &legal[k]).unwrap();
                steps += 1;
                assert!(steps < 5000, "{n} seats, seed {seed}: the game never ends");
            }
        }
    }
}

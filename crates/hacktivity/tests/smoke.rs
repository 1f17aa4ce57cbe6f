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

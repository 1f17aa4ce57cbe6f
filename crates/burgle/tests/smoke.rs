use lockpick_burgle::Burgle;
use lockpick_engine::{Game, GameRng, Options, SeatCount, Session, ToAct};

#[test]
fn random_playouts_end() {
    let schema = Burgle::options_schema();
    let mut results = std::collections::BTreeMap::new();
    for job in ["office", "bank", "fort_knox"] {
        for seed in 0..200u64 {
            let opts = Options::resolve(&schema, [("job", job)]).unwrap();
            let mut s = Session::<Burgle>::new(opts, SeatCount(2), seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut steps = 0;
            loop {
                match Burgle::to_act(s.state()) {
                    ToAct::Over { outcome } => {
                        *results.entry((job, outcome.reason.clone())).or_insert(0) += 1;
                        break;
                    }
                    ToAct::Seats { seats } => {
                        let mut out = Vec::new();
                        Burgle::legal_actions(s.state(), seats[0], &mut out);
                        assert!(
                            !out.is_empty(),
                            "no legal action at step {steps} seed {seed}"
                        );
                        let a = out[rng.index(out.len())].clone();
                        s.apply(seats[0], &a).unwrap();
                    }
                }
                steps += 1;
                assert!(steps < 20000, "seed {seed} job {job} never ends");
            }
        }
    }
    eprintln!("{results:?}");
}

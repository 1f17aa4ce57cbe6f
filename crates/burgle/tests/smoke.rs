use lockpick_burgle::Burgle;
use lockpick_engine::{Game, GameRng, Options, SavedGame, SeatCount, Session, ToAct};

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

/// A game saved by an earlier build (2026-11-25, before a floor's rooms and patrol cards were
/// held inline in the state): 60 random actions of the Bank Job (peeks, moves, a tool, alarms
/// paid for) that end in a capture. Its log still replays to the state hash the file recorded,
/// so games saved to files or to a server's database outlive changes to how the state is held.
#[test]
fn a_game_saved_by_an_earlier_build_replays_to_its_recorded_hash() {
    let save = SavedGame::from_json(include_str!("saves/bank-2-seats-seed-3.json")).unwrap();
    assert_eq!(save.log.len(), 60);
    let session = Session::<Burgle>::from_save(&save).expect("the recorded hash is reproduced");
    assert_eq!(session.hash(), save.hash);
    match Burgle::to_act(session.state()) {
        ToAct::Over { outcome } => assert_eq!(outcome.reason, "captured"),
        ToAct::Seats { .. } => panic!("the saved game ended"),
    }
}

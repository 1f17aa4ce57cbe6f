//! The engine's conformance kit on Hacktivity: every check at every step on a few seeds of
//! every table (1 to 4 seats and the option families), then a soak of many seeds per player
//! count (expensive checks every 32 steps). `LOCKPICK_KIT_SEEDS` sets the soak's seeds per
//! player count.

use lockpick_engine::SeatCount;
use lockpick_engine::testkit::{self, KitConfig, default_options};
use lockpick_hacktivity::Hacktivity;

fn soak_seeds() -> u64 {
    std::env::var("LOCKPICK_KIT_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100)
}

#[test]
fn hacktivity_keeps_the_engine_contract_on_every_table() {
    let report =
        testkit::check::<Hacktivity>(&KitConfig::thorough(0..6)).unwrap_or_else(|f| panic!("{f}"));
    eprintln!("{report}");
}

fn soak(players: u8) {
    let config = KitConfig::soak(0..soak_seeds());
    let report = testkit::check_table::<Hacktivity>(
        &default_options::<Hacktivity>(),
        SeatCount(players),
        &config,
    )
    .unwrap_or_else(|f| panic!("{f}"));
    eprintln!("{players} player(s): {report}");
}

#[test]
fn soak_solo() {
    soak(1);
}

#[test]
fn soak_two_players() {
    soak(2);
}

#[test]
fn soak_three_players() {
    soak(3);
}

#[test]
fn soak_four_players() {
    soak(4);
}

/// Random playouts rarely live to the last waves; greedy ones do. Along greedy games to their
/// end, every state keeps the hidden-information contract: no view or redacted event names a
/// hidden card, each seat's determinized states look the same to it and offer it the same
/// actions, and the state survives its JSON form.
#[test]
fn greedy_games_keep_hidden_information_to_the_end() {
    use lockpick_engine::testkit::Probe;
    use lockpick_engine::{Game, GameRng, Options, Seat, ToAct, Viewer};
    use lockpick_hacktivity::greedy;

    let mut finished = 0;
    let mut last_waves = 0;
    for players in 1..=4u8 {
        for seed in 0..8u64 {
            let options = Options::resolve(&Hacktivity::options_schema(), []).unwrap();
            let mut state = Hacktivity::setup(&options, SeatCount(players), seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let viewers: Vec<Viewer> = (0..players)
                .map(|s| Viewer::Seat(Seat(s)))
                .chain([Viewer::Spectator])
                .collect();
            let mut saw_last_wave = false;
            loop {
                for &v in &viewers {
                    let json = serde_json::to_value(Hacktivity::view(&state, v)).unwrap();
                    Hacktivity::leak(&state, v, &json)
                        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                }
                let text = serde_json::to_string(&state).unwrap();
                let back: lockpick_hacktivity::State = serde_json::from_str(&text).unwrap();
                assert_eq!(serde_json::to_string(&back).unwrap(), text);
                let seats = match Hacktivity::to_act(&state) {
                    ToAct::Over { .. } => break,
                    ToAct::Seats { seats } => seats,
                };
                if state.phase == lockpick_hacktivity::state::Phase::Draw
                    && !lockpick_hacktivity::draw::full_wave(&state)
                {
                    saw_last_wave = true;
                }
                for s in 0..players {
                    let seat = Seat(s);
                    let det = Hacktivity::determinize(&state, seat, &mut rng);
                    assert_eq!(
                        Hacktivity::view(&det, Viewer::Seat(seat)),
                        Hacktivity::view(&state, Viewer::Seat(seat))
                    );
                    let (mut a, mut b) = (Vec::new(), Vec::new());
                    Hacktivity::legal_actions(&state, seat, &mut a);
                    Hacktivity::legal_actions(&det, seat, &mut b);
                    assert_eq!(a, b, "seed {seed}");
                }
                let seat = seats[rng.index(seats.len())];
                let action = greedy::choose(&state, seat, &mut rng).unwrap();
                let mut events = Vec::new();
                Hacktivity::apply(&mut state, seat, &action, &mut events).unwrap();
                for e in &events {
                    for &v in &viewers {
                        if let Some(seen) = Hacktivity::redact(&state, e, v) {
                            let json = serde_json::to_value(seen).unwrap();
                            Hacktivity::leak(&state, v, &json)
                                .unwrap_or_else(|err| panic!("seed {seed}: {err}"));
                        }
                    }
                }
            }
            finished += 1;
            last_waves += usize::from(saw_last_wave);
        }
    }
    assert_eq!(finished, 32);
    assert!(last_waves > 0, "some games reach a last wave");
    eprintln!("{last_waves} of {finished} greedy games reached a last wave");
}

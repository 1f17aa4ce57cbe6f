//! The engine's hot paths on Burgle Bros. (Bank Job, 2 seats, a position 20 random actions in):
//! listing legal actions, applying one, determinizing, the guard's move, one ISMCTS search.
//! `cargo bench -p lockpick-ai`.

use criterion::{Criterion, criterion_group, criterion_main};
use lockpick_ai::{Ismcts, IsmctsConfig};
use lockpick_burgle::Burgle;
use lockpick_burgle::actions::Action;
use lockpick_engine::{Game, GameRng, Options, Seat, SeatCount, ToAct};

fn position() -> lockpick_burgle::State {
    let options = Options::resolve(&Burgle::options_schema(), []).expect("options");
    let mut state = Burgle::setup(&options, SeatCount(2), 5).expect("setup");
    let mut rng = GameRng::from_seed(5);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    for _ in 0..20 {
        let ToAct::Seats { seats } = Burgle::to_act(&state) else {
            break;
        };
        Burgle::legal_actions(&state, seats[0], &mut legal);
        let action = rng.pick(&legal).expect("an action").clone();
        Burgle::apply(&mut state, seats[0], &action, &mut events).expect("legal");
    }
    state
}

fn seat(state: &lockpick_burgle::State) -> Seat {
    match Burgle::to_act(state) {
        ToAct::Seats { seats } => seats[0],
        ToAct::Over { .. } => Seat(0),
    }
}

fn hot_paths(c: &mut Criterion) {
    let state = position();
    let seat = seat(&state);
    let mut legal = Vec::new();
    c.bench_function("burgle legal_actions", |b| {
        b.iter(|| {
            Burgle::legal_actions(std::hint::black_box(&state), seat, &mut legal);
            legal.len()
        });
    });
    Burgle::legal_actions(&state, seat, &mut legal);
    let first = legal[0].clone();
    let mut events = Vec::new();
    c.bench_function("burgle apply (clone + apply)", |b| {
        b.iter(|| {
            let mut s = state.clone();
            events.clear();
            Burgle::apply(&mut s, seat, &first, &mut events).is_ok()
        });
    });
    let mut rng = GameRng::from_seed(9);
    c.bench_function("burgle determinize", |b| {
        b.iter(|| Burgle::determinize(std::hint::black_box(&state), seat, &mut rng));
    });
    c.bench_function("burgle end of turn (guard move)", |b| {
        b.iter(|| {
            let mut s = state.clone();
            events.clear();
            if s.decision.is_none() && s.stage == lockpick_burgle::state::Stage::Actions {
                let _ = Burgle::apply(&mut s, seat, &Action::EndTurn {}, &mut events);
            }
            events.len()
        });
    });
    let mut group = c.benchmark_group("ismcts");
    group.sample_size(10);
    group.bench_function("burgle ismcts 1000 iterations", |b| {
        let mut bot = Ismcts::<Burgle>::new(IsmctsConfig::default(), 1);
        b.iter(|| bot.search(&state, seat).len());
    });
    group.finish();
}

criterion_group!(benches, hot_paths);
criterion_main!(benches);

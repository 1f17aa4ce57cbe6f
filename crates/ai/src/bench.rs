//! Speed: random-playout moves and games per second, ISMCTS iterations per second, and the size
//! of a state and of a saved game. Measured on one core.

use std::time::{Duration, Instant};

use lockpick_engine::{GameRng, Heuristic, Options, SeatCount, Session, SetupError, ToAct};
use serde::Serialize;

use crate::{Ismcts, IsmctsConfig};

/// One game's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BenchReport {
    /// The game.
    pub game: &'static str,
    /// Random-playout actions applied per second (legal-action listing included).
    pub moves_per_sec: f64,
    /// Random playouts played to the end per second.
    pub games_per_sec: f64,
    /// ISMCTS iterations per second (default configuration, one tree).
    pub ismcts_iterations_per_sec: f64,
    /// Time to choose one move at the default budget, in milliseconds.
    pub ismcts_move_ms: f64,
    /// A mid-game state serialized as JSON, in bytes.
    pub state_json_bytes: usize,
    /// A finished random game saved as JSON, in bytes.
    pub save_json_bytes: usize,
}

/// Measures `G` on `options` and `seats`, spending about `budget` on each measure.
///
/// # Errors
/// Options the game cannot set up.
pub fn bench<G: Heuristic>(
    options: &Options,
    seats: SeatCount,
    budget: Duration,
) -> Result<BenchReport, SetupError> {
    let mut rng = GameRng::from_seed(1);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let (mut moves, mut games) = (0u64, 0u64);
    let start = Instant::now();
    let mut seed = 0;
    let mut mid = None;
    while start.elapsed() < budget {
        let mut state = G::setup(options, seats, seed)?;
        seed += 1;
        let mut n = 0;
        while let ToAct::Seats { seats } = G::to_act(&state) {
            let seat = seats[0];
            G::legal_actions(&state, seat, &mut legal);
            let Some(action) = rng.pick(&legal) else {
                break;
            };
            events.clear();
            if G::apply_listed(&mut state, seat, action, &mut events).is_err() {
                break;
            }
            n += 1;
            if n == 20 && mid.is_none() {
                mid = Some(state.clone());
            }
        }
        moves += n;
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let mid = mid.unwrap_or(G::setup(options, seats, 0)?);
    let seat = match G::to_act(&mid) {
        ToAct::Seats { seats } => seats[0],
        ToAct::Over { .. } => lockpick_engine::Seat(0),
    };
    let config = IsmctsConfig::default();
    let mut bot = Ismcts::<G>::new(config, 7);
    let t = Instant::now();
    let mut searches = 0u32;
    while t.elapsed() < budget || searches == 0 {
        bot.search(&mid, seat);
        searches += 1;
    }
    let per_search = t.elapsed().as_secs_f64() / f64::from(searches);
    // A whole move: the search and whatever the bot adds to it (the game's heuristic, when the
    // search trusts it).
    let t = Instant::now();
    let mut moves_chosen = 0u32;
    while t.elapsed() < budget || moves_chosen == 0 {
        crate::Bot::<G>::choose(&mut bot, &mid, seat);
        moves_chosen += 1;
    }
    let per_move = t.elapsed().as_secs_f64() / f64::from(moves_chosen);
    // The saved game is the same random game whatever the machine: its own seed, not the
    // playouts' generator, which has run as far as the time budget let it.
    let mut session = Session::<G>::new(options.clone(), seats, 3)?;
    let mut save_rng = GameRng::from_seed(3);
    while let ToAct::Seats { seats } = G::to_act(session.state()) {
        G::legal_actions(session.state(), seats[0], &mut legal);
        let Some(action) = save_rng.pick(&legal).cloned() else {
            break;
        };
        if session.apply(seats[0], &action).is_err() {
            break;
        }
    }
    Ok(BenchReport {
        game: G::ID,
        moves_per_sec: moves as f64 / secs,
        games_per_sec: games as f64 / secs,
        ismcts_iterations_per_sec: f64::from(config.iterations) / per_search,
        ismcts_move_ms: per_move * 1000.0,
        state_json_bytes: serde_json::to_vec(&mid).map_or(0, |v| v.len()),
        save_json_bytes: session.to_save().to_json().len(),
    })
}

/// A benchmark of a game known only by id.
pub type BenchFn = fn(&Options, SeatCount, Duration) -> Result<BenchReport, SetupError>;

/// The typed benchmark of `G`, for the registry.
#[must_use]
pub fn bench_fn<G: Heuristic>() -> BenchFn {
    bench::<G>
}

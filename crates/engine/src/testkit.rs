//! The conformance kit: random playouts that check a [`Game`] keeps the engine's contract.
//!
//! Every game crate implements [`Probe`] and runs the kit from its tests; here on the toy game:
//!
//! ```
//! use lockpick_engine::testkit::{self, KitConfig, toy::Toy};
//!
//! let config = KitConfig { seeds: 0..20, ..KitConfig::default() };
//! let report = testkit::check::<Toy>(&config).unwrap_or_else(|failure| panic!("{failure}"));
//! assert_eq!(report.won + report.lost, report.playouts);
//! ```
//!
//! For each table of [`Probe::configs`] and each seed, the kit plays one game to the end, a
//! generator seeded from the seed choosing the seat (among those to act) and a uniformly random
//! legal action. It checks that:
//!
//! - setup is deterministic; `to_act` lists seats at the table, each once; every seat it lists
//!   has a legal action; the playout ends within [`KitConfig::max_steps`];
//! - every legal action applies (on a copy); legal lists hold no duplicates; actions and events
//!   are `{"type": ...}` JSON objects and actions parse back from their JSON;
//! - actions outside a seat's legal list (seen legal earlier in the playout, or a legal action
//!   with one JSON field changed) are refused, with the state and events untouched; a seat that
//!   may not act gets `NotYourTurn` from the session, and `apply` accepts from it only what
//!   `legal_actions` lists for it;
//! - the same action on the same state gives the same state; undo restores the state exactly;
//!   a saved game survives its JSON form and its replay reproduces the hash;
//! - the state survives a serde round trip; every view (each seat and the spectator) and every
//!   redacted event holds no generator state and passes [`Probe::leak`];
//! - `determinize(state, seat)` shows the seat the same view, agrees on who acts and on the
//!   seat's legal actions, and can be played on for [`KitConfig::determinize_depth`] actions.
//!
//! A game that panics is reported as [`Check::Panic`] with the seed, step and action.
//! [`toy::Toy`] is a small game with hidden information that passes the kit, and
//! [`toy::ToyGame`] with a [`toy::flaw`] is a broken one that does not.

// A failure carries its whole context (options, seed, step, seat, action) by value; it is built
// at most once per run, so the size of the `Err` variant costs nothing that matters.
#![allow(clippy::result_large_err)]

mod checkpoint;
mod config;
mod failure;
mod json;
mod playout;
mod pool;
mod probe;
mod rules_map;
mod schema;
pub mod toy;

#[cfg(test)]
mod tests;

pub use config::{KitConfig, KitReport};
pub use failure::{Check, KitFailure};
pub use probe::{Probe, default_options, each_seat_count, find_rng, walk};
pub use rules_map::check_rules_map;

#[cfg(doc)]
use crate::Game;
use crate::{Options, SeatCount};

/// Checks `G` against the contract: the schema once, then one playout per seed for every table
/// of [`Probe::configs`].
///
/// # Errors
/// The first broken rule, naming the table, seed, step, seat and action.
pub fn check<G: Probe>(config: &KitConfig) -> Result<KitReport, KitFailure> {
    let mut report = KitReport::default();
    for (options, seats) in schema::check::<G>()? {
        report.merge(&play_seeds::<G>(&options, seats, config)?);
    }
    Ok(report)
}

/// Checks one table (options and seat count) for every seed of `config`, after the schema
/// check; `options` must come from [`Options::resolve`] against the game's schema.
///
/// # Errors
/// The first broken rule, naming the seed, step, seat and action.
pub fn check_table<G: Probe>(
    options: &Options,
    seats: SeatCount,
    config: &KitConfig,
) -> Result<KitReport, KitFailure> {
    schema::check::<G>()?;
    play_seeds::<G>(options, seats, config)
}

/// One playout per seed of `config` on one table, the seeds split into as many runs of
/// consecutive seeds as the machine has cores, each on its own thread. The report is the sum of
/// the runs' (the same whatever the split), and the failure the one of the lowest seed, as
/// playing the seeds in order would find it: each run stops at its own first failure, and the
/// first run that failed holds the lowest failing seed.
fn play_seeds<G: Probe>(
    options: &Options,
    seats: SeatCount,
    config: &KitConfig,
) -> Result<KitReport, KitFailure> {
    let seeds = config.seeds.clone();
    let count = seeds.end.saturating_sub(seeds.start);
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(usize::try_from(count).unwrap_or(usize::MAX))
        .max(1);
    let play = |run: std::ops::Range<u64>| {
        let mut report = KitReport::default();
        for seed in run {
            playout::playout::<G>(options, seats, seed, config, &mut report)?;
        }
        Ok(report)
    };
    if threads == 1 {
        return play(seeds);
    }
    let per_run = count.div_ceil(threads as u64);
    let runs: Vec<Result<KitReport, KitFailure>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|i| {
                let start = seeds.start + i * per_run;
                let run = start..(start + per_run).min(seeds.end);
                scope.spawn(move || play(run))
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    let mut report = KitReport::default();
    for run in runs {
        report.merge(&run?);
    }
    Ok(report)
}

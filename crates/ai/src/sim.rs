//! Many games with one bot: win rates with their 95% Wilson interval, turns, causes of loss.
//!
//! Games run in parallel (rayon); each game's seed comes from the simulation's seed, the option
//! combination and the game's index, and results are gathered in order, so a report is the same
//! whatever the thread count.

use std::collections::BTreeMap;

use lockpick_engine::{GameRng, Heuristic, Options, SeatCount, SetupError, ToAct, Verdict};
use rayon::prelude::*;
use serde::Serialize;

use crate::BotKind;

/// A playout that has not ended after this many actions is counted as a loss ("stalled").
pub const MAX_ACTIONS: u32 = 20_000;

/// What to simulate.
#[derive(Debug, Clone)]
pub struct SimSpec {
    /// Games per option combination.
    pub games: u32,
    /// Seats at each table.
    pub seats: SeatCount,
    /// The option combinations.
    pub combos: Vec<Options>,
    /// The bot in every seat.
    pub bot: BotKind,
    /// The simulation's seed.
    pub seed: u64,
}

/// One game's end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// Won.
    pub won: bool,
    /// The outcome's reason.
    pub reason: String,
    /// Turns begun.
    pub turns: u32,
    /// Actions played.
    pub actions: u32,
}

/// The results of one option combination.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ComboReport {
    /// The options.
    pub options: Options,
    /// Games played.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Wins / games.
    pub win_rate: f64,
    /// 95% Wilson interval, low end.
    pub ci_low: f64,
    /// 95% Wilson interval, high end.
    pub ci_high: f64,
    /// Mean turns per game.
    pub mean_turns: f64,
    /// Losses by reason.
    pub losses: BTreeMap<String, u32>,
}

/// The seed of game `index` of combination `combo`.
#[must_use]
pub fn game_seed(seed: u64, combo: usize, index: u32) -> u64 {
    let mut rng =
        GameRng::from_seed(seed ^ ((combo as u64) << 40) ^ u64::from(index).rotate_left(17));
    rng.next_u64()
}

/// Plays one game to its end with `bot` in every seat.
///
/// # Errors
/// Options the game cannot set up.
pub fn play_one<G: Heuristic>(
    options: &Options,
    seats: SeatCount,
    seed: u64,
    bot: BotKind,
) -> Result<GameResult, SetupError> {
    let mut state = G::setup(options, seats, seed)?;
    let mut player = bot.make::<G>(seed ^ 0x5EED);
    let mut events = Vec::new();
    let mut actions = 0;
    while actions < MAX_ACTIONS {
        let seat = match G::to_act(&state) {
            ToAct::Over { outcome } => {
                return Ok(GameResult {
                    won: outcome.verdict == Verdict::Won,
                    reason: outcome.reason,
                    turns: G::turns(&state),
                    actions,
                });
            }
            ToAct::Seats { seats } => seats[0],
        };
        let Some(action) = player.choose(&state, seat) else {
            break;
        };
        events.clear();
        if G::apply(&mut state, seat, &action, &mut events).is_err() {
            break;
        }
        actions += 1;
    }
    Ok(GameResult {
        won: false,
        reason: "stalled".into(),
        turns: G::turns(&state),
        actions,
    })
}

/// Runs the simulation; `progress(done, wins)` is called as games finish (from any thread).
///
/// # Errors
/// Options the game cannot set up.
pub fn simulate<G: Heuristic>(
    spec: &SimSpec,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<Vec<ComboReport>, SetupError> {
    use std::sync::atomic::{AtomicU32, Ordering};
    let done = AtomicU32::new(0);
    let wins = AtomicU32::new(0);
    let mut reports = Vec::new();
    for (c, options) in spec.combos.iter().enumerate() {
        let results: Vec<GameResult> = (0..spec.games)
            .into_par_iter()
            .map(|i| {
                let r = play_one::<G>(options, spec.seats, game_seed(spec.seed, c, i), spec.bot)?;
                let w = wins.fetch_add(u32::from(r.won), Ordering::Relaxed) + u32::from(r.won);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, w);
                Ok(r)
            })
            .collect::<Result<_, SetupError>>()?;
        reports.push(report(options.clone(), &results));
    }
    Ok(reports)
}

/// Summarizes results.
#[must_use]
pub fn report(options: Options, results: &[GameResult]) -> ComboReport {
    let games = results.len() as u32;
    let wins = results.iter().filter(|r| r.won).count() as u32;
    let (ci_low, ci_high) = crate::stats::wilson(wins, games);
    let mut losses = BTreeMap::new();
    for r in results.iter().filter(|r| !r.won) {
        *losses.entry(r.reason.clone()).or_insert(0) += 1;
    }
    let turns: u64 = results.iter().map(|r| u64::from(r.turns)).sum();
    ComboReport {
        options,
        games,
        wins,
        win_rate: if games == 0 {
            0.0
        } else {
            f64::from(wins) / f64::from(games)
        },
        ci_low,
        ci_high,
        mean_turns: if games == 0 {
            0.0
        } else {
            turns as f64 / f64::from(games)
        },
        losses,
    }
}

/// A simulation of a game known only by id.
pub type SimFn = fn(&SimSpec, &(dyn Fn(u32, u32) + Sync)) -> Result<Vec<ComboReport>, SetupError>;

/// The typed simulation of `G`, for the registry.
#[must_use]
pub fn sim_fn<G: Heuristic>() -> SimFn {
    simulate::<G>
}

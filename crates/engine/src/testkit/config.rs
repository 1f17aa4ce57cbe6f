//! How hard the kit tests a game, and what it saw.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

use crate::{Outcome, Verdict};

/// How many playouts the kit runs and how often it makes its expensive checks.
///
/// The random choices of a playout (which seat acts, which legal action) depend only on the
/// seed, never on the other fields: a failure found with `check_every: 32` is found again at
/// the same step with `check_every: 1`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KitConfig {
    /// One random playout per seed, for every configuration of [`super::Probe::configs`].
    pub seeds: Range<u64>,
    /// A playout that has not ended after this many actions fails with [`super::Check::NeverEnds`].
    pub max_steps: usize,
    /// The checks on the state before an action (views and leaks, state serde, every legal
    /// action applied on a copy, illegal and out-of-turn probes, determinize, undo) run every
    /// `check_every` steps, at step 0 and at the end. 1 checks every step; 0 counts as 1.
    pub check_every: usize,
    /// A save, JSON round trip and replay every `replay_every` steps; 0 replays only at the
    /// end of each playout (which always happens).
    pub replay_every: usize,
    /// How many actions outside the legal lists to try at each checked step.
    pub illegal_probes: usize,
    /// How many random actions to play from each determinized state.
    pub determinize_depth: usize,
}

impl Default for KitConfig {
    fn default() -> Self {
        Self {
            seeds: 0..64,
            max_steps: 5_000,
            check_every: 1,
            replay_every: 0,
            illegal_probes: 4,
            determinize_depth: 4,
        }
    }
}

impl KitConfig {
    /// Every check at every step, for the given seeds.
    #[must_use]
    pub fn thorough(seeds: Range<u64>) -> Self {
        Self {
            seeds,
            replay_every: 8,
            ..Self::default()
        }
    }

    /// Many seeds, with the expensive checks every 32 steps: for soak runs of thousands of seeds.
    #[must_use]
    pub fn soak(seeds: Range<u64>) -> Self {
        Self {
            seeds,
            check_every: 32,
            illegal_probes: 2,
            determinize_depth: 2,
            ..Self::default()
        }
    }
}

/// What the kit did and how the playouts ended.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KitReport {
    /// Playouts run (configurations × seeds).
    pub playouts: usize,
    /// Actions played in all playouts.
    pub steps: usize,
    /// The most actions in one playout.
    pub longest: usize,
    /// Playouts won.
    pub won: usize,
    /// Playouts lost.
    pub lost: usize,
    /// How many playouts ended with each `verdict/reason`, e.g. `lost/captured`.
    pub outcomes: BTreeMap<String, usize>,
    /// Steps whose state got the full set of checks.
    pub checked_steps: usize,
    /// Actions outside the legal lists that were tried (and refused).
    pub illegal_probes: usize,
    /// Determinized states checked.
    pub determinizations: usize,
    /// Saved games written, parsed and replayed.
    pub replays: usize,
    /// Views and redacted events checked for leaks.
    pub leak_checks: usize,
    /// Undo and redo round trips checked.
    pub undos: usize,
}

impl KitReport {
    pub(crate) fn record_end(&mut self, outcome: &Outcome, steps: usize) {
        self.playouts += 1;
        self.steps += steps;
        self.longest = self.longest.max(steps);
        let verdict = match outcome.verdict {
            Verdict::Won => {
                self.won += 1;
                "won"
            }
            Verdict::Lost => {
                self.lost += 1;
                "lost"
            }
        };
        *self
            .outcomes
            .entry(format!("{verdict}/{}", outcome.reason))
            .or_default() += 1;
    }

    /// Adds another report's counts to this one.
    pub fn merge(&mut self, other: &Self) {
        self.playouts += other.playouts;
        self.steps += other.steps;
        self.longest = self.longest.max(other.longest);
        self.won += other.won;
        self.lost += other.lost;
        for (k, v) in &other.outcomes {
            *self.outcomes.entry(k.clone()).or_default() += v;
        }
        self.checked_steps += other.checked_steps;
        self.illegal_probes += other.illegal_probes;
        self.determinizations += other.determinizations;
        self.replays += other.replays;
        self.leak_checks += other.leak_checks;
        self.undos += other.undos;
    }
}

impl fmt::Display for KitReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} playouts, {} actions (longest {}), {} won, {} lost",
            self.playouts, self.steps, self.longest, self.won, self.lost
        )?;
        for (outcome, count) in &self.outcomes {
            writeln!(f, "  {outcome}: {count}")?;
        }
        write!(
            f,
            "checked {} states: {} illegal probes, {} determinizations, {} replays, {} leak checks, {} undos",
            self.checked_steps,
            self.illegal_probes,
            self.determinizations,
            self.replays,
            self.leak_checks,
            self.undos
        )
    }
}

//! Bots for games known only at run time: the command line and the server hold a
//! [`DynSession`] and ask [`Bots`] for a [`DynBot`] by game id and bot name.

use std::fmt;

use lockpick_engine::{DynSession, Game, Heuristic, Seat, Session};
use serde_json::Value;

use crate::{Bot, HeuristicBot, Ismcts, IsmctsConfig, RandomBot};

/// The bots a table may seat (the oracle cheats and is never offered).
pub const TABLE_BOTS: [&str; 3] = ["random", "heuristic", "ismcts"];

/// Which bot, with its budget.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BotKind {
    /// Uniform over the legal actions.
    Random,
    /// The game's heuristic.
    Heuristic,
    /// ISMCTS with this configuration (the oracle when `config.oracle`).
    Ismcts(IsmctsConfig),
}

impl BotKind {
    /// Parses `random`, `heuristic`, `ismcts` or `oracle`; `iterations` sets the search budget.
    ///
    /// # Errors
    /// An unknown name.
    pub fn parse(name: &str, iterations: u32) -> Result<Self, BotError> {
        let search = IsmctsConfig {
            iterations,
            ..IsmctsConfig::default()
        };
        match name {
            "random" => Ok(Self::Random),
            "heuristic" => Ok(Self::Heuristic),
            "ismcts" => Ok(Self::Ismcts(search)),
            "oracle" => Ok(Self::Ismcts(IsmctsConfig {
                oracle: true,
                ..search
            })),
            other => Err(BotError::UnknownBot(other.to_owned())),
        }
    }

    /// A typed bot of this kind.
    #[must_use]
    pub fn make<G: Heuristic>(self, seed: u64) -> Box<dyn Bot<G>> {
        match self {
            Self::Random => Box::new(RandomBot::<G>::new(seed)),
            Self::Heuristic => Box::new(HeuristicBot::<G>::new(seed)),
            Self::Ismcts(mut config) => {
                G::search_settings(&mut config.exploration, &mut config.rollout_depth);
                Box::new(Ismcts::<G>::new(config, seed))
            }
        }
    }
}

/// A seed for one bot decision: the game's seed mixed with the length of its log and the seat,
/// so that a bot plays the same way when the same game is played again (at a table, or on the
/// command line).
#[must_use]
pub fn decision_seed(game_seed: u64, log_length: usize, seat: Seat) -> u64 {
    let length = u64::try_from(log_length).unwrap_or(u64::MAX);
    game_seed
        ^ length.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ u64::from(seat.0).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// The seed of a hint for `seat`: drawn apart from the seat's own bot's [`decision_seed`].
#[must_use]
pub fn hint_seed(game_seed: u64, log_length: usize, seat: Seat) -> u64 {
    decision_seed(game_seed, log_length, seat) ^ 0x4849_4E54
}

/// Why no bot could be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// Not a bot's name.
    #[error("unknown bot '{0}' (bots: random, heuristic, ismcts, oracle)")]
    UnknownBot(String),
    /// No bots for this game.
    #[error("no bots play '{0}' yet")]
    UnknownGame(String),
}

/// A bot that plays a type-erased session.
pub trait DynBot: Send {
    /// The action (as JSON) `seat` plays now, or `None` if it has nothing to do.
    fn choose(&mut self, session: &dyn DynSession, seat: Seat) -> Option<Value>;
}

struct Typed<G: Game> {
    bot: Box<dyn Bot<G>>,
}

impl<G: Game> DynBot for Typed<G> {
    fn choose(&mut self, session: &dyn DynSession, seat: Seat) -> Option<Value> {
        let session = session.as_any().downcast_ref::<Session<G>>()?;
        let action = self.bot.choose(session.state(), seat)?;
        serde_json::to_value(action).ok()
    }
}

type Maker = fn(BotKind, u64) -> Box<dyn DynBot>;

fn maker<G: Heuristic>(kind: BotKind, seed: u64) -> Box<dyn DynBot> {
    Box::new(Typed::<G> {
        bot: kind.make::<G>(seed),
    })
}

struct Entry {
    id: &'static str,
    make: Maker,
    sim: crate::sim::SimFn,
    bench: crate::bench::BenchFn,
}

/// The games bots can play.
#[derive(Default)]
pub struct Bots {
    games: Vec<Entry>,
}

impl fmt::Debug for Bots {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.games.iter().map(|e| e.id))
            .finish()
    }
}

impl Bots {
    /// No games yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a game.
    #[must_use]
    pub fn with<G: Heuristic>(mut self) -> Self {
        self.games.push(Entry {
            id: G::ID,
            make: maker::<G>,
            sim: crate::sim::sim_fn::<G>(),
            bench: crate::bench::bench_fn::<G>(),
        });
        self
    }

    fn entry(&self, game: &str) -> Result<&Entry, BotError> {
        self.games
            .iter()
            .find(|e| e.id == game)
            .ok_or_else(|| BotError::UnknownGame(game.to_owned()))
    }

    /// The ids of the games bots play.
    pub fn ids(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.games.iter().map(|e| e.id)
    }

    /// Simulates `game` (see [`crate::sim::simulate`]).
    ///
    /// # Errors
    /// An unknown game, or options the game cannot set up.
    pub fn simulate(
        &self,
        game: &str,
        spec: &crate::sim::SimSpec,
        progress: &(dyn Fn(u32, u32) + Sync),
    ) -> Result<Vec<crate::sim::ComboReport>, SimError> {
        Ok((self.entry(game)?.sim)(spec, progress)?)
    }

    /// Benchmarks `game` (see [`crate::bench::bench`]).
    ///
    /// # Errors
    /// An unknown game, or options the game cannot set up.
    pub fn bench(
        &self,
        game: &str,
        options: &lockpick_engine::Options,
        seats: lockpick_engine::SeatCount,
        budget: std::time::Duration,
    ) -> Result<crate::bench::BenchReport, SimError> {
        Ok((self.entry(game)?.bench)(options, seats, budget)?)
    }

    /// A bot for `game`.
    ///
    /// # Errors
    /// An unknown game.
    pub fn make(&self, game: &str, kind: BotKind, seed: u64) -> Result<Box<dyn DynBot>, BotError> {
        Ok((self.entry(game)?.make)(kind, seed))
    }
}

/// Why a simulation or benchmark could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// An unknown game or bot.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// The game refused the options or seats.
    #[error(transparent)]
    Setup(#[from] lockpick_engine::SetupError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisions_get_distinct_seeds() {
        let a = decision_seed(7, 10, Seat(0));
        assert_ne!(a, decision_seed(7, 11, Seat(0)));
        assert_ne!(a, decision_seed(7, 10, Seat(1)));
        assert_ne!(a, decision_seed(8, 10, Seat(0)));
        assert_eq!(a, decision_seed(7, 10, Seat(0)));
    }
}

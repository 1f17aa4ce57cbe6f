//! # lockpick-ai
//!
//! Bots for every game of the engine, generic over [`Game`](lockpick_engine::Game):
//!
//! - [`RandomBot`]: uniform over the legal actions (seeded);
//! - [`HeuristicBot`]: the game's own hand-written player ([`Heuristic`](lockpick_engine::Heuristic));
//! - [`Ismcts`]: Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012):
//!   every iteration searches a determinization drawn from the acting seat's knowledge, so the
//!   bot never reads hidden state; in cooperative games every seat maximizes the team's result;
//! - the oracle: the same search on the true state ([`IsmctsConfig::oracle`]). It cheats, exists
//!   to measure what hidden information costs, and is never offered at a table.
//!
//! [`Bots`] gives them type-erased ([`DynBot`]) to the command line and the server; [`sim`]
//! plays thousands of games in parallel, reproducibly; [`bench`] measures speed.

pub mod bench;
mod bots;
mod ismcts;
mod registry;
pub mod sim;
pub mod stats;

pub use bots::{Bot, HandWritten, HeuristicBot, Policy, PolicyBot, RandomBot, Uniform};
pub use ismcts::{Ismcts, IsmctsConfig};
pub use registry::{
    BotError, BotKind, Bots, DynBot, SimError, TABLE_BOTS, decision_seed, hint_seed,
};

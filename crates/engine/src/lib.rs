//! # lockpick-engine
//!
//! The rules-agnostic core of Lockpick: the [`Game`] trait that every game crate implements,
//! a type-erased [`DynGame`] that the command line, the server and the bots drive through JSON,
//! the deterministic [`GameRng`], option schemas, [`Session`]s with undo, and the versioned
//! [`SavedGame`] whose replay must reproduce the recorded state hash.
//!
//! The engine has no I/O, no async, no OS randomness and no `unsafe`.

mod dyn_game;
mod game;
mod heuristic;
mod options;
mod registry;
mod rng;
mod save;
mod seat;
mod session;
mod text;

#[cfg(feature = "testkit")]
pub mod testkit;

pub use dyn_game::{ActError, DynGame, DynSession, EventBatch, GameInfo};
pub use game::{ActingSeats, Game, Outcome, SetupError, ToAct, Verdict, state_hash};
pub use heuristic::Heuristic;
pub use options::{Choice, OptionError, OptionKind, OptionSpec, Options};
pub use registry::Registry;
pub use rng::GameRng;
pub use save::{FORMAT_VERSION, LoadError, LoggedAction, SavedGame, check_format, newest_format};
pub use seat::{Seat, SeatCount, Viewer};
pub use session::{Session, UndoError};
pub use text::{Text, Why, count_en, count_fr};

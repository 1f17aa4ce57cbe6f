//! Saved games: the options, seats, seed and action log that reproduce a game, and the hash of
//! the state they lead to. Replaying the log must reproduce the hash: that is determinism.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{OptionError, Options, Seat, SeatCount, SetupError};

/// The saved-game format this program writes and the newest it reads.
///
/// The format also names the rules a game is played by, so that a game saved by an older
/// Lockpick replays to the hash it recorded ([`crate::Game::play_by_format`]):
/// - 1: the first.
/// - 2: a Burgle Bros. game ends the moment the team is caught; in format 1 the guard went on
///   (a new patrol card when he caught someone in his destination, a camera's alarm).
/// - 3: a Burgle Bros. character who enters a floor whose guard then appears next door, and is
///   seen from there (the Tiara, a Foyer), loses one stealth token; format 2 took two.
/// - 4: Burgle Bros.: a face-down Walkway turned over by any move (the stairs too) drops its
///   mover a floor, where only a walk did; a face-down Safe in a Fort Knox safe's line must be
///   turned over before the combination is found; a drilled safe's tool left lying no longer
///   loses the game as loot left behind; the Cursed Goblet drawn with no token left captures no
///   one; what lasts until a character's next turn ends when that turn would have come, also
///   once the character escaped. Hacktivity: the players choose their draws in playing order,
///   where any seat could choose first.
pub const FORMAT_VERSION: u32 = 4;

/// [`FORMAT_VERSION`], as a function: the serde default of a game state's skipped `format`
/// field (a state read back from JSON plays by the newest rules).
#[must_use]
pub const fn newest_format() -> u32 {
    FORMAT_VERSION
}

/// One entry of the action log: who acted, and the action in its JSON form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoggedAction {
    /// The seat that acted.
    pub seat: Seat,
    /// The action, as `lockpick legal` prints it.
    pub action: Value,
}

/// A game on disk (or in a database): enough to rebuild it exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The game's id (`burgle`, ...).
    pub game: String,
    /// The format version ([`FORMAT_VERSION`] when written by this program).
    pub format: u32,
    /// Every option with its value.
    pub options: Options,
    /// How many seats.
    pub seats: SeatCount,
    /// The seed of the game's random number generator.
    pub seed: u64,
    /// Every action that stands, in order.
    pub log: Vec<LoggedAction>,
    /// [`crate::state_hash`] of the state after the log.
    pub hash: String,
    /// The seats bots play, by seat, with the bot's name (`heuristic`): the command line's
    /// `new --bot` writes them and `act` lets them play. Not part of the game: the state and its
    /// hash do not depend on it, and a file without it has no bots.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub bots: BTreeMap<Seat, String>,
}

impl SavedGame {
    /// Parses a saved game, refusing newer formats with a clear message before anything else.
    ///
    /// # Errors
    /// Corrupted or truncated JSON, a newer format, or a missing field.
    pub fn from_json(text: &str) -> Result<Self, LoadError> {
        // A byte-order mark, as some editors write at the start of a UTF-8 file, is not JSON.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let value: Value = serde_json::from_str(text).map_err(|e| {
            if e.is_eof() {
                LoadError::Truncated(e.to_string())
            } else {
                LoadError::Corrupted(e.to_string())
            }
        })?;
        let found = value.get("format").and_then(Value::as_u64);
        check_format(found.ok_or_else(|| LoadError::Corrupted("no format version".into()))?)?;
        // Read from the text, not the value: a field written twice is refused (a JSON value
        // keeps the last one without a word), and the error gives its line and column.
        serde_json::from_str(text).map_err(|e| LoadError::Corrupted(e.to_string()))
    }

    /// The saved game as pretty JSON.
    ///
    /// # Panics
    /// Never: a saved game is plain data.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("saved game serializes");
        s.push('\n');
        s
    }
}

/// Refuses a format version this program does not know: 0, or newer than [`FORMAT_VERSION`].
///
/// # Errors
/// [`LoadError::NewerFormat`] or [`LoadError::Corrupted`], naming the versions it reads.
pub fn check_format(found: u64) -> Result<(), LoadError> {
    if found > u64::from(FORMAT_VERSION) {
        return Err(LoadError::NewerFormat {
            found,
            supported: FORMAT_VERSION,
        });
    }
    if found == 0 {
        return Err(LoadError::Corrupted(format!(
            "format version 0 does not exist (the first is 1; this program reads up to \
             {FORMAT_VERSION})"
        )));
    }
    Ok(())
}

/// Why a saved game could not be loaded.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoadError {
    /// The JSON ends too early.
    #[error("the saved game is truncated: {0}")]
    Truncated(String),
    /// The JSON is broken or lacks a field.
    #[error("the saved game is corrupted: {0}")]
    Corrupted(String),
    /// Written by a newer Lockpick.
    #[error(
        "the saved game has format version {found}, newer than this program reads ({supported}): upgrade Lockpick"
    )]
    NewerFormat {
        /// The file's version.
        found: u64,
        /// The newest this program reads.
        supported: u32,
    },
    /// No game of that id is registered.
    #[error("the saved game is of an unknown game '{0}'")]
    UnknownGame(String),
    /// The stored options no longer validate.
    #[error("the saved game's options are invalid: {0}")]
    Options(#[from] OptionError),
    /// Setup failed.
    #[error("the saved game cannot be set up: {0}")]
    Setup(#[from] SetupError),
    /// An action of the log does not parse or is not legal when replayed.
    #[error("action {index} of the saved game's log cannot be replayed: {reason}")]
    Replay {
        /// The index in the log, from 0.
        index: usize,
        /// Why.
        reason: String,
    },
    /// The replay led to another state than the one recorded.
    #[error("replay does not reproduce the saved state (saved hash {saved}, replayed {replayed})")]
    HashMismatch {
        /// The hash in the file.
        saved: String,
        /// The hash of the replayed state.
        replayed: String,
    },
}

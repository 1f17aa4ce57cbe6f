//! What the kit reports when a game breaks the contract.

use std::fmt;

use serde_json::Value;

use crate::{Options, Seat, SeatCount};

/// The part of the contract a game broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Check {
    /// The id, seat range or options schema is malformed, or `configs()` is empty or invalid.
    Schema,
    /// `setup` failed for a configuration the game lists, or is not deterministic.
    Setup,
    /// `to_act` listed no seat, a seat twice, or a seat outside the table.
    ToAct,
    /// A seat that `to_act` lists has no legal action.
    NoLegalAction,
    /// A legal list holds the same action twice.
    DuplicateLegal,
    /// An action or an event is not a `{"type": ...}` JSON object, or does not round-trip.
    Json,
    /// `apply` refused an action that `legal_actions` listed.
    LegalRefused,
    /// `apply` accepted an action that `legal_actions` did not list.
    IllegalAccepted,
    /// `apply` changed the state (or pushed events) and then refused the action.
    MutatedOnError,
    /// A seat that may not act was not refused with `NotYourTurn`.
    OutOfTurn,
    /// The playout did not end within `max_steps`.
    NeverEnds,
    /// The saved game does not round-trip or its replay does not reproduce the hash.
    Replay,
    /// The same action on the same state gave different states.
    Nondeterministic,
    /// The state does not survive a serde JSON round trip.
    StateSerde,
    /// A view or a redacted event shows something its viewer may not know.
    Leak,
    /// A determinized state looks different to the seat it was made for.
    DeterminizeView,
    /// A determinized state disagrees on who acts or on what the seat may do.
    DeterminizeLegal,
    /// Play from a determinized state broke (no legal action, or a legal action refused).
    DeterminizePlayout,
    /// Undoing did not restore the state, or redoing gave another state.
    Undo,
    /// The game panicked.
    Panic,
}

impl Check {
    /// A short English name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Schema => "schema",
            Self::Setup => "setup",
            Self::ToAct => "to_act",
            Self::NoLegalAction => "no legal action",
            Self::DuplicateLegal => "duplicate legal action",
            Self::Json => "action/event JSON",
            Self::LegalRefused => "legal action refused",
            Self::IllegalAccepted => "illegal action accepted",
            Self::MutatedOnError => "state changed by a refused action",
            Self::OutOfTurn => "out-of-turn action",
            Self::NeverEnds => "never ends",
            Self::Replay => "save and replay",
            Self::Nondeterministic => "nondeterministic apply",
            Self::StateSerde => "state serde round trip",
            Self::Leak => "leak",
            Self::DeterminizeView => "determinize changes the view",
            Self::DeterminizeLegal => "determinize changes who acts or what is legal",
            Self::DeterminizePlayout => "play from a determinized state",
            Self::Undo => "undo",
            Self::Panic => "panic",
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A broken rule of the contract, with everything needed to reproduce it.
///
/// Playouts are deterministic: re-running the kit with `seeds: seed..seed + 1` and the same
/// configuration replays the same actions up to the failure.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub struct KitFailure {
    /// The game's id.
    pub game: &'static str,
    /// What failed.
    pub check: Check,
    /// The options of the table (empty for schema failures).
    pub options: Options,
    /// The seat count of the table.
    pub seats: SeatCount,
    /// The playout's seed (`None` for checks made before any playout).
    pub seed: Option<u64>,
    /// How many actions had been played when the failure was found.
    pub step: Option<usize>,
    /// The seat acting (or probed) when the failure was found.
    pub seat: Option<Seat>,
    /// The action involved, as JSON.
    pub action: Option<Value>,
    /// What exactly went wrong.
    pub detail: String,
}

impl fmt::Display for KitFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "conformance kit: {}: {}", self.check, self.detail)?;
        write!(f, " [game {}", self.game)?;
        if self.seats.0 > 0 {
            write!(f, ", {} seat(s)", self.seats.0)?;
        }
        let options: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        if !options.is_empty() {
            write!(f, ", options {}", options.join(" "))?;
        }
        if let Some(seed) = self.seed {
            write!(f, ", seed {seed}")?;
        }
        if let Some(step) = self.step {
            write!(f, ", step {step}")?;
        }
        if let Some(seat) = self.seat {
            write!(f, ", seat {seat}")?;
        }
        if let Some(action) = &self.action {
            write!(f, ", action {action}")?;
        }
        f.write_str("]")?;
        if let Some(seed) = self.seed {
            write!(
                f,
                " (reproduce with seeds: {seed}..{})",
                seed.saturating_add(1)
            )?;
        }
        Ok(())
    }
}

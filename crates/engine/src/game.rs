//! The contract every game implements.

use std::fmt::Debug;

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::{GameRng, OptionSpec, Options, Seat, SeatCount, Text, Viewer};

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The team won.
    Won,
    /// The team lost.
    Lost,
}

impl Verdict {
    /// The verdict in French, of "la partie": `gagnée` or `perdue`.
    #[must_use]
    pub const fn french(self) -> &'static str {
        match self {
            Self::Won => "gagnée",
            Self::Lost => "perdue",
        }
    }
}

/// The end of a game: the verdict and a stable reason code (`"escaped"`, `"captured"`, ...).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// Won or lost.
    pub verdict: Verdict,
    /// Why, as a stable snake_case code that interfaces translate.
    pub reason: String,
}

impl Outcome {
    /// A win for `reason`.
    #[must_use]
    pub fn won(reason: &str) -> Self {
        Self {
            verdict: Verdict::Won,
            reason: reason.to_owned(),
        }
    }

    /// A loss for `reason`.
    #[must_use]
    pub fn lost(reason: &str) -> Self {
        Self {
            verdict: Verdict::Lost,
            reason: reason.to_owned(),
        }
    }
}

/// The seats that may act at once: inline up to four, the most any step lets act together in
/// practice, so that asking who acts (once a move in every playout and search) allocates
/// nothing. Serialized as a plain list.
pub type ActingSeats = smallvec::SmallVec<[Seat; 4]>;

/// Who may act now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToAct {
    /// These seats may act (several for simultaneous steps); never empty.
    Seats {
        /// The seats, in order.
        seats: ActingSeats,
    },
    /// The game is over.
    Over {
        /// How it ended.
        outcome: Outcome,
    },
}

impl ToAct {
    /// One seat to act.
    #[must_use]
    pub fn one(seat: Seat) -> Self {
        Self::Seats {
            seats: smallvec::smallvec![seat],
        }
    }

    /// Whether `seat` may act now.
    #[must_use]
    pub fn includes(&self, seat: Seat) -> bool {
        matches!(self, Self::Seats { seats } if seats.contains(&seat))
    }

    /// The outcome, if the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Self::Over { outcome } => Some(outcome),
            Self::Seats { .. } => None,
        }
    }
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The seat count is outside what the game allows.
    #[error("this game seats {min} to {max} players, not {given}")]
    SeatCount {
        /// Fewest seats.
        min: u8,
        /// Most seats.
        max: u8,
        /// Seats asked for.
        given: u8,
    },
    /// The options are valid one by one but not together, or the game's content is broken.
    #[error("{0}")]
    Invalid(String),
    /// Options valid one by one that do not go together, said in both languages the interface
    /// speaks, so that a table's lobby can show it to a French player in French.
    #[error("{en}")]
    Options {
        /// English.
        en: String,
        /// French.
        fr: String,
    },
}

impl SetupError {
    /// Options that do not go together, in English and in French.
    #[must_use]
    pub fn options(en: impl Into<String>, fr: impl Into<String>) -> Self {
        Self::Options {
            en: en.into(),
            fr: fr.into(),
        }
    }

    /// The reason in French, when the game gave one.
    #[must_use]
    pub fn french(&self) -> Option<&str> {
        match self {
            Self::Options { fr, .. } => Some(fr),
            Self::SeatCount { .. } | Self::Invalid(_) => None,
        }
    }
}

/// A cooperative board game with every rule enforced.
///
/// Implementations are pure: no I/O, no clocks, no OS randomness. All randomness comes from the
/// [`GameRng`] inside the state, drawn only in [`Game::apply`] (and in [`Game::setup`]).
pub trait Game: 'static {
    /// The complete state, hidden parts included. Its JSON serialization must be deterministic.
    type State: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// A player's move. JSON form: `{"type": "...", ...}`.
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// Something that happened, for logs and animations. JSON form: `{"type": "...", ...}`.
    type Event: Clone + Debug + Serialize + Send + Sync;
    /// What one viewer may know.
    type View: Debug + PartialEq + Serialize;
    /// Why an action was refused.
    type Illegal: std::error::Error + Send + Sync + 'static;

    /// The stable id used on the command line, in saved games and in URLs.
    const ID: &'static str;
    /// The game's name.
    const NAME: Text;
    /// Fewest seats.
    const MIN_SEATS: u8;
    /// Most seats.
    const MAX_SEATS: u8;

    /// The options this game takes.
    fn options_schema() -> Vec<OptionSpec>;

    /// A new game.
    ///
    /// # Errors
    /// A seat count or an option combination the game cannot play.
    fn setup(options: &Options, seats: SeatCount, seed: u64) -> Result<Self::State, SetupError>;

    /// Whether the game seats `seats` players ([`Self::MIN_SEATS`] to [`Self::MAX_SEATS`]).
    /// Every [`Self::setup`] starts with it, so that no caller (a session, a simulation, a
    /// benchmark) can set up a table the game cannot seat.
    ///
    /// # Errors
    /// [`SetupError::SeatCount`] outside that range.
    fn check_seats(seats: SeatCount) -> Result<(), SetupError> {
        if (Self::MIN_SEATS..=Self::MAX_SEATS).contains(&seats.0) {
            Ok(())
        } else {
            Err(SetupError::SeatCount {
                min: Self::MIN_SEATS,
                max: Self::MAX_SEATS,
                given: seats.0,
            })
        }
    }

    /// Who may act now, or how the game ended.
    fn to_act(state: &Self::State) -> ToAct;

    /// Every action `seat` may take now, appended to `out` (cleared first). Complete: the
    /// interfaces and the bots offer exactly this list, and `apply` accepts exactly these.
    fn legal_actions(state: &Self::State, seat: Seat, out: &mut Vec<Self::Action>);

    /// Plays `action` for `seat`, appending what happened to `events`.
    ///
    /// # Errors
    /// Why the action is not legal now. On error the state and `events` are untouched.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Illegal>;

    /// Plays an action that [`Game::legal_actions`] has just listed for this very state and
    /// seat: the fast path of random playouts and searches, whose actions always come from that
    /// list. A game may skip its legality check here (the default checks anyway, as
    /// [`Game::apply`]); interfaces and anything that takes actions from outside use `apply`.
    ///
    /// # Errors
    /// As [`Game::apply`], where the game still checks.
    fn apply_listed(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Illegal> {
        Self::apply(state, seat, action, events)
    }

    /// What `viewer` may know of the state.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// The part of `event` that `viewer` may know (`None`: nothing at all).
    fn redact(state: &Self::State, event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;

    /// A state that `seat` cannot tell from the real one: everything the seat cannot know (deck
    /// orders, face-down items, other hands, the RNG itself) is resampled from `rng`,
    /// consistently with what the seat has seen.
    fn determinize(state: &Self::State, seat: Seat, rng: &mut GameRng) -> Self::State;

    /// Whether the action just applied (turning `before` into `after`) may be taken back by the
    /// seat that made it. Games mark undo barriers by returning `false`: reveals, draws, rolls,
    /// shuffles, another seat's turn. The default allows no undo.
    fn undoable(
        before: &Self::State,
        after: &Self::State,
        seat: Seat,
        action: &Self::Action,
        events: &[Self::Event],
    ) -> bool {
        let _ = (before, after, seat, action, events);
        false
    }

    /// Gives the state a fresh random number generator drawn from `rng`, changing nothing else:
    /// the oracle bot searches the true state without knowing future dice. The default does
    /// nothing (a game without randomness after setup).
    fn reseed(state: &mut Self::State, rng: &mut GameRng) {
        let _ = (state, rng);
    }

    /// Makes a state just set up play by the rules of saved-game format `format`, older than
    /// [`crate::FORMAT_VERSION`], so that a game saved then replays to the hash it recorded
    /// (and goes on by those rules if it is played on). The default changes nothing: a game
    /// whose rules never changed.
    fn play_by_format(state: &mut Self::State, format: u32) {
        let _ = (state, format);
    }

    /// The number of turns begun, for statistics (`lockpick sim`). The default counts none.
    fn turns(state: &Self::State) -> u32 {
        let _ = state;
        0
    }

    /// A text drawing of a view, for `lockpick show`, in English or French (`lang` = "en" |
    /// "fr"; a game may draw it in English only).
    fn render_text(view: &Self::View, lang: &str) -> String;

    /// A one-line human sentence for an event, in English or French (`lang` = "en" | "fr").
    fn describe_event(event: &Self::Event, lang: &str) -> String {
        let _ = lang;
        serde_json::to_string(event).unwrap_or_default()
    }

    /// One line for a legal action, in English or French (`lang` = "en" | "fr"), as an
    /// interface lists it for the player who may take it; `view` is that player's view, so the
    /// line names nothing the player may not know. `None` (the default): the game has no words
    /// for its actions, and interfaces show the action itself.
    fn describe_action(view: &Self::View, action: &Self::Action, lang: &str) -> Option<String> {
        let _ = (view, action, lang);
        None
    }

    /// Why an action was refused, in English or French (`lang` = "en" | "fr"). By default the
    /// error's own words, in English.
    fn describe_illegal(illegal: &Self::Illegal, lang: &str) -> String {
        let _ = lang;
        illegal.to_string()
    }
}

/// The hash of a state that saved games record: BLAKE3 of its JSON serialization, in hex.
///
/// # Panics
/// Panics if the state cannot be serialized, which a derived `Serialize` never does.
#[must_use]
pub fn state_hash<G: Game>(state: &G::State) -> String {
    let bytes = serde_json::to_vec(state).expect("game state serializes");
    blake3::hash(&bytes).to_hex().to_string()
}

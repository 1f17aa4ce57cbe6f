//! The type-erased face of a game: JSON in, JSON out. The command line and the server hold
//! games through these traits without knowing which game they are.

use std::marker::PhantomData;

use serde::Serialize;
use serde_json::Value;

use crate::{
    Game, LoadError, OptionSpec, Options, SavedGame, Seat, SeatCount, Session, SetupError, Text,
    ToAct, UndoError, Viewer,
};

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActError {
    /// No such seat at this table.
    #[error("seat {seat} is out of range: this table has seats 0 to {}", .seats.0.saturating_sub(1))]
    SeatOutOfRange {
        /// The seat given.
        seat: Seat,
        /// The table's seat count.
        seats: SeatCount,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// This seat may not act now.
    #[error("it is not seat {0}'s turn to act")]
    NotYourTurn(Seat),
    /// The action is not an action of this game.
    #[error("malformed action: {0}")]
    Malformed(String),
    /// The action is not legal now: why, in English and in French.
    #[error("illegal action: {reason}")]
    Illegal {
        /// Why, in English.
        reason: String,
        /// Why, in French.
        fr: String,
    },
}

/// A game's name, seat range and options schema.
#[derive(Debug, Clone, Serialize)]
pub struct GameInfo {
    /// The stable id.
    pub id: &'static str,
    /// The name.
    pub name: Text,
    /// Fewest seats.
    pub min_seats: u8,
    /// Most seats.
    pub max_seats: u8,
    /// The options.
    pub options: Vec<OptionSpec>,
}

/// One event as one viewer may see it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeenEvent {
    /// The redacted event, `{"type": ...}`.
    pub event: Value,
    /// In English.
    pub en: String,
    /// In French.
    pub fr: String,
}

/// The events of one action, redacted for each viewer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventBatch {
    /// For seat `i`, at index `i`.
    pub per_seat: Vec<Vec<SeenEvent>>,
    /// For spectators.
    pub spectator: Vec<SeenEvent>,
}

impl EventBatch {
    /// The events `viewer` may see.
    #[must_use]
    pub fn for_viewer(&self, viewer: Viewer) -> &[SeenEvent] {
        match viewer {
            Viewer::Seat(s) => self.per_seat.get(s.index()).map_or(&[], Vec::as_slice),
            Viewer::Spectator => &self.spectator,
        }
    }
}

/// A registered game, type-erased.
pub trait DynGame: Send + Sync {
    /// The stable id.
    fn id(&self) -> &'static str;
    /// Name, seats and options.
    fn info(&self) -> GameInfo;
    /// A new game.
    ///
    /// # Errors
    /// A seat count or option combination the game cannot play.
    fn new_session(
        &self,
        options: &Options,
        seats: SeatCount,
        seed: u64,
    ) -> Result<Box<dyn DynSession>, SetupError>;
    /// A new game that plays by the rules of saved-game format `format`.
    ///
    /// # Errors
    /// See [`Session::new_in_format`].
    fn new_session_in_format(
        &self,
        options: &Options,
        seats: SeatCount,
        seed: u64,
        format: u32,
    ) -> Result<Box<dyn DynSession>, LoadError>;
    /// Rebuilds a saved game (replay and hash check).
    ///
    /// # Errors
    /// See [`Session::from_save`].
    fn load(&self, save: &SavedGame) -> Result<Box<dyn DynSession>, LoadError>;
}

/// A game in progress, type-erased.
pub trait DynSession: Send + std::any::Any {
    /// The session itself, for code that knows the concrete game (`Session<G>`) to downcast.
    fn as_any(&self) -> &dyn std::any::Any;
    /// The game's id.
    fn game_id(&self) -> &'static str;
    /// Seat count.
    fn seats(&self) -> SeatCount;
    /// Who may act, or the outcome.
    fn to_act(&self) -> ToAct;
    /// The legal actions of `seat` as JSON objects.
    fn legal_actions(&self, seat: Seat) -> Vec<Value>;
    /// A line in words for each of `actions` (JSON, as [`DynSession::legal_actions`] lists
    /// them), as `viewer` may read it, in English or French; `None` for an action the game has
    /// no words for or that is not an action of this game.
    fn describe_actions(
        &self,
        viewer: Viewer,
        actions: &[Value],
        lang: &str,
    ) -> Vec<Option<String>>;
    /// Plays a JSON action.
    ///
    /// # Errors
    /// A malformed or illegal action, a wrong seat; the game is unchanged.
    fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<EventBatch, ActError>;
    /// What `viewer` may know, as JSON.
    fn view(&self, viewer: Viewer) -> Value;
    /// What `viewer` may know, drawn as text in English or French (`lang` = "en" | "fr").
    fn render_text(&self, viewer: Viewer, lang: &str) -> String;
    /// Whether `seat` may undo now.
    fn can_undo(&self, seat: Seat) -> bool;
    /// Takes back `seat`'s last action.
    ///
    /// # Errors
    /// See [`Session::undo`].
    fn undo(&mut self, seat: Seat) -> Result<(), UndoError>;
    /// The saved-game format whose rules this game plays by.
    fn format(&self) -> u32;
    /// The seed of the game's random number generator.
    fn seed(&self) -> u64;
    /// How many actions the log holds (without building the saved form).
    fn log_len(&self) -> usize;
    /// The saved form.
    fn save(&self) -> SavedGame;
}

/// The [`DynGame`] of a concrete [`Game`].
pub(crate) struct Entry<G>(PhantomData<fn() -> G>);

impl<G> Entry<G> {
    pub(crate) const fn new() -> Self {
        Self(PhantomData)
    }
}

impl<G: Game> DynGame for Entry<G> {
    fn id(&self) -> &'static str {
        G::ID
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            id: G::ID,
            name: G::NAME,
            min_seats: G::MIN_SEATS,
            max_seats: G::MAX_SEATS,
            options: G::options_schema(),
        }
    }

    fn new_session(
        &self,
        options: &Options,
        seats: SeatCount,
        seed: u64,
    ) -> Result<Box<dyn DynSession>, SetupError> {
        Ok(Box::new(Session::<G>::new(options.clone(), seats, seed)?))
    }

    fn new_session_in_format(
        &self,
        options: &Options,
        seats: SeatCount,
        seed: u64,
        format: u32,
    ) -> Result<Box<dyn DynSession>, LoadError> {
        Ok(Box::new(Session::<G>::new_in_format(
            options.clone(),
            seats,
            seed,
            format,
        )?))
    }

    fn load(&self, save: &SavedGame) -> Result<Box<dyn DynSession>, LoadError> {
        Ok(Box::new(Session::<G>::from_save(save)?))
    }
}

/// Redacts and describes events for every viewer of a table.
pub(crate) fn batch<G: Game>(
    state: &G::State,
    seats: SeatCount,
    events: &[G::Event],
) -> EventBatch {
    let for_viewer = |viewer: Viewer| -> Vec<SeenEvent> {
        events
            .iter()
            .filter_map(|e| G::redact(state, e, viewer))
            .map(|e| SeenEvent {
                event: serde_json::to_value(&e).expect("event serializes"),
                en: G::describe_event(&e, "en"),
                fr: G::describe_event(&e, "fr"),
            })
            .collect()
    };
    EventBatch {
        per_seat: seats.seats().map(|s| for_viewer(Viewer::Seat(s))).collect(),
        spectator: for_viewer(Viewer::Spectator),
    }
}

impl<G: Game> DynSession for Session<G> {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn game_id(&self) -> &'static str {
        G::ID
    }

    fn seats(&self) -> SeatCount {
        Session::seats(self)
    }

    fn to_act(&self) -> ToAct {
        G::to_act(self.state())
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Value> {
        if !self.seats().contains(seat) || !G::to_act(self.state()).includes(seat) {
            return Vec::new();
        }
        let mut out = Vec::new();
        G::legal_actions(self.state(), seat, &mut out);
        out.iter()
            .map(|a| serde_json::to_value(a).expect("action serializes"))
            .collect()
    }

    fn describe_actions(
        &self,
        viewer: Viewer,
        actions: &[Value],
        lang: &str,
    ) -> Vec<Option<String>> {
        let view = G::view(self.state(), viewer);
        actions
            .iter()
            .map(|a| {
                let action: G::Action = serde_json::from_value(a.clone()).ok()?;
                G::describe_action(&view, &action, lang)
            })
            .collect()
    }

    fn apply_json(&mut self, seat: Seat, action: &Value) -> Result<EventBatch, ActError> {
        let action: G::Action = serde_json::from_value(action.clone())
            .map_err(|e| ActError::Malformed(e.to_string()))?;
        let events = self.apply(seat, &action)?;
        Ok(batch::<G>(self.state(), self.seats(), &events))
    }

    fn view(&self, viewer: Viewer) -> Value {
        serde_json::to_value(G::view(self.state(), viewer)).expect("view serializes")
    }

    fn render_text(&self, viewer: Viewer, lang: &str) -> String {
        G::render_text(&G::view(self.state(), viewer), lang)
    }

    fn can_undo(&self, seat: Seat) -> bool {
        Session::can_undo(self, seat)
    }

    fn undo(&mut self, seat: Seat) -> Result<(), UndoError> {
        Session::undo(self, seat)
    }

    fn format(&self) -> u32 {
        Session::format(self)
    }

    fn seed(&self) -> u64 {
        Session::seed(self)
    }

    fn log_len(&self) -> usize {
        self.log().len()
    }

    fn save(&self) -> SavedGame {
        self.to_save()
    }
}

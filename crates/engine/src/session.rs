//! A game in progress: its state, the log that produced it, and the undo stack.

use crate::{
    ActError, FORMAT_VERSION, Game, LoadError, LoggedAction, Options, SavedGame, Seat, SeatCount,
    SetupError, ToAct, state_hash,
};

/// A game being played: the state, the action log and what may be undone.
#[derive(Debug, Clone)]
pub struct Session<G: Game> {
    options: Options,
    seats: SeatCount,
    seed: u64,
    /// The saved-game format whose rules this game plays by: [`FORMAT_VERSION`] for a new
    /// game, the save's for a loaded one.
    format: u32,
    state: G::State,
    log: Vec<(Seat, G::Action)>,
    /// States before each undoable action since the last undo barrier, newest last.
    undo: Vec<(Seat, G::State)>,
}

/// Why an undo was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UndoError {
    /// Nothing since the last barrier (a reveal, a draw, a roll, another seat's action).
    #[error("nothing to undo: the last action cannot be taken back")]
    Nothing,
    /// The last undoable action is another seat's.
    #[error("the last action is seat {0}'s, not yours")]
    NotYours(Seat),
}

impl<G: Game> Session<G> {
    /// Sets up a new game.
    ///
    /// # Errors
    /// A seat count or option combination the game cannot play.
    pub fn new(options: Options, seats: SeatCount, seed: u64) -> Result<Self, SetupError> {
        G::check_seats(seats)?;
        let state = G::setup(&options, seats, seed)?;
        Ok(Self {
            options,
            seats,
            seed,
            format: FORMAT_VERSION,
            state,
            log: Vec::new(),
            undo: Vec::new(),
        })
    }

    /// Sets up a game that plays by the rules of saved-game format `format` (see
    /// [`FORMAT_VERSION`]): a game begun by an older Lockpick, to be replayed from its log.
    ///
    /// # Errors
    /// A format this program does not know (0, or newer than [`FORMAT_VERSION`]), or a seat
    /// count or option combination the game cannot play.
    pub fn new_in_format(
        options: Options,
        seats: SeatCount,
        seed: u64,
        format: u32,
    ) -> Result<Self, LoadError> {
        crate::save::check_format(u64::from(format))?;
        let mut session = Self::new(options, seats, seed)?;
        if format < FORMAT_VERSION {
            G::play_by_format(&mut session.state, format);
            session.format = format;
        }
        Ok(session)
    }

    /// The saved-game format whose rules this game plays by.
    #[must_use]
    pub const fn format(&self) -> u32 {
        self.format
    }

    /// Rebuilds a saved game by replaying its log, and checks the recorded hash.
    ///
    /// # Errors
    /// A wrong game id, invalid options, an action that does not replay, or a hash mismatch.
    pub fn from_save(save: &SavedGame) -> Result<Self, LoadError> {
        if save.game != G::ID {
            return Err(LoadError::UnknownGame(save.game.clone()));
        }
        let options = save.options.revalidate(&G::options_schema())?;
        let mut session = Self::new_in_format(options, save.seats, save.seed, save.format)?;
        for (index, entry) in save.log.iter().enumerate() {
            let action: G::Action =
                serde_json::from_value(entry.action.clone()).map_err(|e| LoadError::Replay {
                    index,
                    reason: e.to_string(),
                })?;
            session
                .apply(entry.seat, &action)
                .map_err(|e| LoadError::Replay {
                    index,
                    reason: e.to_string(),
                })?;
        }
        let replayed = session.hash();
        if replayed != save.hash {
            return Err(LoadError::HashMismatch {
                saved: save.hash.clone(),
                replayed,
            });
        }
        Ok(session)
    }

    /// The saved form of this game.
    ///
    /// # Panics
    /// Never: actions are plain serde enums.
    #[must_use]
    pub fn to_save(&self) -> SavedGame {
        SavedGame {
            game: G::ID.to_owned(),
            format: self.format,
            options: self.options.clone(),
            seats: self.seats,
            seed: self.seed,
            log: self
                .log
                .iter()
                .map(|(seat, action)| LoggedAction {
                    seat: *seat,
                    action: serde_json::to_value(action).expect("action serializes"),
                })
                .collect(),
            hash: self.hash(),
            bots: std::collections::BTreeMap::new(),
        }
    }

    /// Plays `action` for `seat` and returns the events (unredacted).
    ///
    /// # Errors
    /// A seat out of range, a seat that may not act now, a finished game, or an illegal action.
    /// The game is unchanged on error.
    pub fn apply(&mut self, seat: Seat, action: &G::Action) -> Result<Vec<G::Event>, ActError> {
        self.seats.check(seat)?;
        match G::to_act(&self.state) {
            ToAct::Over { .. } => return Err(ActError::GameOver),
            to_act if !to_act.includes(seat) => return Err(ActError::NotYourTurn(seat)),
            ToAct::Seats { .. } => {}
        }
        let before = self.state.clone();
        let mut events = Vec::new();
        G::apply(&mut self.state, seat, action, &mut events).map_err(|e| ActError::Illegal {
            reason: e.to_string(),
            fr: G::describe_illegal(&e, "fr"),
        })?;
        if G::undoable(&before, &self.state, seat, action, &events) {
            self.undo.push((seat, before));
        } else {
            self.undo.clear();
        }
        self.log.push((seat, action.clone()));
        Ok(events)
    }

    /// Whether `seat` may undo now.
    #[must_use]
    pub fn can_undo(&self, seat: Seat) -> bool {
        self.undo.last().is_some_and(|(s, _)| *s == seat)
    }

    /// Takes back `seat`'s last action.
    ///
    /// # Errors
    /// Nothing undoable, or the last undoable action is another seat's.
    pub fn undo(&mut self, seat: Seat) -> Result<(), UndoError> {
        match self.undo.last() {
            None => Err(UndoError::Nothing),
            Some((s, _)) if *s != seat => Err(UndoError::NotYours(*s)),
            Some(_) => {
                let (_, state) = self.undo.pop().expect("checked above");
                self.state = state;
                self.log.pop();
                Ok(())
            }
        }
    }

    /// The current state (hidden parts included: never show it to a player).
    #[must_use]
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The seat count.
    #[must_use]
    pub fn seats(&self) -> SeatCount {
        self.seats
    }

    /// The seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The actions that stand, in order.
    #[must_use]
    pub fn log(&self) -> &[(Seat, G::Action)] {
        &self.log
    }

    /// [`state_hash`] of the current state.
    #[must_use]
    pub fn hash(&self) -> String {
        state_hash::<G>(&self.state)
    }
}

//! One random playout: the loop, the chosen action with its undo and determinism checks, and
//! the save round trip. The checks on a state before acting live in `checkpoint.rs`.

use std::panic::{self, AssertUnwindSafe};

use serde::Serialize;
use serde_json::Value;

use super::json::diff;
use super::pool::Pool;
use super::{Check, KitConfig, KitFailure, KitReport, Probe};
use crate::{Game, GameRng, Options, SavedGame, Seat, SeatCount, Session, ToAct};

/// Salt for the generator that picks seats and actions, so it does not echo the game's own.
const PICK_SALT: u64 = 0x6b69_745f_7069_636b;
/// Salt for the generator behind probes and determinizations.
const PROBE_SALT: u64 = 0x6b69_745f_7072_6f62;

/// Plays one seed of one table with every check, adding what it did to `report`.
pub(crate) fn playout<G: Probe>(
    options: &Options,
    seats: SeatCount,
    seed: u64,
    config: &KitConfig,
    report: &mut KitReport,
) -> Result<(), KitFailure> {
    let mut p = Playout::<G>::new(options, seats, seed, config);
    let result = panic::catch_unwind(AssertUnwindSafe(|| p.run()));
    let result = match result {
        Ok(r) => r,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".to_owned());
            Err(p.fail(
                Check::Panic,
                format!("the game panicked while {}: {message}", p.phase),
            ))
        }
    };
    report.merge(&p.report);
    result
}

/// The state of one playout, and the context every failure reports.
pub(crate) struct Playout<'a, G: Probe> {
    pub(super) config: &'a KitConfig,
    options: &'a Options,
    pub(super) seats: SeatCount,
    seed: u64,
    /// Actions played so far.
    step: usize,
    /// The seat acting or probed now.
    pub(super) seat: Option<Seat>,
    /// The action involved now.
    pub(super) action: Option<Value>,
    /// What the kit is doing now, for panic reports.
    pub(super) phase: &'static str,
    /// Picks the seat and action of each step (and nothing else).
    pick: GameRng,
    /// Everything else random: probes, determinizations, the pool.
    pub(super) probe: GameRng,
    pub(super) pool: Pool<G::Action>,
    pub(super) report: KitReport,
}

impl<'a, G: Probe> Playout<'a, G> {
    fn new(options: &'a Options, seats: SeatCount, seed: u64, config: &'a KitConfig) -> Self {
        Self {
            config,
            options,
            seats,
            seed,
            step: 0,
            seat: None,
            action: None,
            phase: "setting up the table",
            pick: GameRng::from_seed(seed ^ PICK_SALT),
            probe: GameRng::from_seed(seed ^ PROBE_SALT),
            pool: Pool::new(),
            report: KitReport::default(),
        }
    }

    /// A failure at the current step, seat and action.
    pub(super) fn fail(&self, check: Check, detail: String) -> KitFailure {
        KitFailure {
            game: G::ID,
            check,
            options: self.options.clone(),
            seats: self.seats,
            seed: Some(self.seed),
            step: Some(self.step),
            seat: self.seat,
            action: self.action.clone(),
            detail,
        }
    }

    /// Serializes something the game hands out, failing with `check` if it cannot.
    pub(super) fn to_json<T: Serialize>(
        &self,
        value: &T,
        what: &str,
        check: Check,
    ) -> Result<Value, KitFailure> {
        serde_json::to_value(value)
            .map_err(|e| self.fail(check, format!("{what} does not serialize: {e}")))
    }

    /// The state's JSON bytes, what the saved-game hash is made of.
    pub(super) fn bytes(&self, state: &G::State) -> Result<Vec<u8>, KitFailure> {
        serde_json::to_vec(state).map_err(|e| {
            self.fail(
                Check::StateSerde,
                format!("the state does not serialize: {e}"),
            )
        })
    }

    /// Where two states differ, for messages.
    pub(super) fn state_diff(a: &G::State, b: &G::State) -> String {
        let a = serde_json::to_value(a).unwrap_or(Value::Null);
        let b = serde_json::to_value(b).unwrap_or(Value::Null);
        diff(&a, &b)
    }

    fn run(&mut self) -> Result<(), KitFailure> {
        let mut session = self.setup()?;
        let every = self.config.check_every.max(1);
        loop {
            self.seat = None;
            self.action = None;
            self.phase = "asking who acts and what is legal";
            let to_act = match G::to_act(session.state()) {
                ToAct::Over { outcome } => {
                    self.checkpoint_over(session.state())?;
                    self.replay(&session)?;
                    self.report.record_end(&outcome, self.step);
                    return Ok(());
                }
                ToAct::Seats { seats } => seats,
            };
            if self.step >= self.config.max_steps {
                return Err(self.fail(
                    Check::NeverEnds,
                    format!(
                        "no outcome after {} actions (still to act: seat {})",
                        self.config.max_steps,
                        to_act
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
            self.check_to_act(&to_act)?;
            let legal = self.legal_lists(session.state(), &to_act)?;
            let checked = self.step % every == 0;
            if checked {
                self.checkpoint(&mut session, &to_act, &legal)?;
            }
            let i = self.pick.index(to_act.len());
            let seat = to_act[i];
            let action = legal[i][self.pick.index(legal[i].len())].clone();
            self.seat = Some(seat);
            self.action = Some(self.to_json(&action, "an action", Check::Json)?);
            self.phase = "playing the chosen action";
            self.act(&mut session, seat, &action, checked)?;
            self.step += 1;
            if self.config.replay_every > 0 && self.step % self.config.replay_every == 0 {
                self.replay(&session)?;
            }
        }
    }

    /// Sets up the table twice: the two states must be the same.
    fn setup(&self) -> Result<Session<G>, KitFailure> {
        let setup = |what: &str| {
            Session::<G>::new(self.options.clone(), self.seats, self.seed)
                .map_err(|e| self.fail(Check::Setup, format!("{what} setup failed: {e}")))
        };
        let session = setup("the")?;
        let again = setup("a second")?;
        if self.bytes(session.state())? != self.bytes(again.state())? {
            return Err(self.fail(
                Check::Setup,
                format!(
                    "two setups with the same seed differ {}",
                    Self::state_diff(session.state(), again.state())
                ),
            ));
        }
        Ok(session)
    }

    /// `to_act` lists at least one seat, each once, each at the table.
    fn check_to_act(&self, to_act: &[Seat]) -> Result<(), KitFailure> {
        if to_act.is_empty() {
            return Err(self.fail(Check::ToAct, "to_act lists no seat and no outcome".into()));
        }
        for (i, seat) in to_act.iter().enumerate() {
            if !self.seats.contains(*seat) {
                return Err(self.fail(
                    Check::ToAct,
                    format!(
                        "to_act lists seat {seat}, not at this {}-seat table",
                        self.seats.0
                    ),
                ));
            }
            if to_act[..i].contains(seat) {
                return Err(self.fail(Check::ToAct, format!("to_act lists seat {seat} twice")));
            }
        }
        Ok(())
    }

    /// The legal list of each seat to act; none may be empty.
    fn legal_lists(
        &mut self,
        state: &G::State,
        to_act: &[Seat],
    ) -> Result<Vec<Vec<G::Action>>, KitFailure> {
        let mut lists = Vec::with_capacity(to_act.len());
        for &seat in to_act {
            let mut out = Vec::new();
            G::legal_actions(state, seat, &mut out);
            if out.is_empty() {
                self.seat = Some(seat);
                return Err(self.fail(
                    Check::NoLegalAction,
                    format!("to_act lists seat {seat}, which has no legal action"),
                ));
            }
            lists.push(out);
        }
        Ok(lists)
    }

    /// Plays the chosen action. At checked steps: the same action played on a copy by the fast
    /// path ([`Game::apply_listed`]) gives the same state, and an undoable action undoes to the
    /// state before and redoes to the same state.
    fn act(
        &mut self,
        session: &mut Session<G>,
        seat: Seat,
        action: &G::Action,
        checked: bool,
    ) -> Result<(), KitFailure> {
        let before = if checked {
            Some(session.state().clone())
        } else {
            None
        };
        let twin = match &before {
            Some(state) => {
                let mut twin = state.clone();
                G::apply_listed(&mut twin, seat, action, &mut Vec::new()).map_err(|e| {
                    self.fail(
                        Check::LegalRefused,
                        format!("apply_listed refused a legal action: {e}"),
                    )
                })?;
                Some(twin)
            }
            None => None,
        };
        session.apply(seat, action).map_err(|e| {
            self.fail(
                Check::LegalRefused,
                format!("apply refused a legal action: {e}"),
            )
        })?;
        let (Some(before), Some(twin)) = (before, twin) else {
            return Ok(());
        };
        let after = self.bytes(session.state())?;
        if self.bytes(&twin)? != after {
            return Err(self.fail(
                Check::Nondeterministic,
                format!(
                    "the same action on the same state gave two states (apply_listed, then \
                     apply) {}",
                    Self::state_diff(&twin, session.state())
                ),
            ));
        }
        if session.can_undo(seat) {
            self.undo_redo(session, seat, action, &before, &after)?;
        }
        Ok(())
    }

    /// Undoes the action just played, checks the state, and plays it again.
    fn undo_redo(
        &mut self,
        session: &mut Session<G>,
        seat: Seat,
        action: &G::Action,
        before: &G::State,
        after: &[u8],
    ) -> Result<(), KitFailure> {
        self.report.undos += 1;
        self.phase = "undoing and redoing the chosen action";
        let log_len = session.log().len();
        session.undo(seat).map_err(|e| {
            self.fail(
                Check::Undo,
                format!("can_undo said yes but undo refused: {e}"),
            )
        })?;
        if self.bytes(session.state())? != self.bytes(before)? || session.log().len() + 1 != log_len
        {
            return Err(self.fail(
                Check::Undo,
                format!(
                    "undo did not restore the state before the action {}",
                    Self::state_diff(before, session.state())
                ),
            ));
        }
        session.apply(seat, action).map_err(|e| {
            self.fail(
                Check::Undo,
                format!("the action was refused after an undo: {e}"),
            )
        })?;
        if self.bytes(session.state())? != after {
            return Err(self.fail(
                Check::Undo,
                "playing the action again after undoing it gave another state".into(),
            ));
        }
        Ok(())
    }

    /// Saves, writes JSON, parses it back and replays: same saved game, same hash.
    fn replay(&mut self, session: &Session<G>) -> Result<(), KitFailure> {
        self.report.replays += 1;
        self.phase = "saving and replaying";
        let save = session.to_save();
        let text = save.to_json();
        let back = SavedGame::from_json(&text).map_err(|e| {
            self.fail(
                Check::Replay,
                format!("the saved game does not parse back: {e}"),
            )
        })?;
        if back != save {
            return Err(self.fail(
                Check::Replay,
                "the saved game changes through its JSON form".into(),
            ));
        }
        let loaded = Session::<G>::from_save(&back)
            .map_err(|e| self.fail(Check::Replay, format!("replaying the saved game: {e}")))?;
        if loaded.hash() != session.hash() {
            return Err(self.fail(
                Check::Replay,
                format!(
                    "the replayed state differs {}",
                    Self::state_diff(session.state(), loaded.state())
                ),
            ));
        }
        Ok(())
    }
}

/// A game's legal actions for one seat.
pub(super) fn legal_of<G: Game>(state: &G::State, seat: Seat) -> Vec<G::Action> {
    let mut out = Vec::new();
    G::legal_actions(state, seat, &mut out);
    out
}

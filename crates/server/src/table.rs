//! A table in play: the game session, its log, who sits where, and the pushes to every
//! connection. Actions are applied, committed to the store, and only then broadcast.

use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use std::time::Duration;

use lockpick_engine::{
    ActError, DynSession, EventBatch, FORMAT_VERSION, Options, Outcome, Registry, SavedGame, Seat,
    SeatCount, ToAct, UndoError, Viewer,
};
use serde_json::Value;
use tokio::sync::{Notify, broadcast};
use tokio_util::sync::CancellationToken;

use crate::ids::{TableId, TokenHash};
use crate::protocol::{Cause, LogItem, Occupant, SeatStatus, SeenEvent};
use crate::store::{Events, LogEntry, SeatRecord, Store, StoreError, StoredTable};

/// What every connection of a table is told.
#[derive(Debug, Clone)]
pub(crate) enum Push {
    /// The game changed.
    Update(Arc<Snapshot>),
    /// Who sits where changed.
    Seats(Arc<Vec<SeatStatus>>),
}

/// The game after a change, for every viewer at once (computed once, under the table's lock,
/// so that every connection sees views and events that belong together).
#[derive(Debug)]
pub(crate) struct Snapshot {
    /// Grows with every change.
    pub version: u64,
    /// Actions in the log.
    pub length: usize,
    /// Why.
    pub cause: Cause,
    /// Who acts, or the outcome.
    pub to_act: ToAct,
    /// Views: seats in order, then the spectator.
    pub views: Vec<Value>,
    /// This change's events, for the same viewers.
    pub events: Vec<Vec<SeenEvent>>,
    /// Each seat's legal actions.
    pub legal: Vec<Vec<Value>>,
    /// Whether each seat may undo.
    pub can_undo: Vec<bool>,
}

impl Snapshot {
    /// The index of `viewer`'s view and events.
    pub fn slot(&self, viewer: Viewer) -> usize {
        match viewer {
            Viewer::Seat(s) => s.index(),
            Viewer::Spectator => self.views.len() - 1,
        }
    }
}

/// Why an action or undo was not done.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ActFailure {
    /// The engine refused it.
    #[error(transparent)]
    Game(#[from] ActError),
    /// Nothing to undo.
    #[error(transparent)]
    Undo(#[from] UndoError),
    /// The store failed; the table is as it was.
    #[error(transparent)]
    Storage(#[from] StoreError),
    /// A bot's choice arrived after the game or the seat's controller changed.
    #[error("the bot's choice is stale")]
    Stale,
}

/// A finished game at one step of its replay.
#[derive(Debug)]
pub(crate) struct ReplayStep {
    /// Actions in the whole log.
    pub length: usize,
    /// Who played the step's action (`None` at step 0, the setup).
    pub seat: Option<u8>,
    /// The step's action.
    pub action: Option<Value>,
    /// The step's events, as the viewer saw them.
    pub events: Vec<SeenEvent>,
    /// The viewer's view after the step.
    pub view: Value,
    /// Who was to act after the step, or the outcome at the last one.
    pub to_act: ToAct,
}

/// Why a replay step could not be shown.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ReplayError {
    /// Past the end.
    #[error("step {step} is past the end: the game has {length} actions (steps 0 to {length})")]
    PastTheEnd {
        /// Asked.
        step: usize,
        /// The log's length.
        length: usize,
    },
    /// The stored log does not replay.
    #[error(transparent)]
    Rebuild(#[from] RebuildError),
}

/// Who plays an action.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Actor {
    /// A player, through a connection holding the seat's token.
    Player,
    /// A bot that chose when the table was at `version`.
    Bot {
        /// The table's version when it chose.
        version: u64,
    },
}

/// Why a stored table could not be set up again.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RebuildError {
    /// The game is not in this build.
    #[error("unknown game '{0}'")]
    UnknownGame(String),
    /// The options no longer validate or the game cannot be set up.
    #[error("cannot set the game up: {0}")]
    Setup(String),
    /// An action replays but shows other events than those stored with it.
    #[error("action {index} replays with other events than those stored with it")]
    Differs {
        /// Where.
        index: usize,
    },
    /// An action of the log does not replay.
    #[error("action {index} does not replay: {reason}")]
    Replay {
        /// Where.
        index: usize,
        /// Why.
        reason: String,
    },
}

/// The part of the server a table needs to run on its own.
#[derive(Debug, Clone)]
pub(crate) struct TableContext {
    pub shutdown: CancellationToken,
    pub takeover_after: Duration,
    pub takeover_bot: String,
}

struct Live {
    session: Box<dyn DynSession>,
    log: Vec<LogEntry>,
    version: u64,
    /// A change was applied in memory and its commit has not finished: if set when the lock
    /// is taken, the commit was abandoned and the session is rebuilt from the log.
    pending: bool,
}

#[derive(Debug)]
struct SeatState {
    record: SeatRecord,
    connections: u32,
    /// The player left (or stayed away too long): a bot plays the seat until they return.
    away: bool,
    /// Bumped by every connect and disconnect, so a stale takeover timer does nothing.
    epoch: u64,
}

/// One table in play.
pub(crate) struct Table {
    pub id: TableId,
    pub game: &'static str,
    pub options: Options,
    pub seat_count: SeatCount,
    pub seed: u64,
    /// The saved-game format whose rules the game plays by.
    pub format: u32,
    pub created_ms: i64,
    registry: Arc<Registry>,
    ctx: TableContext,
    live: tokio::sync::Mutex<Live>,
    seats: Mutex<Vec<SeatState>>,
    latest: RwLock<Arc<Snapshot>>,
    tx: broadcast::Sender<Push>,
    /// Wakes the table's bot driver.
    pub wake: Notify,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("id", &self.id)
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

/// What it takes to set a table's game up again: the game, its setup and the rules it plays by.
struct Setup<'a> {
    game: &'a str,
    options: &'a Options,
    seats: SeatCount,
    seed: u64,
    /// The saved-game format whose rules the table plays by ([`FORMAT_VERSION`] for a new one).
    format: u32,
}

/// Replays a log into a fresh session. With `stored_events`, every action must also show every
/// viewer the events stored with it, or the replay stops there ([`RebuildError::Differs`]).
fn replay(
    registry: &Registry,
    setup: &Setup<'_>,
    log: &[LogEntry],
    stored_events: bool,
) -> Result<(&'static str, Box<dyn DynSession>), RebuildError> {
    let dyn_game = registry
        .get(setup.game)
        .ok_or_else(|| RebuildError::UnknownGame(setup.game.to_owned()))?;
    let options = setup
        .options
        .revalidate(&dyn_game.info().options)
        .map_err(|e| RebuildError::Setup(e.to_string()))?;
    let mut session = dyn_game
        .new_session_in_format(&options, setup.seats, setup.seed, setup.format)
        .map_err(|e| RebuildError::Setup(e.to_string()))?;
    for (index, entry) in log.iter().enumerate() {
        let batch =
            session
                .apply_json(entry.seat, &entry.action)
                .map_err(|e| RebuildError::Replay {
                    index,
                    reason: e.to_string(),
                })?;
        if stored_events && !shows_the_same(&batch, &entry.events) {
            return Err(RebuildError::Differs { index });
        }
    }
    Ok((dyn_game.id(), session))
}

/// Whether a replayed action shows every viewer the events stored with it. Only the events
/// count, not their sentences, which later versions may word better.
fn shows_the_same(batch: &EventBatch, stored: &Events) -> bool {
    batch.per_seat.len() == stored.per_seat.len()
        && batch
            .per_seat
            .iter()
            .chain([&batch.spectator])
            .zip(stored.per_seat.iter().chain([&stored.spectator]))
            .all(|(replayed, stored)| {
                replayed
                    .iter()
                    .map(|e| &e.event)
                    .eq(stored.iter().map(|e| &e.event))
            })
}

/// Replays the log of a table stored before tables kept the format of the rules they play by.
/// The rules of the formats differ only in rare positions (see [`FORMAT_VERSION`]), and the
/// events stored with each action tell which rules played it: the newest format whose replay
/// shows the same events is the table's. When none does (an event reworded into another
/// shape), the newest rules replay it as they did before tables kept their format.
fn replay_unknown_format(
    registry: &Registry,
    setup: &Setup<'_>,
    log: &[LogEntry],
) -> Result<(&'static str, Box<dyn DynSession>), RebuildError> {
    for format in (1..=FORMAT_VERSION).rev() {
        let setup = Setup { format, ..*setup };
        if let Ok(found) = replay(registry, &setup, log, true) {
            return Ok(found);
        }
    }
    let setup = Setup {
        format: FORMAT_VERSION,
        ..*setup
    };
    replay(registry, &setup, log, false)
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic elsewhere never leaves seat bookkeeping half-written: keep going.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Table {
    /// Sets a stored table up again by replaying its log.
    pub fn rebuild(
        registry: Arc<Registry>,
        ctx: TableContext,
        stored: StoredTable,
    ) -> Result<Self, RebuildError> {
        let record = stored.record;
        let setup = Setup {
            game: &record.game,
            options: &record.options,
            seats: record.seats,
            seed: record.seed,
            format: record.format.unwrap_or(FORMAT_VERSION),
        };
        let (game, session) = match record.format {
            Some(_) => replay(&registry, &setup, &stored.log, false)?,
            None => replay_unknown_format(&registry, &setup, &stored.log)?,
        };
        let format = session.format();
        let seats = stored
            .seats
            .into_iter()
            .map(|record| SeatState {
                record,
                connections: 0,
                away: false,
                epoch: 0,
            })
            .collect();
        let (tx, _) = broadcast::channel(256);
        let live = Live {
            session,
            log: stored.log,
            version: 0,
            pending: false,
        };
        let first = Arc::new(snapshot(&live, record.seats, Cause::Sync, None));
        Ok(Self {
            id: record.id,
            game,
            options: record.options,
            seat_count: record.seats,
            seed: record.seed,
            format,
            created_ms: record.created_ms,
            registry,
            ctx,
            live: tokio::sync::Mutex::new(live),
            seats: Mutex::new(seats),
            latest: RwLock::new(first),
            tx,
            wake: Notify::new(),
        })
    }

    async fn lock_live(&self) -> tokio::sync::MutexGuard<'_, Live> {
        let mut live = self.live.lock().await;
        if live.pending {
            tracing::warn!(table = %self.id, "an interrupted commit: rebuilding the game from its log");
            self.restore(&mut live);
        }
        live
    }

    fn setup(&self) -> Setup<'_> {
        Setup {
            game: self.game,
            options: &self.options,
            seats: self.seat_count,
            seed: self.seed,
            format: self.format,
        }
    }

    /// Puts the session back to what the log says (after a failed or abandoned commit).
    fn restore(&self, live: &mut Live) {
        match replay(&self.registry, &self.setup(), &live.log, false) {
            Ok((_, session)) => {
                live.session = session;
                live.pending = false;
            }
            Err(e) => {
                tracing::error!(table = %self.id, error = %e, "cannot rebuild the game from its log");
            }
        }
    }

    /// The newest snapshot.
    pub fn latest(&self) -> Arc<Snapshot> {
        Arc::clone(
            &self
                .latest
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.latest().to_act.outcome().cloned()
    }

    /// Follows the table's changes.
    pub fn subscribe(&self) -> broadcast::Receiver<Push> {
        self.tx.subscribe()
    }

    fn publish(&self, snapshot: Snapshot) {
        let snapshot = Arc::new(snapshot);
        *self
            .latest
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::clone(&snapshot);
        // Nobody listening is fine.
        let _ = self.tx.send(Push::Update(snapshot));
        self.wake.notify_one();
    }

    /// Plays `action` for `seat`: applied, committed, then broadcast. Returns the log length.
    pub async fn act(
        &self,
        store: &Store,
        seat: Seat,
        action: Value,
        actor: Actor,
    ) -> Result<usize, ActFailure> {
        let mut live = self.lock_live().await;
        if let Actor::Bot { version } = actor {
            if live.version != version || self.playing_bot(seat).is_none() {
                return Err(ActFailure::Stale);
            }
        }
        let batch = live.session.apply_json(seat, &action)?;
        let entry = LogEntry {
            seat,
            action,
            events: Events::from_batch(batch),
        };
        let index = live.log.len();
        let outcome = live.session.to_act().outcome().cloned();
        live.pending = true;
        if let Err(e) = store
            .append(&self.id, index, &entry, outcome.as_ref())
            .await
        {
            self.restore(&mut live);
            return Err(e.into());
        }
        live.pending = false;
        live.log.push(entry);
        live.version += 1;
        let cause = Cause::Action {
            seat: seat.0,
            index,
        };
        let snap = snapshot(
            &live,
            self.seat_count,
            cause,
            live.log.last().map(|e| &e.events),
        );
        self.publish(snap);
        if let Some(outcome) = outcome {
            tracing::info!(table = %self.id, verdict = ?outcome.verdict, reason = %outcome.reason, "game over");
        }
        Ok(live.log.len())
    }

    /// Takes back `seat`'s last action: undone, committed, then broadcast. Returns the log
    /// length.
    pub async fn undo(&self, store: &Store, seat: Seat) -> Result<usize, ActFailure> {
        let mut live = self.lock_live().await;
        live.session.undo(seat)?;
        let index = live.log.len().saturating_sub(1);
        let outcome = live.session.to_act().outcome().cloned();
        live.pending = true;
        if let Err(e) = store.remove_last(&self.id, index, outcome.as_ref()).await {
            self.restore(&mut live);
            return Err(e.into());
        }
        live.pending = false;
        live.log.pop();
        live.version += 1;
        let cause = Cause::Undo {
            seat: seat.0,
            index,
        };
        let snap = snapshot(&live, self.seat_count, cause, None);
        self.publish(snap);
        Ok(live.log.len())
    }

    /// The log from `from` as `viewer` may know it, and the snapshot it leads to.
    pub async fn resume(&self, viewer: Viewer, from: usize) -> (Vec<LogItem>, Arc<Snapshot>) {
        let live = self.lock_live().await;
        let over = live.session.to_act().outcome().is_some();
        let items = log_items(&live.log, viewer, over, from);
        (items, self.latest())
    }

    /// The whole log as `viewer` may know it, whether the game is over, and its saved form.
    pub async fn log(&self, viewer: Viewer) -> (Vec<LogItem>, Option<SavedGame>) {
        let live = self.lock_live().await;
        let over = live.session.to_act().outcome().is_some();
        let items = log_items(&live.log, viewer, over, 0);
        (items, over.then(|| live.session.save()))
    }

    /// A finished game after its first `step` actions, as `viewer` sees it, or `None` while the
    /// game goes on (a replay would show what players may not know yet).
    ///
    /// # Errors
    /// `step` is past the end of the log, or the log no longer replays.
    pub async fn replay_step(
        &self,
        step: usize,
        viewer: Viewer,
    ) -> Option<Result<ReplayStep, ReplayError>> {
        let log = {
            let live = self.lock_live().await;
            live.session.to_act().outcome()?;
            live.log.clone()
        };
        if step > log.len() {
            return Some(Err(ReplayError::PastTheEnd {
                step,
                length: log.len(),
            }));
        }
        let rebuilt = replay(&self.registry, &self.setup(), &log[..step], false);
        Some(match rebuilt {
            Err(e) => Err(ReplayError::Rebuild(e)),
            Ok((_, session)) => {
                let last = step.checked_sub(1).and_then(|i| log.get(i));
                Ok(ReplayStep {
                    length: log.len(),
                    seat: last.map(|e| e.seat.0),
                    action: last.map(|e| e.action.clone()),
                    events: last
                        .map(|e| e.events.for_viewer(viewer).to_vec())
                        .unwrap_or_default(),
                    view: session.view(viewer),
                    to_act: session.to_act(),
                })
            }
        })
    }

    /// The game's saved form and the table's version, for a bot to think on a copy.
    pub async fn save(&self) -> (SavedGame, u64) {
        let live = self.lock_live().await;
        (live.session.save(), live.version)
    }

    /// A seat a bot should play now, with the bot's name, the version and the saved game.
    pub async fn bot_turn(&self) -> Option<(Seat, String, u64, SavedGame)> {
        let live = self.lock_live().await;
        let ToAct::Seats { seats } = live.session.to_act() else {
            return None;
        };
        let (seat, bot) = seats
            .iter()
            .find_map(|s| self.playing_bot(*s).map(|b| (*s, b)))?;
        Some((seat, bot, live.version, live.session.save()))
    }

    /// The registry of games, for bots.
    pub fn registry(&self) -> &Arc<Registry> {
        &self.registry
    }

    // --- seats -------------------------------------------------------------------------------

    /// Every seat as the table sees it.
    pub fn seat_statuses(&self) -> Vec<SeatStatus> {
        let seats = lock(&self.seats);
        (0u8..)
            .zip(seats.iter())
            .map(|(i, s)| SeatStatus {
                seat: i,
                occupant: if s.record.bot.is_some() {
                    Occupant::Bot
                } else if s.record.token_hash.is_some() {
                    Occupant::Player
                } else {
                    Occupant::Open
                },
                name: s.record.name.clone(),
                bot: self.bot_of(s),
                connections: s.connections,
            })
            .collect()
    }

    fn bot_of(&self, s: &SeatState) -> Option<String> {
        match (&s.record.bot, &s.record.token_hash) {
            (Some(bot), _) => Some(bot.clone()),
            (None, Some(_)) if s.away => Some(self.ctx.takeover_bot.clone()),
            _ => None,
        }
    }

    /// The bot playing `seat` now, if a bot does.
    pub fn playing_bot(&self, seat: Seat) -> Option<String> {
        lock(&self.seats)
            .get(seat.index())
            .and_then(|s| self.bot_of(s))
    }

    /// Whether any seat is still open.
    pub fn has_open_seat(&self) -> bool {
        lock(&self.seats)
            .iter()
            .any(|s| s.record.bot.is_none() && s.record.token_hash.is_none())
    }

    /// The seat whose token hashes to `hash`.
    pub fn seat_of_token(&self, hash: &TokenHash) -> Option<Seat> {
        let seats = lock(&self.seats);
        (0u8..)
            .zip(seats.iter())
            .find(|(_, s)| s.record.token_hash.as_ref() == Some(hash))
            .map(|(i, _)| Seat(i))
    }

    /// Whether `seat` is open to a player.
    pub fn is_open(&self, seat: Seat) -> bool {
        lock(&self.seats)
            .get(seat.index())
            .is_some_and(|s| s.record.bot.is_none() && s.record.token_hash.is_none())
    }

    fn publish_seats(&self) {
        let _ = self.tx.send(Push::Seats(Arc::new(self.seat_statuses())));
        self.wake.notify_one();
    }

    /// Records that a player took `seat` (after the store did).
    pub fn seated(self: &Arc<Self>, seat: Seat, hash: TokenHash, name: Option<String>) {
        let epoch = {
            let mut seats = lock(&self.seats);
            let Some(s) = seats.get_mut(seat.index()) else {
                return;
            };
            s.record.token_hash = Some(hash);
            s.record.name = name;
            s.epoch += 1;
            s.epoch
        };
        self.publish_seats();
        self.schedule_takeover(seat, epoch);
    }

    /// A connection of `seat` opened: the player is back if they were away. Taken in turn
    /// with the game's actions ([`Self::set_away`]).
    pub async fn connected(&self, seat: Seat) {
        let _live = self.lock_live().await;
        {
            let mut seats = lock(&self.seats);
            let Some(s) = seats.get_mut(seat.index()) else {
                return;
            };
            s.connections += 1;
            s.away = false;
            s.epoch += 1;
        }
        self.publish_seats();
    }

    /// A connection of `seat` closed; when it was the last, a bot takes over after a while.
    pub fn disconnected(self: &Arc<Self>, seat: Seat) {
        let epoch = {
            let mut seats = lock(&self.seats);
            let Some(s) = seats.get_mut(seat.index()) else {
                return;
            };
            s.connections = s.connections.saturating_sub(1);
            s.epoch += 1;
            (s.connections == 0).then_some(s.epoch)
        };
        self.publish_seats();
        if let Some(epoch) = epoch {
            self.schedule_takeover(seat, epoch);
        }
    }

    /// The player of `seat` leaves it to a bot (`away`) or takes it back. Taken in turn with
    /// the game's actions: a bot's action under way lands (and is announced) before the seat
    /// changes hands, and a bot's action that comes after finds the seat no longer its own.
    pub async fn set_away(&self, seat: Seat, away: bool) {
        // Every player's action asks for its seat back: most find it theirs already and need
        // not wait for the game's lock.
        let settled = lock(&self.seats)
            .get(seat.index())
            .is_none_or(|s| s.record.token_hash.is_none() || s.away == away);
        if settled {
            return;
        }
        let _live = self.lock_live().await;
        let changed = {
            let mut seats = lock(&self.seats);
            match seats.get_mut(seat.index()) {
                Some(s) if s.record.token_hash.is_some() && s.away != away => {
                    s.away = away;
                    s.epoch += 1;
                    true
                }
                _ => false,
            }
        };
        if changed {
            self.publish_seats();
        }
    }

    /// Starts the takeover clock of every seated player (a table just loaded has no
    /// connections yet).
    pub fn start_takeover_clocks(self: &Arc<Self>) {
        let pending: Vec<(Seat, u64)> = {
            let seats = lock(&self.seats);
            (0u8..)
                .zip(seats.iter())
                .filter(|(_, s)| s.record.token_hash.is_some() && s.connections == 0)
                .map(|(i, s)| (Seat(i), s.epoch))
                .collect()
        };
        for (seat, epoch) in pending {
            self.schedule_takeover(seat, epoch);
        }
    }

    fn schedule_takeover(self: &Arc<Self>, seat: Seat, epoch: u64) {
        let table = Arc::clone(self);
        let delay = self.ctx.takeover_after;
        let shutdown = self.ctx.shutdown.clone();
        if tokio::runtime::Handle::try_current().is_err() {
            return;
        }
        tokio::spawn(async move {
            tokio::select! {
                () = tokio::time::sleep(delay) => {}
                () = shutdown.cancelled() => return,
            }
            let took_over = {
                let mut seats = lock(&table.seats);
                match seats.get_mut(seat.index()) {
                    Some(s)
                        if s.epoch == epoch
                            && s.connections == 0
                            && s.record.token_hash.is_some()
                            && !s.away =>
                    {
                        s.away = true;
                        true
                    }
                    _ => false,
                }
            };
            if took_over {
                tracing::info!(table = %table.id, seat = seat.0, "the player is away: a bot takes over");
                table.publish_seats();
            }
        });
    }
}

fn snapshot(live: &Live, seats: SeatCount, cause: Cause, events: Option<&Events>) -> Snapshot {
    let session = &live.session;
    let viewers: Vec<Viewer> = seats
        .seats()
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
        .collect();
    Snapshot {
        version: live.version,
        length: live.log.len(),
        cause,
        to_act: session.to_act(),
        views: viewers.iter().map(|v| session.view(*v)).collect(),
        events: viewers
            .iter()
            .map(|v| {
                events
                    .map(|e| e.for_viewer(*v).to_vec())
                    .unwrap_or_default()
            })
            .collect(),
        legal: seats.seats().map(|s| session.legal_actions(s)).collect(),
        can_undo: seats.seats().map(|s| session.can_undo(s)).collect(),
    }
}

/// The log from `from` as `viewer` may know it: during the game, a seat sees its own actions
/// and its redacted events; once the game is over, every action is public.
fn log_items(log: &[LogEntry], viewer: Viewer, over: bool, from: usize) -> Vec<LogItem> {
    log.iter()
        .enumerate()
        .skip(from)
        .map(|(index, e)| LogItem {
            index,
            seat: e.seat.0,
            action: (over || viewer == Viewer::Seat(e.seat)).then(|| e.action.clone()),
            events: e.events.for_viewer(viewer).to_vec(),
        })
        .collect()
}

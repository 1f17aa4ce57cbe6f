//! Bots at the table: each table in play has one driver task that waits for a change, and when
//! a seat played by a bot is to act, waits the think delay and asks the bot on a blocking
//! thread (never on the async runtime), on a copy of the game rebuilt from its saved form.

use std::sync::Arc;

use lockpick_ai::{BotKind, Bots, decision_seed, hint_seed};
use lockpick_engine::{Registry, SavedGame, Seat};
use serde_json::Value;

use crate::state::AppState;
use crate::table::{ActFailure, Actor, Table};

/// Why a bot could not choose.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ThinkError {
    /// The game or the bot is unknown, or the copy does not load.
    #[error("{0}")]
    Unavailable(String),
    /// The blocking thread failed.
    #[error("the bot's thread failed: {0}")]
    Thread(#[from] tokio::task::JoinError),
}

/// Asks `kind` what `seat` plays in `save`, on a blocking thread.
pub(crate) async fn think(
    registry: Arc<Registry>,
    bots: Arc<Bots>,
    save: SavedGame,
    seat: Seat,
    kind: BotKind,
    seed: u64,
) -> Result<Option<Value>, ThinkError> {
    let choice = tokio::task::spawn_blocking(move || {
        let game = registry
            .get(&save.game)
            .ok_or_else(|| ThinkError::Unavailable(format!("unknown game '{}'", save.game)))?;
        let session = game
            .load(&save)
            .map_err(|e| ThinkError::Unavailable(e.to_string()))?;
        let mut bot = bots
            .make(&save.game, kind, seed)
            .map_err(|e| ThinkError::Unavailable(e.to_string()))?;
        Ok::<_, ThinkError>(bot.choose(session.as_ref(), seat))
    })
    .await??;
    Ok(choice)
}

/// The ISMCTS bot's suggestion for `seat`, played nowhere.
pub(crate) async fn hint(
    state: &AppState,
    table: &Table,
    seat: Seat,
) -> Result<Option<Value>, ThinkError> {
    let (save, _) = table.save().await;
    let kind = BotKind::parse("ismcts", state.inner.settings.hint_iterations)
        .map_err(|e| ThinkError::Unavailable(e.to_string()))?;
    let seed = hint_seed(table.seed, save.log.len(), seat);
    think(
        Arc::clone(&state.inner.registry),
        Arc::clone(&state.inner.bots),
        save,
        seat,
        kind,
        seed,
    )
    .await
}

/// Starts the bot driver of `table`.
pub(crate) fn start_driver(state: &AppState, table: &Arc<Table>) {
    let state = state.clone();
    let table = Arc::clone(table);
    state.inner.tasks.clone().spawn(drive(state, table));
}

async fn drive(state: AppState, table: Arc<Table>) {
    let shutdown = state.inner.shutdown.clone();
    let settings = &state.inner.settings;
    loop {
        let Some((seat, bot, version, save)) = table.bot_turn().await else {
            tokio::select! {
                () = table.wake.notified() => continue,
                () = shutdown.cancelled() => return,
            }
        };
        tokio::select! {
            () = tokio::time::sleep(settings.bot_delay) => {}
            () = shutdown.cancelled() => return,
        }
        let kind = match BotKind::parse(&bot, settings.bot_iterations) {
            Ok(kind) => kind,
            Err(e) => {
                tracing::error!(table = %table.id, seat = seat.0, error = %e, "unknown bot");
                wait_for_change(&table, &shutdown).await;
                continue;
            }
        };
        let seed = decision_seed(table.seed, save.log.len(), seat);
        let thinking = think(
            Arc::clone(table.registry()),
            Arc::clone(&state.inner.bots),
            save,
            seat,
            kind,
            seed,
        );
        let choice = tokio::select! {
            choice = thinking => choice,
            () = shutdown.cancelled() => return,
        };
        match choice {
            Ok(Some(action)) => {
                match table
                    .act(&state.inner.store, seat, action, Actor::Bot { version })
                    .await
                {
                    Ok(_) | Err(ActFailure::Stale) => {}
                    Err(e) => {
                        tracing::error!(table = %table.id, seat = seat.0, error = %e, "the bot's action failed");
                        wait_for_change(&table, &shutdown).await;
                    }
                }
            }
            Ok(None) => {
                tracing::warn!(table = %table.id, seat = seat.0, "the bot found nothing to play");
                wait_for_change(&table, &shutdown).await;
            }
            Err(e) => {
                tracing::error!(table = %table.id, seat = seat.0, error = %e, "the bot failed");
                wait_for_change(&table, &shutdown).await;
            }
        }
    }
}

/// After a failure, retries only once something changed (no busy loop).
async fn wait_for_change(table: &Table, shutdown: &tokio_util::sync::CancellationToken) {
    tokio::select! {
        () = table.wake.notified() => {}
        () = shutdown.cancelled() => {}
    }
}

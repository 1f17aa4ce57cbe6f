//! What every request handler shares: the games, the bots, the store and the tables in play.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use lockpick_ai::Bots;
use lockpick_engine::Registry;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::config::Settings;
use crate::error::ApiError;
use crate::ids::TableId;
use crate::store::{Store, StoreError, StoredTable};
use crate::table::{Table, TableContext};

/// The server's shared state, cheap to clone; [`crate::app`] builds the router on it.
#[derive(Clone)]
pub struct AppState {
    pub(crate) inner: Arc<Shared>,
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState")
            .field("registry", &self.inner.registry)
            .field("bots", &self.inner.bots)
            .finish_non_exhaustive()
    }
}

pub(crate) struct Shared {
    pub registry: Arc<Registry>,
    pub bots: Arc<Bots>,
    pub store: Store,
    pub settings: Settings,
    pub tables: Mutex<BTreeMap<TableId, Arc<Table>>>,
    pub shutdown: CancellationToken,
    pub tasks: TaskTracker,
    /// Tables and seats created, per client address ([`Settings::creations_per_min`]).
    pub creations: Option<governor::DefaultKeyedRateLimiter<std::net::IpAddr>>,
}

impl AppState {
    /// Counts one table or seat created by `client` against [`Settings::creations_per_min`],
    /// and refuses it past the limit. Requests without a peer address (the router called in
    /// the process, as tests do) are not counted.
    pub(crate) fn admit_creation(&self, client: Option<std::net::IpAddr>) -> Result<(), ApiError> {
        use governor::clock::Clock;
        let (Some(limiter), Some(ip)) = (&self.inner.creations, client) else {
            return Ok(());
        };
        // Forget the addresses whose allowance is whole again, now and then.
        if limiter.len() > 4096 {
            limiter.retain_recent();
        }
        limiter.check_key(&ip).map_err(|refused| {
            let wait = refused.wait_time_from(limiter.clock().now());
            let retry_after = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            ApiError::TooManyRequests {
                message: format!(
                    "too many tables and seats taken from this address: at most {} a minute; \
                     try again in {retry_after} s",
                    self.inner.settings.creations_per_min
                ),
                fr: format!(
                    "trop de tables créées et de places prises depuis cette adresse : au plus {} \
                     par minute ; réessayez dans {retry_after} s",
                    self.inner.settings.creations_per_min
                ),
                retry_after,
            }
        })
    }

    /// Builds the state on an open store and resumes every unfinished table: each is replayed
    /// from its log and its bots start playing again.
    ///
    /// # Errors
    /// The store failed. A table that no longer replays (a game removed from this build, say)
    /// is logged and skipped.
    pub async fn new(
        store: Store,
        registry: Arc<Registry>,
        bots: Arc<Bots>,
        settings: Settings,
    ) -> Result<Self, StoreError> {
        let state = Self {
            inner: Arc::new(Shared {
                registry,
                bots,
                store,
                tables: Mutex::new(BTreeMap::new()),
                shutdown: CancellationToken::new(),
                tasks: TaskTracker::new(),
                creations: std::num::NonZeroU32::new(settings.creations_per_min)
                    .map(|n| governor::RateLimiter::keyed(governor::Quota::per_minute(n))),
                settings,
            }),
        };
        let ids = state.inner.store.unfinished().await?;
        let mut resumed = 0usize;
        for id in ids {
            match state.inner.store.load(&id).await {
                Ok(Some(stored)) => match state.install_stored(stored).await {
                    Ok(_) => resumed += 1,
                    Err(e) => tracing::error!(table = %id, error = %e, "cannot resume table"),
                },
                Ok(None) => {}
                Err(e @ StoreError::Corrupt { .. }) => {
                    tracing::error!(table = %id, error = %e, "cannot resume table");
                }
                Err(e) => return Err(e),
            }
        }
        tracing::info!(tables = resumed, "tables resumed");
        Ok(state)
    }

    /// Asks every connection and bot to stop (the HTTP server stops separately).
    pub fn shutdown(&self) {
        self.inner.shutdown.cancel();
    }

    /// A token cancelled when the server shuts down.
    #[must_use]
    pub fn shutdown_token(&self) -> CancellationToken {
        self.inner.shutdown.clone()
    }

    /// Waits until every connection and bot has stopped, then closes the store. Call after
    /// [`AppState::shutdown`]; every acknowledged action is on disk when this returns.
    pub async fn finish(&self) {
        self.inner.shutdown.cancel();
        self.inner.tasks.close();
        self.inner.tasks.wait().await;
        self.inner.store.close().await;
    }

    /// The store.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    pub(crate) fn context(&self) -> TableContext {
        TableContext {
            shutdown: self.inner.shutdown.clone(),
            takeover_after: self.inner.settings.takeover_after,
            takeover_bot: self.inner.settings.takeover_bot.clone(),
        }
    }

    /// Sets a stored table up in memory and starts its bots and takeover clocks.
    pub(crate) fn install(&self, stored: StoredTable) -> Result<Arc<Table>, ApiError> {
        let id = stored.record.id.clone();
        let table = Table::rebuild(Arc::clone(&self.inner.registry), self.context(), stored)
            .map_err(|e| ApiError::Internal(format!("table {id}: {e}")))?;
        let table = Arc::new(table);
        let mut tables = lock_tables(&self.inner.tables);
        if let Some(existing) = tables.get(&id) {
            return Ok(Arc::clone(existing));
        }
        tables.insert(id, Arc::clone(&table));
        drop(tables);
        if table.outcome().is_none() {
            crate::bots::start_driver(self, &table);
            table.start_takeover_clocks();
        }
        Ok(table)
    }

    /// Sets a table read from the store up in memory, as [`AppState::install`] does. A table
    /// stored before tables kept their rules' format gets the format its replay found.
    async fn install_stored(&self, stored: StoredTable) -> Result<Arc<Table>, ApiError> {
        let unknown = stored.record.format.is_none();
        let table = self.install(stored)?;
        if unknown {
            if let Err(e) = self.inner.store.set_format(&table.id, table.format).await {
                tracing::warn!(table = %table.id, error = %e, "cannot record the table's format");
            }
        }
        Ok(table)
    }

    /// The table `id`, from memory or from the store (finished tables are loaded on demand).
    pub(crate) async fn table(&self, id: &str) -> Result<Arc<Table>, ApiError> {
        let not_found = || ApiError::NotFound(format!("no table '{id}'"));
        let id = TableId::parse(id).ok_or_else(not_found)?;
        if let Some(t) = lock_tables(&self.inner.tables).get(&id) {
            return Ok(Arc::clone(t));
        }
        let stored = self.inner.store.load(&id).await?.ok_or_else(not_found)?;
        self.install_stored(stored).await
    }

    /// Every table in memory, oldest first.
    pub(crate) fn tables(&self) -> Vec<Arc<Table>> {
        let mut all: Vec<Arc<Table>> = lock_tables(&self.inner.tables).values().cloned().collect();
        all.sort_by(|a, b| (a.created_ms, &a.id).cmp(&(b.created_ms, &b.id)));
        all
    }
}

fn lock_tables(
    tables: &Mutex<BTreeMap<TableId, Arc<Table>>>,
) -> std::sync::MutexGuard<'_, BTreeMap<TableId, Arc<Table>>> {
    tables
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

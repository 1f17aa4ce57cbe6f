//! Where tables live between restarts: SQLite (the embedded default) or PostgreSQL, through
//! sqlx's `Any` driver with one portable schema, so the same queries and the same tests run on
//! both.
//!
//! A table is stored as its game, options, seat count and seed, its seats (bots chosen at
//! creation, hashes of the players' seat tokens) and its action log with each action's events
//! redacted for every viewer. Replaying the log rebuilds the game exactly.

use std::borrow::Cow;
use std::time::Duration;

use lockpick_engine::{Options, Outcome, Seat, SeatCount};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Executor, Row};

use crate::ids::{TableId, TokenHash};

/// The schema, embedded in the binary and applied at start.
const MIGRATIONS: [(i64, &str, &str); 2] = [
    (1, "tables", include_str!("../migrations/0001_tables.sql")),
    (
        2,
        "table format",
        include_str!("../migrations/0002_table_format.sql"),
    ),
];

/// Why the store failed. Never shown to clients: the API answers "internal error" and logs this.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or could not be reached.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A stored value does not read back.
    #[error("corrupt stored data for table {table}: {reason}")]
    Corrupt {
        /// The table.
        table: String,
        /// What is wrong.
        reason: String,
    },
    /// `--db` names neither a file nor a PostgreSQL URL we understand.
    #[error(
        "unsupported database location '{0}': give a file path, sqlite://PATH or postgres://..."
    )]
    Location(String),
}

/// Which database holds the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// One SQLite file.
    Sqlite,
    /// A PostgreSQL database.
    Postgres,
}

/// One event as one viewer may see it (the engine's redacted event and its sentences).
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema, schemars::JsonSchema,
)]
pub struct SeenEvent {
    /// The event, `{"type": ...}`.
    pub event: Value,
    /// In English.
    pub en: String,
    /// In French.
    pub fr: String,
}

/// The events of one action, redacted for every viewer.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Events {
    /// For seat `i`, at index `i`.
    pub per_seat: Vec<Vec<SeenEvent>>,
    /// For spectators.
    pub spectator: Vec<SeenEvent>,
}

impl Events {
    /// Takes the engine's batch apart.
    #[must_use]
    pub fn from_batch(batch: lockpick_engine::EventBatch) -> Self {
        // The engine's event type is not nameable here; its fields are public.
        macro_rules! own {
            ($events:expr) => {
                $events
                    .into_iter()
                    .map(|e| SeenEvent {
                        event: e.event,
                        en: e.en,
                        fr: e.fr,
                    })
                    .collect()
            };
        }
        Self {
            per_seat: batch.per_seat.into_iter().map(|s| own!(s)).collect(),
            spectator: own!(batch.spectator),
        }
    }

    /// What `viewer` may see.
    #[must_use]
    pub fn for_viewer(&self, viewer: lockpick_engine::Viewer) -> &[SeenEvent] {
        match viewer {
            lockpick_engine::Viewer::Seat(s) => {
                self.per_seat.get(s.index()).map_or(&[], Vec::as_slice)
            }
            lockpick_engine::Viewer::Spectator => &self.spectator,
        }
    }
}

/// One action of the log.
#[derive(Debug, Clone, PartialEq)]
pub struct LogEntry {
    /// Who acted.
    pub seat: Seat,
    /// The action as JSON.
    pub action: Value,
    /// Its events, for each viewer.
    pub events: Events,
}

/// A table's setup.
#[derive(Debug, Clone, PartialEq)]
pub struct TableRecord {
    /// The id.
    pub id: TableId,
    /// The game's id.
    pub game: String,
    /// The options.
    pub options: Options,
    /// The seat count.
    pub seats: SeatCount,
    /// The game's seed.
    pub seed: u64,
    /// When it was created, in milliseconds since 1970.
    pub created_ms: i64,
    /// The saved-game format whose rules the game plays by; `None` for a table stored before
    /// tables kept it.
    pub format: Option<u32>,
}

/// One seat as stored.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SeatRecord {
    /// The bot chosen for this seat at creation (`heuristic`, ...), if any.
    pub bot: Option<String>,
    /// The hash of the token of the player who took the seat.
    pub token_hash: Option<TokenHash>,
    /// The name that player gave.
    pub name: Option<String>,
}

/// Everything stored about one table.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredTable {
    /// Its setup.
    pub record: TableRecord,
    /// Its seats, in order.
    pub seats: Vec<SeatRecord>,
    /// Its action log, in order.
    pub log: Vec<LogEntry>,
    /// How it ended, if it has.
    pub outcome: Option<Outcome>,
}

/// The tables' database.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

/// `--db` as a URL sqlx understands, and its backend.
fn locate(db: &str) -> Result<(String, Backend), StoreError> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        Ok((db.to_owned(), Backend::Postgres))
    } else if let Some(rest) = db.strip_prefix("sqlite:") {
        let url = if rest.contains('?') {
            db.to_owned()
        } else {
            format!("{db}?mode=rwc")
        };
        Ok((url, Backend::Sqlite))
    } else if db.is_empty() || db.contains("://") || db.contains('?') {
        Err(StoreError::Location(db.to_owned()))
    } else {
        Ok((format!("sqlite://{db}?mode=rwc"), Backend::Sqlite))
    }
}

fn seed_to_db(seed: u64) -> i64 {
    i64::from_le_bytes(seed.to_le_bytes())
}

fn seed_from_db(seed: i64) -> u64 {
    u64::from_le_bytes(seed.to_le_bytes())
}

fn seat_to_db(seat: Seat) -> i64 {
    i64::from(seat.0)
}

fn index_to_db(index: usize) -> i64 {
    i64::try_from(index).unwrap_or(i64::MAX)
}

fn to_text<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

impl Store {
    /// Opens (creating if needed) the database at `db`: a file path, `sqlite://PATH` or a
    /// `postgres://` URL; then brings its schema up to date.
    ///
    /// # Errors
    /// An unsupported location, a database that cannot be opened, or a failed migration.
    pub async fn open(db: &str) -> Result<Self, StoreError> {
        sqlx::any::install_default_drivers();
        let (url, backend) = locate(db)?;
        let options = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 4 } else { 8 })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // Durable commits: an acknowledged action survives a crash or power cut.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                    }
                    Ok(())
                })
            });
        let pool = options.connect(&url).await?;
        let store = Self { pool, backend };
        store.migrate().await?;
        Ok(store)
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        let migrations: Vec<Migration> = MIGRATIONS
            .iter()
            .map(|(version, description, sql)| {
                Migration::new(
                    *version,
                    Cow::Borrowed(*description),
                    MigrationType::Simple,
                    Cow::Borrowed(*sql),
                    false,
                )
            })
            .collect();
        let migrator = Migrator {
            migrations: Cow::Owned(migrations),
            ..Migrator::DEFAULT
        };
        migrator.run(&self.pool).await?;
        Ok(())
    }

    /// Which database this is.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Whether the database answers.
    ///
    /// # Errors
    /// It does not.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Waits for queries in flight and closes every connection.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Stores a new table and its seats.
    ///
    /// # Errors
    /// The database failed (or the id exists).
    pub async fn create_table(
        &self,
        record: &TableRecord,
        seats: &[SeatRecord],
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO lp_tables (id, game, options, seats, seed, created_ms, format, outcome) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)",
        )
        .bind(record.id.as_str())
        .bind(record.game.as_str())
        .bind(to_text(&record.options))
        .bind(i64::from(record.seats.0))
        .bind(seed_to_db(record.seed))
        .bind(record.created_ms)
        .bind(record.format.map(i64::from))
        .execute(&mut *tx)
        .await?;
        for (seat, s) in (0u8..).zip(seats) {
            sqlx::query(
                "INSERT INTO lp_seats (table_id, seat, bot, token_hash, name) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(record.id.as_str())
            .bind(i64::from(seat))
            .bind(s.bot.clone())
            .bind(s.token_hash.as_ref().map(|h| h.0.clone()))
            .bind(s.name.clone())
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Gives an open seat (no bot, no player) to the holder of `token`. Returns `false` when the
    /// seat is not open: the first of two players racing for a seat gets it.
    ///
    /// # Errors
    /// The database failed.
    pub async fn take_seat(
        &self,
        table: &TableId,
        seat: Seat,
        token: &TokenHash,
        name: Option<&str>,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE lp_seats SET token_hash = $1, name = $2 \
             WHERE table_id = $3 AND seat = $4 AND token_hash IS NULL AND bot IS NULL",
        )
        .bind(token.0.as_str())
        .bind(name)
        .bind(table.as_str())
        .bind(seat_to_db(seat))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Appends the action at `index` of the log, with the game's outcome after it, in one
    /// transaction: when this returns `Ok`, the action is on disk.
    ///
    /// # Errors
    /// The database failed (or `index` is already taken); nothing was written.
    pub async fn append(
        &self,
        table: &TableId,
        index: usize,
        entry: &LogEntry,
        outcome: Option<&Outcome>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO lp_actions (table_id, idx, seat, action, events) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(table.as_str())
        .bind(index_to_db(index))
        .bind(seat_to_db(entry.seat))
        .bind(to_text(&entry.action))
        .bind(to_text(&entry.events))
        .execute(&mut *tx)
        .await?;
        if let Some(outcome) = outcome {
            sqlx::query("UPDATE lp_tables SET outcome = $1 WHERE id = $2")
                .bind(to_text(outcome))
                .bind(table.as_str())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Records the saved-game format a table stored before tables kept it was found to play by.
    ///
    /// # Errors
    /// The database failed; nothing was changed.
    pub async fn set_format(&self, table: &TableId, format: u32) -> Result<(), StoreError> {
        sqlx::query("UPDATE lp_tables SET format = $1 WHERE id = $2 AND format IS NULL")
            .bind(i64::from(format))
            .bind(table.as_str())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Removes the action at `index`, the last of the log (an undo), and records the outcome
    /// after it (none while the game goes on).
    ///
    /// # Errors
    /// The database failed; nothing was changed.
    pub async fn remove_last(
        &self,
        table: &TableId,
        index: usize,
        outcome: Option<&Outcome>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM lp_actions WHERE table_id = $1 AND idx = $2")
            .bind(table.as_str())
            .bind(index_to_db(index))
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE lp_tables SET outcome = $1 WHERE id = $2")
            .bind(outcome.map(to_text))
            .bind(table.as_str())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The ids of the tables whose game is not over, oldest first: the tables to resume at start.
    ///
    /// # Errors
    /// The database failed.
    pub async fn unfinished(&self) -> Result<Vec<TableId>, StoreError> {
        let rows =
            sqlx::query("SELECT id FROM lp_tables WHERE outcome IS NULL ORDER BY created_ms, id")
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|row| {
                let id: String = row.try_get("id")?;
                TableId::parse(&id).ok_or_else(|| StoreError::Corrupt {
                    table: id,
                    reason: "not a table id".into(),
                })
            })
            .collect()
    }

    /// Everything stored about a table, or `None` if there is no such table.
    ///
    /// # Errors
    /// The database failed, or stored data does not read back.
    pub async fn load(&self, id: &TableId) -> Result<Option<StoredTable>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT id, game, options, seats, seed, created_ms, format, outcome FROM lp_tables \
             WHERE id = $1",
        )
        .bind(id.as_str())
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let corrupt = |reason: String| StoreError::Corrupt {
            table: id.to_string(),
            reason,
        };
        let options: String = row.try_get("options")?;
        let seats: i64 = row.try_get("seats")?;
        let outcome: Option<String> = row.try_get("outcome")?;
        let format: Option<i64> = row.try_get("format")?;
        let record = TableRecord {
            id: id.clone(),
            game: row.try_get("game")?,
            options: serde_json::from_str(&options)
                .map_err(|e| corrupt(format!("options: {e}")))?,
            seats: SeatCount(
                u8::try_from(seats).map_err(|_| corrupt(format!("seat count {seats}")))?,
            ),
            seed: seed_from_db(row.try_get("seed")?),
            created_ms: row.try_get("created_ms")?,
            format: format
                .map(|f| {
                    u32::try_from(f)
                        .ok()
                        .filter(|f| lockpick_engine::check_format(u64::from(*f)).is_ok())
                        .ok_or_else(|| {
                            corrupt(format!(
                                "format {f} (this program plays formats 1 to {})",
                                lockpick_engine::FORMAT_VERSION
                            ))
                        })
                })
                .transpose()?,
        };
        let outcome = outcome
            .map(|o| serde_json::from_str(&o))
            .transpose()
            .map_err(|e| corrupt(format!("outcome: {e}")))?;

        let seat_rows = sqlx::query(
            "SELECT seat, bot, token_hash, name FROM lp_seats WHERE table_id = $1 ORDER BY seat",
        )
        .bind(id.as_str())
        .fetch_all(&self.pool)
        .await?;
        let mut seats = vec![SeatRecord::default(); record.seats.get()];
        for row in &seat_rows {
            let seat: i64 = row.try_get("seat")?;
            let slot = usize::try_from(seat)
                .ok()
                .and_then(|s| seats.get_mut(s))
                .ok_or_else(|| corrupt(format!("seat {seat}")))?;
            *slot = SeatRecord {
                bot: row.try_get("bot")?,
                token_hash: row
                    .try_get::<Option<String>, _>("token_hash")?
                    .map(TokenHash),
                name: row.try_get("name")?,
            };
        }

        let action_rows = sqlx::query(
            "SELECT idx, seat, action, events FROM lp_actions WHERE table_id = $1 ORDER BY idx",
        )
        .bind(id.as_str())
        .fetch_all(&self.pool)
        .await?;
        let log = action_rows
            .iter()
            .enumerate()
            .map(|(i, row)| read_entry(i, row).map_err(&corrupt))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(StoredTable {
            record,
            seats,
            log,
            outcome,
        }))
    }
}

fn read_entry(expected: usize, row: &AnyRow) -> Result<LogEntry, String> {
    let get = |e: sqlx::Error| e.to_string();
    let idx: i64 = row.try_get("idx").map_err(get)?;
    if usize::try_from(idx).ok() != Some(expected) {
        return Err(format!(
            "the log has a gap: action {idx} where {expected} was expected"
        ));
    }
    let seat: i64 = row.try_get("seat").map_err(get)?;
    let action: String = row.try_get("action").map_err(get)?;
    let events: String = row.try_get("events").map_err(get)?;
    Ok(LogEntry {
        seat: Seat(u8::try_from(seat).map_err(|_| format!("action {idx}: seat {seat}"))?),
        action: serde_json::from_str(&action).map_err(|e| format!("action {idx}: {e}"))?,
        events: serde_json::from_str(&events).map_err(|e| format!("events of {idx}: {e}"))?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_are_files_sqlite_urls_or_postgres_urls() {
        assert_eq!(
            locate("lockpick.db").unwrap(),
            ("sqlite://lockpick.db?mode=rwc".into(), Backend::Sqlite)
        );
        assert_eq!(
            locate("/var/lib/lockpick/tables.db").unwrap().0,
            "sqlite:///var/lib/lockpick/tables.db?mode=rwc"
        );
        assert_eq!(
            locate("sqlite://x.db").unwrap(),
            ("sqlite://x.db?mode=rwc".into(), Backend::Sqlite)
        );
        assert_eq!(
            locate("postgres://postgres@127.0.0.1:5432/test").unwrap().1,
            Backend::Postgres
        );
        assert!(locate("mysql://x").is_err());
        assert!(locate("").is_err());
    }

    #[test]
    fn seeds_round_trip_through_signed_integers() {
        for seed in [0, 1, u64::MAX, 1 << 63, 0x0123_4567_89ab_cdef] {
            assert_eq!(seed_from_db(seed_to_db(seed)), seed);
        }
    }
}

//! The same storage tests on both backends: SQLite always; PostgreSQL when
//! `LOCKPICK_TEST_POSTGRES` holds a URL (e.g. `postgres://postgres@127.0.0.1:5432/test`),
//! in the module `postgres_when_lockpick_test_postgres_is_set`; without it those tests print
//! "skipped" and pass.

use crate::common;

use lockpick_engine::{FORMAT_VERSION, Options, Outcome, Seat, SeatCount};
use lockpick_server::ids::{SeatToken, TableId};
use lockpick_server::store::{
    Events, LogEntry, SeatRecord, SeenEvent, Store, StoredTable, TableRecord,
};
use serde_json::json;

/// An open store, and what keeps its database alive.
struct Opened {
    store: Store,
    _dir: Option<tempfile::TempDir>,
    schema: Option<common::PgSchema>,
}

impl Opened {
    /// The location the store was opened at.
    fn location(&self) -> String {
        match (&self._dir, &self.schema) {
            (Some(dir), _) => dir.path().join("store.db").to_str().unwrap().to_owned(),
            (None, Some(schema)) => schema.url.clone(),
            (None, None) => unreachable!(),
        }
    }

    async fn done(self) {
        self.store.close().await;
        if let Some(schema) = self.schema {
            schema.drop().await;
        }
    }
}

async fn sqlite() -> Option<Opened> {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("store.db").to_str().unwrap())
        .await
        .unwrap();
    Some(Opened {
        store,
        _dir: Some(dir),
        schema: None,
    })
}

async fn postgres() -> Option<Opened> {
    let schema = common::PgSchema::create().await?;
    let store = Store::open(&schema.url)
        .await
        .expect("PostgreSQL at LOCKPICK_TEST_POSTGRES");
    Some(Opened {
        store,
        _dir: None,
        schema: Some(schema),
    })
}

fn record(seed: u64) -> TableRecord {
    let registry = common::registry();
    let schema = registry.get("burgle").unwrap().info().options;
    TableRecord {
        id: TableId::random().unwrap(),
        game: "burgle".into(),
        options: Options::resolve(&schema, [("job", "office")]).unwrap(),
        seats: SeatCount(2),
        seed,
        created_ms: 1_700_000_000_000,
        format: Some(FORMAT_VERSION),
    }
}

fn seats() -> Vec<SeatRecord> {
    vec![
        SeatRecord::default(),
        SeatRecord {
            bot: Some("heuristic".into()),
            ..SeatRecord::default()
        },
    ]
}

fn entry(seat: u8, n: u32) -> LogEntry {
    let seen = |who: &str| SeenEvent {
        event: json!({"type": "moved", "n": n, "who": who}),
        en: format!("moved {n}"),
        fr: format!("déplacé {n}"),
    };
    LogEntry {
        seat: Seat(seat),
        action: json!({"type": "move", "n": n}),
        events: Events {
            per_seat: vec![vec![seen("0")], vec![seen("1"), seen("1")]],
            spectator: vec![],
        },
    }
}

macro_rules! store_tests {
    ($module:ident, $backend:ident) => {
        mod $module {
            use super::*;

            #[tokio::test]
            async fn a_new_table_reads_back_with_its_seats_and_an_empty_log() {
                let Some(db) = super::$backend().await else {
                    return;
                };
                let rec = record(u64::MAX - 3);
                db.store.create_table(&rec, &seats()).await.unwrap();
                let loaded = db.store.load(&rec.id).await.unwrap().unwrap();
                assert_eq!(
                    loaded,
                    StoredTable {
                        record: rec.clone(),
                        seats: seats(),
                        log: vec![],
                        outcome: None
                    }
                );
                assert!(db.store.unfinished().await.unwrap().contains(&rec.id));
                assert_eq!(
                    db.store.load(&TableId::random().unwrap()).await.unwrap(),
                    None
                );
                // The same id twice is refused.
                assert!(db.store.create_table(&rec, &seats()).await.is_err());

                // A table stored before tables kept their format gets the one found for it,
                // once: a recorded format is never overwritten.
                let older = TableRecord {
                    format: None,
                    ..record(5)
                };
                db.store.create_table(&older, &seats()).await.unwrap();
                let format = |id| {
                    let store = &db.store;
                    async move { store.load(id).await.unwrap().unwrap().record.format }
                };
                assert_eq!(format(&older.id).await, None);
                db.store.set_format(&older.id, 1).await.unwrap();
                assert_eq!(format(&older.id).await, Some(1));
                db.store.set_format(&older.id, 2).await.unwrap();
                db.store.set_format(&rec.id, 1).await.unwrap();
                assert_eq!(format(&older.id).await, Some(1));
                assert_eq!(format(&rec.id).await, Some(FORMAT_VERSION));
                db.done().await;
            }

            #[tokio::test]
            async fn a_seat_goes_to_the_first_taker_and_never_to_a_bot_seat() {
                let Some(db) = super::$backend().await else {
                    return;
                };
                let rec = record(1);
                db.store.create_table(&rec, &seats()).await.unwrap();
                let token = SeatToken::random().unwrap();
                let other = SeatToken::random().unwrap();
                let takes = (0..6).map(|i| {
                    let store = db.store.clone();
                    let id = rec.id.clone();
                    let hash = if i == 0 { token.hash() } else { other.hash() };
                    tokio::spawn(async move {
                        store
                            .take_seat(&id, Seat(0), &hash, Some("Ann"))
                            .await
                            .unwrap()
                    })
                });
                let mut won = 0;
                for t in takes {
                    won += usize::from(t.await.unwrap());
                }
                assert_eq!(won, 1, "exactly one of six racing takers gets the seat");
                assert!(
                    !db.store
                        .take_seat(&rec.id, Seat(1), &token.hash(), None)
                        .await
                        .unwrap()
                );
                assert!(
                    !db.store
                        .take_seat(&rec.id, Seat(5), &token.hash(), None)
                        .await
                        .unwrap()
                );
                let loaded = db.store.load(&rec.id).await.unwrap().unwrap();
                assert_eq!(loaded.seats[0].name.as_deref(), Some("Ann"));
                assert!(loaded.seats[0].token_hash.is_some());
                assert!(loaded.seats[1].token_hash.is_none());
                db.done().await;
            }

            #[tokio::test]
            async fn the_log_appends_in_order_and_an_undo_removes_the_last() {
                let Some(db) = super::$backend().await else {
                    return;
                };
                let rec = record(2);
                db.store.create_table(&rec, &seats()).await.unwrap();
                let log: Vec<LogEntry> = (0..3).map(|n| entry((n % 2) as u8, n)).collect();
                for (i, e) in log.iter().enumerate() {
                    db.store.append(&rec.id, i, e, None).await.unwrap();
                }
                // An index already used is refused and writes nothing.
                assert!(
                    db.store
                        .append(&rec.id, 1, &entry(0, 9), None)
                        .await
                        .is_err()
                );
                let loaded = db.store.load(&rec.id).await.unwrap().unwrap();
                assert_eq!(loaded.log, log);
                db.store.remove_last(&rec.id, 2, None).await.unwrap();
                let loaded = db.store.load(&rec.id).await.unwrap().unwrap();
                assert_eq!(loaded.log, log[..2]);
                db.done().await;
            }

            #[tokio::test]
            async fn an_outcome_finishes_the_table_and_an_undo_reopens_it() {
                let Some(db) = super::$backend().await else {
                    return;
                };
                let rec = record(3);
                db.store.create_table(&rec, &seats()).await.unwrap();
                let outcome = Outcome::lost("captured");
                db.store
                    .append(&rec.id, 0, &entry(0, 0), Some(&outcome))
                    .await
                    .unwrap();
                assert!(!db.store.unfinished().await.unwrap().contains(&rec.id));
                let loaded = db.store.load(&rec.id).await.unwrap().unwrap();
                assert_eq!(loaded.outcome, Some(outcome));
                db.store.remove_last(&rec.id, 0, None).await.unwrap();
                assert!(db.store.unfinished().await.unwrap().contains(&rec.id));
                db.done().await;
            }

            #[tokio::test]
            async fn opening_again_keeps_the_schema_and_the_data() {
                let Some(db) = super::$backend().await else {
                    return;
                };
                let rec = record(4);
                db.store.create_table(&rec, &seats()).await.unwrap();
                db.store.ping().await.unwrap();
                // Migrations run at every start and are idempotent.
                let again = Store::open(&db.location()).await.unwrap();
                assert_eq!(again.load(&rec.id).await.unwrap().unwrap().record, rec);
                again.close().await;
                db.done().await;
            }
        }
    };
}

store_tests!(on_sqlite, sqlite);
store_tests!(postgres_when_lockpick_test_postgres_is_set, postgres);

/// Fails loudly when the variable is set but PostgreSQL cannot be reached.
#[tokio::test]
async fn postgres_when_lockpick_test_postgres_is_set_is_reachable() {
    let Some(url) = common::postgres_url() else {
        return;
    };
    let store = Store::open(&url).await.expect("PostgreSQL reachable");
    assert_eq!(store.backend(), lockpick_server::store::Backend::Postgres);
    store.ping().await.unwrap();
}

//! A table keeps the rules it was played by. Lockpick's saved-game format names the rules
//! (`FORMAT_VERSION`); a table created now records it, and a table stored before tables kept
//! it is replayed by the format whose rules show the events stored with its actions.
//!
//! The game: Burgle Bros., Bank Job, seed 14, played in format 1 (before a capture ended the game
//! at once). Its last action is the capture; in format 1 the guard then drew a new destination,
//! in format 2 he stays where he caught the team. Its saved form is a fixture of the Burgle crate.

use crate::common::{TestServer, registry, settings};
use lockpick_engine::{DynSession, FORMAT_VERSION, SavedGame, Viewer};
use lockpick_server::ids::TableId;
use lockpick_server::store::{Events, LogEntry, SeatRecord, Store, TableRecord};
use serde_json::Value;

const FORMAT_1_GAME: &str =
    include_str!("../../burgle/tests/saves/bank-2-seats-seed-14-format-1.json");

/// The fixture's game played again by the rules of `format`: the session after it, and its log
/// with the events each action showed, as the server stores them.
fn played_in(format: u32) -> (Box<dyn DynSession>, Vec<LogEntry>) {
    let save = SavedGame::from_json(FORMAT_1_GAME).unwrap();
    let mut session = registry()
        .get("burgle")
        .unwrap()
        .new_session_in_format(&save.options, save.seats, save.seed, format)
        .unwrap();
    let log = save
        .log
        .iter()
        .map(|entry| LogEntry {
            seat: entry.seat,
            action: entry.action.clone(),
            events: Events::from_batch(session.apply_json(entry.seat, &entry.action).unwrap()),
        })
        .collect();
    (session, log)
}

/// Stores the fixture's game as played in `played`, with `recorded` in the table's format
/// column (`None`: a table stored before the column), as a server would have stored it.
async fn store_table(db: &str, played: u32, recorded: Option<u32>) -> TableId {
    let save = SavedGame::from_json(FORMAT_1_GAME).unwrap();
    let (session, log) = played_in(played);
    let store = Store::open(db).await.unwrap();
    let record = TableRecord {
        id: TableId::random().unwrap(),
        game: "burgle".into(),
        options: save.options.clone(),
        seats: save.seats,
        seed: save.seed,
        created_ms: 1_700_000_000_000,
        format: recorded,
    };
    store
        .create_table(&record, &[SeatRecord::default(), SeatRecord::default()])
        .await
        .unwrap();
    let outcome = session.to_act().outcome().cloned();
    let last = log.len() - 1;
    for (index, entry) in log.iter().enumerate() {
        let outcome = if index == last {
            outcome.as_ref()
        } else {
            None
        };
        store
            .append(&record.id, index, entry, outcome)
            .await
            .unwrap();
    }
    store.close().await;
    record.id
}

/// The spectator's view of the table's last step and its saved game, as the server shows them.
async fn shown(server: &TestServer, table: &TableId) -> (Value, SavedGame) {
    let length = SavedGame::from_json(FORMAT_1_GAME).unwrap().log.len();
    let (status, step) = server
        .get(&format!("/api/tables/{table}/replay/{length}"))
        .await;
    assert_eq!(status, 200, "{step}");
    let (status, log) = server.get(&format!("/api/tables/{table}/log")).await;
    assert_eq!(status, 200, "{log}");
    let saved = serde_json::from_value(log["saved_game"].clone()).unwrap();
    (step["view"].clone(), saved)
}

/// The guard of the ground floor, where the rules of the formats part, and whether the rest
/// of the view is the same too.
fn same_board(view: &Value, expected: &Value) -> (Value, bool) {
    (view["floors"][0]["guard"].clone(), view == expected)
}

async fn recorded_format(db: &str, table: &TableId) -> Option<u32> {
    let store = Store::open(db).await.unwrap();
    let format = store.load(table).await.unwrap().unwrap().record.format;
    store.close().await;
    format
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_stored_before_tables_kept_their_format_replays_by_the_rules_it_was_played_by() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lockpick.db");
    let db = db.to_str().unwrap();
    let old = store_table(db, 1, None).await;
    let new = store_table(db, FORMAT_VERSION, None).await;
    let trusted = store_table(db, FORMAT_VERSION, Some(1)).await;

    let server = TestServer::start(db, settings()).await;
    let (format_1, _) = played_in(1);
    let (format_2, _) = played_in(FORMAT_VERSION);
    let format_1_view = format_1.view(Viewer::Spectator);
    let format_2_view = format_2.view(Viewer::Spectator);
    assert_ne!(
        format_1_view, format_2_view,
        "the rules differ on this game: the guard's destination after the capture"
    );

    let (view, saved) = shown(&server, &old).await;
    assert_eq!(
        same_board(&view, &format_1_view),
        (format_1_view["floors"][0]["guard"].clone(), true),
        "the table played in format 1 shows the board it ended on"
    );
    assert_eq!(saved.format, 1);
    assert_eq!(
        saved.to_json(),
        FORMAT_1_GAME,
        "its saved game is the one format 1 saved, hash and all"
    );

    let (view, saved) = shown(&server, &new).await;
    assert_eq!(
        same_board(&view, &format_2_view),
        (format_2_view["floors"][0]["guard"].clone(), true),
        "a table played by the new rules keeps them"
    );
    assert_eq!(saved.format, FORMAT_VERSION);

    let (view, saved) = shown(&server, &trusted).await;
    assert_eq!(
        (same_board(&view, &format_1_view), saved.format),
        ((format_1_view["floors"][0]["guard"].clone(), true), 1),
        "a recorded format is the table's rules, whatever its events"
    );
    server.stop().await;

    assert_eq!(
        recorded_format(db, &old).await,
        Some(1),
        "the format found is written down"
    );
    assert_eq!(recorded_format(db, &new).await, Some(FORMAT_VERSION));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_table_records_the_format_of_the_rules_it_plays_by() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::sqlite(&dir, settings()).await;
    let table = server
        .create(serde_json::json!({"game": "burgle", "seats": 1, "options": {"job": "bank"}}))
        .await;
    let db = server.db.clone();
    server.stop().await;
    let table = TableId::parse(&table).unwrap();
    assert_eq!(recorded_format(&db, &table).await, Some(FORMAT_VERSION));
}

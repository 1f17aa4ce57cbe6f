//! Whole games over the socket against a real server: a test client playing random legal
//! actions next to a bot, reconnecting, and a restart in the middle of a game.

use crate::common;

use crate::common::{Client, TestServer, settings};
use lockpick_engine::{GameRng, SavedGame};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

fn burgle_table(seed: u64) -> Value {
    json!({
        "game": "burgle",
        "seats": 2,
        "options": {"job": "office"},
        "bots": [{"seat": 1, "bot": "heuristic"}],
        "seed": seed,
    })
}

/// Checks that a finished table's log is complete and replays to the same game.
async fn check_finished_log(server: &TestServer, table: &str, length: u64) {
    let (status, log) = server.get(&format!("/api/tables/{table}/log")).await;
    assert_eq!(status, 200, "{log}");
    assert_eq!(log["over"], true);
    assert_eq!(log["seat"], Value::Null);
    let entries = log["entries"].as_array().unwrap();
    assert_eq!(entries.len() as u64, length);
    assert!(
        entries.iter().all(|e| e["action"].is_object()),
        "every action once over"
    );
    let saved: SavedGame = serde_json::from_value(log["saved_game"].clone()).unwrap();
    assert_eq!(saved.log.len() as u64, length);
    // The saved game replays to the recorded hash (what `lockpick replay` checks).
    let registry = common::registry();
    let session = registry.get("burgle").unwrap().load(&saved).unwrap();
    assert!(session.to_act().outcome().is_some());
    assert_eq!(
        serde_json::to_value(session.to_act().outcome()).unwrap(),
        log["outcome"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_burgle_game_with_a_bot_seat_and_a_random_client() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::sqlite(&dir, settings()).await;
    let table = server.create(burgle_table(7)).await;
    let (_, summary) = server.get(&format!("/api/tables/{table}")).await;
    assert_eq!(summary["status"], "open");
    assert!(
        summary.get("seed").is_none(),
        "the seed would reveal hidden cards"
    );
    assert_eq!(summary["seats"][1]["occupant"], "bot");

    let token = server.take(&table, 0).await;
    let (_, summary) = server.get(&format!("/api/tables/{table}")).await;
    assert_eq!(summary["status"], "playing");
    let mut player = server.connect(&table, Some(&token)).await;
    let mut rng = GameRng::from_seed(11);
    let played = player.play_randomly(&mut rng, |_| false).await;
    assert!(player.over());
    assert!(played > 0);

    let length = player.length();
    eprintln!(
        "game over after {length} actions, {played} by the random client: {}",
        player.latest["to_act"]
    );
    // The bot played too: some actions are seat 1's.
    let (_, summary) = server.get(&format!("/api/tables/{table}")).await;
    assert_eq!(summary["status"], "over");
    assert_eq!(summary["length"].as_u64(), Some(length));
    assert!(length as usize > played, "the bot seat acted");
    check_finished_log(&server, &table, length).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnecting_resumes_with_the_log_since_and_the_same_view() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::sqlite(&dir, settings()).await;
    let table = server.create(burgle_table(8)).await;
    let token = server.take(&table, 0).await;
    let mut player = server.connect(&table, Some(&token)).await;
    let mut rng = GameRng::from_seed(3);
    player.play_randomly(&mut rng, |c| c.length() >= 6).await;
    let seen = player.length() as usize;
    let view = player.latest["view"].clone();
    player.close().await;

    // Another connection of the same seat, at the same time, is fine.
    let mut second = server.connect(&table, Some(&token)).await;
    let mut again = server.connect_since(&table, Some(&token), seen).await;
    assert_eq!(again.length() as usize, seen);
    assert_eq!(again.latest["view"], view);
    assert!(again.log.is_empty(), "nothing new since {seen}");
    assert_eq!(
        second.log.len(),
        seen,
        "a fresh connection gets the whole log"
    );
    // Own actions are in the seat's log, with their events.
    assert!(
        second
            .log
            .iter()
            .any(|e| e["seat"] == 0 && e["action"].is_object())
    );

    // Both connections of the seat follow the game.
    let legal = again.legal();
    if let Some(action) = legal.first() {
        let answer = again.act(action).await;
        assert_eq!(answer["type"], "ack", "{answer}");
        let length = answer["length"].as_u64().unwrap();
        second
            .wait_for(|m| m["type"] == "update" && m["length"].as_u64() >= Some(length))
            .await;
    }
    let (_, summary) = server.get(&format!("/api/tables/{table}")).await;
    assert_eq!(summary["seats"][0]["connections"], 2);
    second.close().await;
    again.close().await;
    server.stop().await;
}

/// Plays part of a game, stops the server, starts another on the same database, and plays on
/// to the end.
async fn restart_mid_game(db: &str) {
    let server = TestServer::start(db, settings()).await;
    let table = server.create(burgle_table(9)).await;
    let token = server.take(&table, 0).await;
    let mut player = server.connect(&table, Some(&token)).await;
    let mut rng = GameRng::from_seed(5);
    // Stop on the player's own turn: with the bot's seat to play, the restarted server lets the
    // bot go on at once, and the view on reconnecting could already show its next action.
    player
        .play_randomly(&mut rng, |c| c.length() >= 8 && !c.legal().is_empty())
        .await;
    assert!(!player.over(), "the game should last longer than this");
    let before = player.sync().await;
    let length = player.length();
    let (_, log_before) = server
        .get_with_token(&format!("/api/tables/{table}/log"), &token)
        .await;
    server.stop().await;
    // The shutdown closed the socket ("going away").
    let closed = player.next_frame().await;
    assert!(closed.as_ref().is_none_or(Message::is_close), "{closed:?}");

    let server = TestServer::start(db, settings()).await;
    let (status, summary) = server.get(&format!("/api/tables/{table}")).await;
    assert_eq!(status, 200);
    assert_eq!(summary["length"].as_u64(), Some(length));
    let (_, log_after) = server
        .get_with_token(&format!("/api/tables/{table}/log"), &token)
        .await;
    assert_eq!(log_before, log_after);

    let mut player = server.connect(&table, Some(&token)).await;
    assert_eq!(player.latest["view"], before["view"]);
    assert_eq!(player.latest["legal"], before["legal"]);
    player.play_randomly(&mut rng, |_| false).await;
    assert!(player.over());
    let length = player.length();
    check_finished_log(&server, &table, length).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_game_resumes_the_table_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    restart_mid_game(dir.path().join("lockpick.db").to_str().unwrap()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_when_lockpick_test_postgres_is_set_a_restart_mid_game_resumes_the_table() {
    let Some(schema) = common::PgSchema::create().await else {
        return;
    };
    restart_mid_game(&schema.url).await;
    schema.drop().await;
}

/// Plays until `client` may undo, then undoes; returns whether an undo happened.
async fn find_and_undo(client: &mut Client, rng: &mut GameRng) -> bool {
    for _ in 0..200 {
        if client.over() {
            return false;
        }
        if client.latest["can_undo"] == true {
            let length = client.length();
            let answer = client.request(json!({"type": "undo"})).await;
            assert_eq!(answer["type"], "ack", "{answer}");
            assert_eq!(answer["length"].as_u64(), Some(length - 1));
            let update = client
                .wait_for(|m| m["type"] == "update" && m["cause"]["type"] == "undo")
                .await;
            assert_eq!(update["length"].as_u64(), Some(length - 1));
            return true;
        }
        let legal = client.legal();
        match rng.pick(&legal).cloned() {
            Some(action) => {
                client.act(&action).await;
            }
            None => {
                client.wait_for(|m| m["type"] == "update").await;
            }
        }
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_takes_back_an_action_everywhere_and_a_hint_plays_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::sqlite(&dir, settings()).await;
    let table = server.create(burgle_table(10)).await;
    let token = server.take(&table, 0).await;
    let mut player = server.connect(&table, Some(&token)).await;
    let mut watcher = server.connect(&table, None).await;

    // Nothing to undo at the start.
    let answer = player.request(json!({"type": "undo"})).await;
    assert_eq!(answer["code"], "cannot_undo", "{answer}");

    // A hint is one of the legal actions and changes nothing.
    let length = player.length();
    let hint = player.request(json!({"type": "hint"})).await;
    assert_eq!(hint["type"], "hint", "{hint}");
    assert!(player.legal().contains(&hint["action"]), "{hint}");
    assert_eq!(player.sync().await["length"].as_u64(), Some(length));
    let spectator_hint = watcher.request(json!({"type": "hint"})).await;
    assert_eq!(spectator_hint["code"], "spectator");

    let mut rng = GameRng::from_seed(21);
    assert!(
        find_and_undo(&mut player, &mut rng).await,
        "an undoable action comes up"
    );
    let length = player.length();
    let (_, log) = server
        .get_with_token(&format!("/api/tables/{table}/log"), &token)
        .await;
    assert_eq!(log["entries"].as_array().unwrap().len() as u64, length);
    // The spectator saw the undo too.
    let update = watcher
        .wait_for(|m| m["type"] == "update" && m["cause"]["type"] == "undo")
        .await;
    assert_eq!(update["length"].as_u64(), Some(length));

    // The undo is stored: after a restart the log has the same length.
    player.close().await;
    watcher.close().await;
    server.stop().await;
    let server = TestServer::sqlite(&dir, settings()).await;
    let (_, summary) = server.get(&format!("/api/tables/{table}")).await;
    assert_eq!(summary["length"].as_u64(), Some(length));
    server.stop().await;
}

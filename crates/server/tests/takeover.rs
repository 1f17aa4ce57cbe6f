//! Bots take over the seat of a player who leaves (or stays disconnected), and give it back.

use std::time::Duration;

use crate::common::{Client, TestServer, settings};
use serde_json::{Value, json};

/// Seat 0 plays (ending its turns at once) until `done` says so.
async fn drive(p0: &mut Client, mut done: impl FnMut(&Client) -> bool) {
    for _ in 0..500 {
        assert!(!p0.over(), "the game ended before the test could check");
        if done(p0) {
            return;
        }
        let legal = p0.legal();
        let end = legal.iter().find(|a| a["type"] == "end_turn");
        match end.or(legal.first()).cloned() {
            Some(action) => {
                let answer = p0.act(&action).await;
                assert_eq!(answer["type"], "ack", "{answer}");
            }
            None => {
                p0.wait_for(|m| m["type"] == "update").await;
            }
        }
    }
    panic!("seat 0 played 500 actions without getting there");
}

fn seat_to_act(client: &Client, seat: u64) -> bool {
    client.latest["to_act"]["seats"]
        .as_array()
        .is_some_and(|s| s.contains(&json!(seat)))
}

fn bot_of(seats: &Value, seat: usize) -> Value {
    seats[seat]["bot"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_plays_for_a_player_who_leaves_until_they_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = settings();
    s.takeover_after = Duration::from_millis(300);
    let server = TestServer::sqlite(&dir, s).await;
    let table = server
        .create(json!({"game": "burgle", "seats": 2, "options": {"job": "office"}, "seed": 77}))
        .await;
    let t0 = server.take(&table, 0).await;
    let t1 = server.take(&table, 1).await;
    let mut p0 = server.connect(&table, Some(&t0)).await;
    let mut p1 = server.connect(&table, Some(&t1)).await;
    assert_eq!(bot_of(&p1.seats, 1), Value::Null);

    // Seat 1 leaves: the heuristic bot plays its turn.
    let answer = p1.request(json!({"type": "leave"})).await;
    assert_eq!(answer["type"], "ack", "{answer}");
    p0.wait_for(|m| m["type"] == "seats" && bot_of(&m["seats"], 1) == "heuristic")
        .await;
    drive(&mut p0, |c| {
        c.latest["cause"]["type"] == "action" && c.latest["cause"]["seat"] == 1
    })
    .await;

    // Seat 1 comes back: nobody plays for it any more.
    let answer = p1.request(json!({"type": "return"})).await;
    assert_eq!(answer["type"], "ack", "{answer}");
    p0.wait_for(|m| m["type"] == "seats" && bot_of(&m["seats"], 1).is_null())
        .await;
    drive(&mut p0, |c| seat_to_act(c, 1)).await;
    let length = p0.length();
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(
        p0.sync().await["length"].as_u64(),
        Some(length),
        "no bot played seat 1"
    );
    // The player plays their own turn.
    let update = p1.sync().await;
    let action = update["legal"][0].clone();
    assert_eq!(p1.act(&action).await["type"], "ack");

    // Seat 1 disconnects: after the takeover delay, the bot plays for it again.
    p1.close().await;
    let seats = p0
        .wait_for(|m| m["type"] == "seats" && bot_of(&m["seats"], 1) == "heuristic")
        .await;
    assert_eq!(seats["seats"][1]["connections"], 0);
    assert_eq!(seats["seats"][1]["occupant"], "player");
    drive(&mut p0, |c| {
        c.latest["cause"]["type"] == "action" && c.latest["cause"]["seat"] == 1
    })
    .await;

    // Reconnecting with the token takes the seat back.
    let p1 = server.connect(&table, Some(&t1)).await;
    assert_eq!(bot_of(&p1.seats, 1), Value::Null);
    assert_eq!(p1.seats[1]["connections"], 1);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_bots_plays_itself_to_the_end_for_spectators() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::sqlite(&dir, settings()).await;
    let table = server
        .create(json!({
            "game": "burgle",
            "seats": 2,
            "options": {"job": "office"},
            "bots": [{"seat": 0, "bot": "random"}, {"seat": 1, "bot": "heuristic"}],
        }))
        .await;
    let mut watcher = server.connect(&table, None).await;
    while !watcher.over() {
        watcher.wait_for(|m| m["type"] == "update").await;
    }
    let (_, summary) = server.get(&format!("/api/tables/{table}")).await;
    assert_eq!(summary["status"], "over");
    server.stop().await;
}

//! `GET /api/tables/{id}/replay/{step}` against a real server: refused while the game goes on
//! (it would show what players may not know yet), then every step of a finished game is the
//! view a local replay of its log gives, with that step's events and who played it.

use crate::common;

use std::time::Duration;

use crate::common::{PATIENCE, TestServer, settings};
use lockpick_engine::{Options, Seat, SeatCount, Viewer};
use serde_json::{Value, json};

const SEED: u64 = 11;

fn two_bots() -> Value {
    json!({
        "game": "burgle", "seats": 2, "options": {"job": "office"}, "seed": SEED,
        "bots": [{"seat": 0, "bot": "heuristic"}, {"seat": 1, "bot": "heuristic"}],
    })
}

/// Waits until the table's game is over.
async fn wait_over(server: &TestServer, table: &str) -> Value {
    let deadline = tokio::time::Instant::now() + PATIENCE * 6;
    loop {
        let (_, summary) = server.get(&format!("/api/tables/{table}")).await;
        if summary["status"] == "over" {
            return summary;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bots did not finish: {summary}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_replay_while_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::sqlite(&dir, settings()).await;
    let table = server
        .create(json!({"game": "burgle", "seats": 2, "options": {"job": "office"}}))
        .await;
    let (status, body) = server.get(&format!("/api/tables/{table}/replay/0")).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["error"], "conflict");
    assert!(
        body["message"].as_str().unwrap().contains("not over"),
        "{body}"
    );
    let (status, _) = server.get("/api/tables/nosuchtable/replay/0").await;
    assert_eq!(status, 404);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_step_of_a_finished_game_is_its_replayed_view() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::sqlite(&dir, settings()).await;
    let table = server.create(two_bots()).await;
    let summary = wait_over(&server, &table).await;
    let (_, log) = server.get(&format!("/api/tables/{table}/log")).await;
    let entries = log["entries"].as_array().unwrap();
    let length = entries.len();
    assert!(length > 5, "{length}");

    // The same game, replayed here step by step.
    let registry = common::registry();
    let game = registry.get("burgle").unwrap();
    let options = Options::resolve(&game.info().options, [("job", "office")]).unwrap();
    let mut local = game.new_session(&options, SeatCount(2), SEED).unwrap();
    for step in 0..=length {
        if step > 0 {
            let entry = &entries[step - 1];
            let seat = Seat(u8::try_from(entry["seat"].as_u64().unwrap()).unwrap());
            local.apply_json(seat, &entry["action"]).unwrap();
        }
        // Every step near the ends, a sample in between (each request replays the log).
        if step > 3 && step + 3 < length && step % 7 != 0 {
            continue;
        }
        let (status, at) = server
            .get(&format!("/api/tables/{table}/replay/{step}"))
            .await;
        assert_eq!(status, 200, "{at}");
        assert_eq!(at["step"], step);
        assert_eq!(at["length"], length);
        assert_eq!(at["viewer"], Value::Null);
        assert_eq!(at["view"], local.view(Viewer::Spectator), "step {step}");
        assert_eq!(at["to_act"], serde_json::to_value(local.to_act()).unwrap());
        if step == 0 {
            assert_eq!(at["seat"], Value::Null);
            assert_eq!(at["action"], Value::Null);
            assert_eq!(at["events"], json!([]));
        } else {
            let entry = &entries[step - 1];
            assert_eq!(at["seat"], entry["seat"]);
            assert_eq!(at["action"], entry["action"]);
            assert_eq!(at["events"], entry["events"]);
        }
    }
    // The last step is the end, with its outcome.
    let (_, last) = server
        .get(&format!("/api/tables/{table}/replay/{length}"))
        .await;
    assert_eq!(last["to_act"], summary["to_act"]);
    assert_eq!(last["to_act"]["type"], "over");

    // A seat's eyes, and what is refused.
    let (status, seat) = server
        .get(&format!("/api/tables/{table}/replay/1?seat=1"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(seat["viewer"], 1);
    let (status, body) = server
        .get(&format!("/api/tables/{table}/replay/{}", length + 1))
        .await;
    assert_eq!(status, 400);
    assert!(
        body["message"].as_str().unwrap().contains("past the end"),
        "{body}"
    );
    let (status, body) = server
        .get(&format!("/api/tables/{table}/replay/0?seat=2"))
        .await;
    assert_eq!(status, 400);
    assert!(
        body["message"].as_str().unwrap().contains("out of range"),
        "{body}"
    );
    let (status, _) = server
        .get(&format!("/api/tables/{table}/replay/minus-one"))
        .await;
    assert_eq!(status, 400);
    server.stop().await;
}

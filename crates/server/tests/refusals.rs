//! What the server refuses, against a real server: hidden data for spectators, acting for
//! another seat, and bad socket messages. Every refusal names the problem and changes nothing.

use crate::common;

use crate::common::{Client, TestServer, settings, tiles};
use lockpick_engine::{DynSession, GameRng, Options, Registry, Seat, SeatCount, Viewer};
use serde_json::{Value, json};

fn two_players(seed: u64) -> Value {
    json!({"game": "burgle", "seats": 2, "options": {"job": "office"}, "seed": seed})
}

/// The same game, set up locally from the seed the test chose.
fn local_game(registry: &Registry, seed: u64) -> Box<dyn DynSession> {
    let game = registry.get("burgle").unwrap();
    let options = Options::resolve(&game.info().options, [("job", "office")]).unwrap();
    game.new_session(&options, SeatCount(2), seed).unwrap()
}

/// Waits until `client` has seen the update that brought the log to `length`.
async fn catch_up(client: &mut Client, length: u64) {
    if client.length() < length {
        client
            .wait_for(|m| m["type"] == "update" && m["length"].as_u64() >= Some(length))
            .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_gets_the_engines_spectator_view_and_nothing_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::sqlite(&dir, settings()).await;
    let seed = 4242;
    let table = server.create(two_players(seed)).await;
    let tokens = [server.take(&table, 0).await, server.take(&table, 1).await];
    let mut players = [
        server.connect(&table, Some(&tokens[0])).await,
        server.connect(&table, Some(&tokens[1])).await,
    ];
    let mut spectator = server.connect(&table, None).await;
    let registry = common::registry();
    let mut local = local_game(&registry, seed);

    // At the start, the building is face down: no kind, no digit.
    let start = tiles(&spectator.latest["view"]);
    assert!(!start.is_empty());
    assert!(
        start
            .iter()
            .all(|t| t["kind"].is_null() && t["digit"].is_null())
    );
    assert_eq!(spectator.latest["view"], local.view(Viewer::Spectator));

    let mut rng = GameRng::from_seed(99);
    let mut face_down_seen = false;
    for _ in 0..60 {
        if spectator.over() {
            break;
        }
        let to_act = spectator.latest["to_act"]["seats"][0].as_u64().unwrap() as usize;
        let length = spectator.length();
        let player = &mut players[to_act];
        catch_up(player, length).await;
        let action = rng.pick(&player.legal()).cloned().expect("a legal action");
        let answer = player.act(&action).await;
        assert_eq!(answer["type"], "ack", "{answer}");
        let batch = local
            .apply_json(Seat(u8::try_from(to_act).unwrap()), &action)
            .unwrap();

        let update = spectator
            .wait_for(|m| m["type"] == "update" && m["length"].as_u64() == Some(length + 1))
            .await;
        // Exactly the engine's redaction for spectators, views and events alike.
        assert_eq!(update["view"], local.view(Viewer::Spectator));
        assert_eq!(
            update["events"],
            serde_json::to_value(&batch).unwrap()["spectator"]
        );
        assert_eq!(update["legal"], json!([]));
        assert_eq!(update["can_undo"], false);
        // Burgle Bros. hides nothing from one teammate that it shows another: the spectator
        // sees what the seat sees, and face-down rooms carry no kind.
        let seat_view = &players[to_act].latest["view"];
        assert_eq!(&update["view"], seat_view);
        for tile in tiles(&update["view"]) {
            if tile["kind"].is_null() {
                face_down_seen = true;
                assert!(tile["digit"].is_null(), "{tile}");
            }
        }
    }
    assert!(face_down_seen);
    // The spectator never got anyone's log entries' actions during the game.
    assert!(spectator.log.is_empty());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_cannot_act_for_another() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::sqlite(&dir, settings()).await;
    let table = server.create(two_players(5)).await;
    let t0 = server.take(&table, 0).await;
    let t1 = server.take(&table, 1).await;
    let mut p0 = server.connect(&table, Some(&t0)).await;
    let mut p1 = server.connect(&table, Some(&t1)).await;
    let mut watcher = server.connect(&table, None).await;
    assert_eq!(p0.latest["to_act"]["seats"], json!([0]));
    assert!(
        p1.legal().is_empty(),
        "seat 1 is not offered seat 0's actions"
    );
    let action = p0.legal()[0].clone();

    // Seat 1 plays seat 0's action: refused, by the seat bound to its token.
    let answer = p1.act(&action).await;
    assert_eq!(answer["type"], "error");
    assert_eq!(answer["code"], "not_your_turn", "{answer}");
    assert!(
        answer["message"].as_str().unwrap().contains("seat 1"),
        "{answer}"
    );
    // Naming another seat in the message is not part of the protocol.
    let answer = p1
        .request(json!({"type": "act", "seat": 0, "action": action}))
        .await;
    assert_eq!(answer["code"], "malformed", "{answer}");
    assert!(
        answer["message"].as_str().unwrap().contains("seat"),
        "{answer}"
    );
    // A spectator cannot act at all.
    let answer = watcher
        .request(json!({"type": "act", "action": action}))
        .await;
    assert_eq!(answer["code"], "spectator", "{answer}");
    // Nothing changed.
    assert_eq!(p0.sync().await["length"], 0);

    // A token opens only its own table, and only a real token opens a seat.
    let other = server.create(two_players(6)).await;
    let url = format!("ws://{}/api/tables/{other}/ws?token={t0}", server.addr);
    let refused = tokio_tungstenite::connect_async(url).await;
    assert!(refused.is_err(), "a token of another table is refused");
    let url = format!("ws://{}/api/tables/{table}/ws?token=guess", server.addr);
    assert!(tokio_tungstenite::connect_async(url).await.is_err());

    // Seat 0 plays; seat 1's redacted log shows seat 0's events but not its action.
    let answer = p0.act(&action).await;
    assert_eq!(answer["type"], "ack", "{answer}");
    let (status, log1) = server
        .get_with_token(&format!("/api/tables/{table}/log"), &t1)
        .await;
    assert_eq!(status, 200);
    assert_eq!(log1["seat"], 1);
    assert_eq!(log1["entries"][0]["seat"], 0);
    assert_eq!(log1["entries"][0]["action"], Value::Null);
    assert!(!log1["entries"][0]["events"].as_array().unwrap().is_empty());
    let (_, log0) = server
        .get_with_token(&format!("/api/tables/{table}/log"), &t0)
        .await;
    assert_eq!(log0["entries"][0]["action"], action);
    // Without a token there is no log while the game goes on.
    let (status, body) = server.get(&format!("/api/tables/{table}/log")).await;
    assert_eq!(status, 401, "{body}");
    let (status, _) = server
        .get_with_token(&format!("/api/tables/{table}/log"), "not-a-token")
        .await;
    assert_eq!(status, 401);
    server.stop().await;
}

/// Sends `message` and checks the refusal's code and that its message names the problem.
async fn refused(client: &mut Client, message: &str, code: &str, names: &str) {
    client.send_text(message).await;
    let answer = client.wait_for(|m| m["type"] == "error").await;
    assert_eq!(answer["code"], code, "{message} -> {answer}");
    let text = answer["message"].as_str().unwrap();
    assert!(text.contains(names), "{message} -> {text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_are_refused_by_name_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::sqlite(&dir, settings()).await;
    let table = server.create(two_players(12)).await;
    let token = server.take(&table, 0).await;
    let mut p = server.connect(&table, Some(&token)).await;
    // Move the game on a little, so "nothing changed" means something.
    let first = p.legal()[0].clone();
    assert_eq!(p.act(&first).await["type"], "ack");
    let before = p.sync().await;

    refused(&mut p, "{not json", "malformed", "not JSON").await;
    refused(&mut p, "[1, 2]", "malformed", "\"type\"").await;
    refused(&mut p, r#"{"action": {}}"#, "malformed", "\"type\"").await;
    refused(
        &mut p,
        r#"{"type": "teleport"}"#,
        "unknown_type",
        "teleport",
    )
    .await;
    refused(&mut p, r#"{"type": "act"}"#, "malformed", "action").await;
    refused(
        &mut p,
        r#"{"type": "undo", "please": true}"#,
        "malformed",
        "please",
    )
    .await;
    refused(
        &mut p,
        r#"{"type": "act", "action": {"type": "fly", "to": "roof"}}"#,
        "malformed_action",
        "fly",
    )
    .await;
    refused(
        &mut p,
        r#"{"type": "act", "action": {"type": "choose_entry", "cell": "Z9"}}"#,
        "illegal_action",
        "Z9",
    )
    .await;
    // A well-formed action that is not legal now, with the game's reason in both languages
    // (the other refusals are worded in English; the table words them by their code).
    let illegal = json!({"type": "act", "action": {"type": "escape"}}).to_string();
    refused(&mut p, &illegal, "illegal_action", "illegal").await;
    p.send_text(&illegal).await;
    let answer = p.wait_for(|m| m["type"] == "error").await;
    assert_eq!(
        answer["message"],
        "illegal action: the roof is for when every safe is cracked"
    );
    assert_eq!(
        answer["fr"],
        "action impossible : le toit, c'est une fois tous les coffres ouverts"
    );
    p.send_text(r#"{"type": "teleport"}"#).await;
    let answer = p.wait_for(|m| m["type"] == "error").await;
    assert!(answer.get("fr").is_none(), "{answer}");
    // Bigger than the 16 KiB a message may have.
    let big = json!({"type": "act", "action": {"type": "escape", "pad": "x".repeat(20_000)}});
    refused(&mut p, &big.to_string(), "too_large", "16384").await;
    p.send_binary(vec![1, 2, 3]).await;
    let answer = p.wait_for(|m| m["type"] == "error").await;
    assert_eq!(answer["code"], "malformed");
    assert!(answer["message"].as_str().unwrap().contains("binary"));

    // The id of a refused message is echoed when it can be read.
    let answer = p
        .request(json!({"type": "act", "action": {"type": "escape"}}))
        .await;
    assert_eq!(answer["type"], "error");

    let after = p.sync().await;
    assert_eq!(after["length"], before["length"]);
    assert_eq!(after["view"], before["view"]);
    assert_eq!(after["legal"], before["legal"]);
    // The connection is still good: a legal action is accepted.
    let action = p.legal()[0].clone();
    assert_eq!(p.act(&action).await["type"], "ack");

    // A message beyond the protocol limit closes that connection only; the server goes on.
    let mut huge = server.connect(&table, Some(&token)).await;
    huge.try_send_text(&"x".repeat(2 * 1024 * 1024)).await;
    let closed = huge.next_frame().await;
    assert!(
        closed
            .as_ref()
            .is_none_or(tokio_tungstenite::tungstenite::Message::is_close),
        "{closed:?}"
    );
    let (status, _) = server.get("/healthz").await;
    assert_eq!(status, 200);
    let mut again = server.connect(&table, Some(&token)).await;
    assert_eq!(again.sync().await["length"], p.length());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_action_the_store_cannot_commit_is_refused_and_shown_to_nobody() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::sqlite(&dir, settings()).await;
    let table = server.create(two_players(31)).await;
    let token = server.take(&table, 0).await;
    let mut player = server.connect(&table, Some(&token)).await;
    let mut watcher = server.connect(&table, None).await;
    let action = player.legal()[0].clone();
    let before = player.sync().await;

    // The database goes away.
    server.state.store().close().await;
    let answer = player.act(&action).await;
    assert_eq!(answer["code"], "unavailable", "{answer}");
    assert!(
        !answer["message"].as_str().unwrap().contains("pool"),
        "no internals: {answer}"
    );
    let after = player.sync().await;
    assert_eq!(after["length"], before["length"]);
    assert_eq!(after["view"], before["view"]);
    assert_eq!(after["legal"], before["legal"]);
    // Nobody was shown the action.
    let seen = watcher.sync().await;
    assert_eq!(seen["length"], 0);
    assert_eq!(
        watcher.updates, 2,
        "the first state and the sync, nothing else"
    );
    let (status, health) = server.get("/healthz").await;
    assert_eq!(status, 503, "{health}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_faster_than_the_pace_are_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let pace = lockpick_server::Settings {
        messages_per_sec: 5,
        ..settings()
    };
    let server = TestServer::sqlite(&dir, pace).await;
    let table = server.create(two_players(31)).await;
    let token = server.take(&table, 0).await;
    let mut p = server.connect(&table, Some(&token)).await;
    let before = p.sync().await;

    // Thirty messages at once: the rest of the burst of ten passes (the sync above took one),
    // the others are refused, each by name.
    for _ in 0..30 {
        p.send(&json!({"type": "sync"})).await;
    }
    let (mut passed, mut refused) = (0, 0);
    while passed + refused < 30 {
        let m = p.recv().await;
        match m["type"].as_str() {
            Some("update") => passed += 1,
            Some("error") => {
                assert_eq!(m["code"], "rate_limited", "{m}");
                let text = m["message"].as_str().unwrap();
                assert!(text.contains("at most 5 a second"), "{text}");
                refused += 1;
            }
            _ => {}
        }
    }
    assert!(passed >= 9, "{passed} passed");
    assert!(refused >= 10, "{refused} refused");

    // Nothing changed, and once the pace allows, the seat plays on.
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    let now = p.sync().await;
    assert_eq!(now["view"], before["view"]);
    assert_eq!(now["length"], before["length"]);
    let first = p.legal()[0].clone();
    assert_eq!(p.act(&first).await["type"], "ack");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_tables_and_seats_from_one_address_are_refused_with_retry_after() {
    let dir = tempfile::tempdir().unwrap();
    let limited = lockpick_server::Settings {
        creations_per_min: 3,
        ..settings()
    };
    let server = TestServer::sqlite(&dir, limited).await;
    let table = server.create(two_players(1)).await;
    server.create(two_players(2)).await;
    server.take(&table, 0).await;

    // The fourth table or seat within the minute is refused, with when to try again.
    let http = reqwest::Client::new();
    for (path, body) in [
        ("/api/tables".to_owned(), two_players(3)),
        (
            format!("/api/tables/{table}/seats/1"),
            json!({"name": "Bob"}),
        ),
    ] {
        let r = http
            .post(server.url(&path))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 429, "{path}");
        let wait: u64 = r.headers()["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=60).contains(&wait), "Retry-After {wait}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["error"], "rate_limited");
        let text = body["message"].as_str().unwrap();
        assert!(text.contains("at most 3 a minute"), "{text}");
        // The lobby shows a French player the same in French.
        let fr = body["fr"].as_str().unwrap();
        assert!(fr.contains("au plus 3 par minute"), "{fr}");
    }
    // Nothing was created: two tables, and seat 1 still open.
    let (_, list) = server.get("/api/tables").await;
    assert_eq!(list["tables"].as_array().map(Vec::len), Some(2), "{list}");
    let (_, summary) = server.get(&format!("/api/tables/{table}")).await;
    assert_eq!(summary["seats"][1]["occupant"], "open", "{summary}");
    server.stop().await;
}

//! A real server on 127.0.0.1 (random port) and clients for it: HTTP through reqwest, the
//! table socket through tokio-tungstenite.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use lockpick_ai::Bots;
use lockpick_engine::{GameRng, Registry};
use lockpick_server::{AppState, Config, Server, ServerError, Settings};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long any single wait may take before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(20);

pub fn registry() -> Arc<Registry> {
    Arc::new(Registry::new().with::<lockpick_burgle::Burgle>())
}

pub fn bots() -> Arc<Bots> {
    Arc::new(Bots::new().with::<lockpick_burgle::Burgle>())
}

/// Quick bots and a short takeover, for tests; no limit on the pace of requests (the tests of
/// the limits set their own).
pub fn settings() -> Settings {
    Settings {
        bot_delay: Duration::from_millis(1),
        takeover_after: Duration::from_secs(600),
        bot_iterations: 30,
        hint_iterations: 30,
        messages_per_sec: 0,
        creations_per_min: 0,
        ..Settings::default()
    }
}

/// The PostgreSQL URL of the tests that need one, from `LOCKPICK_TEST_POSTGRES`.
pub fn postgres_url() -> Option<String> {
    match std::env::var("LOCKPICK_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            eprintln!(
                "skipped: this test needs PostgreSQL; set LOCKPICK_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test"
            );
            None
        }
    }
}

/// A fresh PostgreSQL schema for one test (so tests neither see each other's tables nor
/// leave tables behind in the shared database), or `None` without `LOCKPICK_TEST_POSTGRES`.
pub struct PgSchema {
    /// The URL that puts every query in the schema.
    pub url: String,
    base: String,
    schema: String,
}

impl PgSchema {
    pub async fn create() -> Option<Self> {
        let base = postgres_url()?;
        let schema = format!(
            "lp_test_{}",
            lockpick_server::ids::TableId::random().unwrap()
        );
        let pool = sqlx::postgres::PgPoolOptions::new()
            .max_connections(1)
            .connect(&base)
            .await
            .expect("PostgreSQL at LOCKPICK_TEST_POSTGRES");
        sqlx::query(&format!("CREATE SCHEMA {schema}"))
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
        let sep = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{sep}options=-c%20search_path%3D{schema}");
        Some(Self { url, base, schema })
    }

    /// Drops the schema and everything in it.
    pub async fn drop(self) {
        let pool = sqlx::postgres::PgPoolOptions::new()
            .max_connections(1)
            .connect(&self.base)
            .await
            .unwrap();
        sqlx::query(&format!("DROP SCHEMA {} CASCADE", self.schema))
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    }
}

/// A server running in this process.
pub struct TestServer {
    pub addr: SocketAddr,
    pub state: AppState,
    pub db: String,
    handle: JoinHandle<Result<(), ServerError>>,
    http: reqwest::Client,
}

impl TestServer {
    pub async fn start(db: &str, settings: Settings) -> Self {
        let config = Config {
            addr: "127.0.0.1:0".into(),
            db: db.into(),
            settings,
        };
        let server = Server::bind(config, registry(), bots())
            .await
            .expect("the server starts");
        let addr = server.local_addr().unwrap();
        let state = server.state().clone();
        let handle = tokio::spawn(server.run(std::future::pending()));
        Self {
            addr,
            state,
            db: db.into(),
            handle,
            http: reqwest::Client::new(),
        }
    }

    /// A server on a fresh SQLite file in `dir`.
    pub async fn sqlite(dir: &tempfile::TempDir, settings: Settings) -> Self {
        let path = dir.path().join("lockpick.db");
        Self::start(path.to_str().unwrap(), settings).await
    }

    /// Stops the server gracefully and waits until it has.
    pub async fn stop(self) {
        self.state.shutdown();
        tokio::time::timeout(PATIENCE, self.handle)
            .await
            .expect("the server stops in time")
            .unwrap()
            .expect("the server stops cleanly");
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        let r = self.http.get(self.url(path)).send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn get_with_token(&self, path: &str, token: &str) -> (u16, Value) {
        let r = self
            .http
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let r = self
            .http
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// Creates a table and returns its id.
    pub async fn create(&self, body: Value) -> String {
        let (status, table) = self.post("/api/tables", &body).await;
        assert_eq!(status, 201, "{table}");
        table["id"].as_str().unwrap().to_owned()
    }

    /// Takes a seat and returns its token.
    pub async fn take(&self, table: &str, seat: u8) -> String {
        let (status, taken) = self
            .post(
                &format!("/api/tables/{table}/seats/{seat}"),
                &json!({"name": format!("player {seat}")}),
            )
            .await;
        assert_eq!(status, 201, "{taken}");
        taken["token"].as_str().unwrap().to_owned()
    }

    pub async fn connect(&self, table: &str, token: Option<&str>) -> Client {
        self.connect_since(table, token, 0).await
    }

    pub async fn connect_since(&self, table: &str, token: Option<&str>, since: usize) -> Client {
        let mut url = format!("ws://{}/api/tables/{table}/ws?since={since}", self.addr);
        if let Some(token) = token {
            url.push_str("&token=");
            url.push_str(token);
        }
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the socket opens");
        let mut client = Client {
            ws,
            latest: Value::Null,
            log: Vec::new(),
            seats: Value::Null,
            updates: 0,
            next_id: 0,
        };
        let welcome = client.recv().await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        client.wait_for(|m| m["type"] == "update").await;
        client
    }
}

/// A table socket connection that remembers the latest `update`, the log and the seats.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The latest `update`.
    pub latest: Value,
    /// Every log entry received (`log` messages).
    pub log: Vec<Value>,
    /// The latest `seats` message's seats.
    pub seats: Value,
    /// Updates received.
    pub updates: usize,
    next_id: u64,
}

impl Client {
    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.unwrap();
    }

    /// Sends text that the server may refuse by closing the connection.
    pub async fn try_send_text(&mut self, text: &str) -> bool {
        self.ws.send(Message::text(text)).await.is_ok()
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws.send(Message::binary(bytes)).await.unwrap();
    }

    pub async fn send(&mut self, message: &Value) {
        self.send_text(&message.to_string()).await;
    }

    /// The next message, remembering updates, logs and seats.
    pub async fn recv(&mut self) -> Value {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message in time")
                .expect("the socket stays open")
                .expect("a frame");
            let Message::Text(text) = frame else { continue };
            let message: Value = serde_json::from_str(text.as_str()).unwrap();
            match message["type"].as_str() {
                Some("update") => {
                    self.latest = message.clone();
                    self.updates += 1;
                }
                Some("log") => self
                    .log
                    .extend(message["entries"].as_array().unwrap().clone()),
                Some("seats") => self.seats = message["seats"].clone(),
                _ => {}
            }
            return message;
        }
    }

    /// Reads until a message matches.
    pub async fn wait_for(&mut self, mut pred: impl FnMut(&Value) -> bool) -> Value {
        loop {
            let m = self.recv().await;
            if pred(&m) {
                return m;
            }
        }
    }

    /// Sends `message` with a fresh id and returns the answer to it (`ack`, `hint` or `error`).
    pub async fn request(&mut self, mut message: Value) -> Value {
        self.next_id += 1;
        let id = format!("r{}", self.next_id);
        message["id"] = json!(id);
        self.send(&message).await;
        self.wait_for(|m| m["id"] == json!(id)).await
    }

    /// Plays `action` and returns the answer (`ack` or `error`); after an ack, also waits
    /// for the update that action caused.
    pub async fn act(&mut self, action: &Value) -> Value {
        let answer = self.request(json!({"type": "act", "action": action})).await;
        if answer["type"] == "ack" {
            let length = answer["length"].as_u64().unwrap();
            if self.latest["length"].as_u64() < Some(length) {
                self.wait_for(|m| m["type"] == "update" && m["length"].as_u64() >= Some(length))
                    .await;
            }
        }
        answer
    }

    /// Asks for the current state and returns the `update`.
    pub async fn sync(&mut self) -> Value {
        self.send(&json!({"type": "sync"})).await;
        self.wait_for(|m| m["type"] == "update" && m["cause"]["type"] == "sync")
            .await
    }

    pub fn over(&self) -> bool {
        self.latest["to_act"]["type"] == "over"
    }

    pub fn legal(&self) -> Vec<Value> {
        self.latest["legal"].as_array().cloned().unwrap_or_default()
    }

    pub fn length(&self) -> u64 {
        self.latest["length"].as_u64().unwrap()
    }

    /// Plays random legal actions for this seat until `stop` says so or the game ends; returns
    /// the number of actions played. A refusal is accepted only when the state moved on between
    /// choosing and sending (another seat acted in a simultaneous step).
    pub async fn play_randomly(
        &mut self,
        rng: &mut GameRng,
        mut stop: impl FnMut(&Client) -> bool,
    ) -> usize {
        let mut played = 0;
        while !self.over() && !stop(self) {
            let legal = self.legal();
            let Some(action) = rng.pick(&legal).cloned() else {
                self.wait_for(|m| m["type"] == "update").await;
                continue;
            };
            let before = self.updates;
            let answer = self.act(&action).await;
            if answer["type"] == "ack" {
                played += 1;
            } else {
                assert!(
                    self.updates > before,
                    "a legal action was refused without a change: {action} -> {answer}"
                );
            }
        }
        played
    }

    /// The next frame, or `None` once the connection is closed.
    pub async fn next_frame(&mut self) -> Option<Message> {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a frame in time")?
                .ok()?;
            if let Message::Text(text) = &frame {
                let message: Value = serde_json::from_str(text.as_str()).unwrap();
                if message["type"] == "update" {
                    self.latest = message;
                }
                continue;
            }
            return Some(frame);
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Every tile of a Burgle Bros. view.
pub fn tiles(view: &Value) -> Vec<Value> {
    view["floors"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["tiles"].as_array().unwrap().clone())
        .collect()
}

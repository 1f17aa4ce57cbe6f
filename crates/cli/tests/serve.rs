//! `lockpick serve` as a process: flags and environment variables, a table of bots that keeps
//! playing across a kill -9 and a restart, and a clean stop on SIGTERM.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const PATIENCE: Duration = Duration::from_secs(30);

/// A running `lockpick serve`, killed if the test fails.
struct Serving {
    child: Child,
    addr: String,
    logs: Receiver<String>,
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(db: &str) -> Serving {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lockpick"))
        .args(["serve", "--bot-delay-ms", "40"])
        .env("LOCKPICK_ADDR", "127.0.0.1:0")
        .env("LOCKPICK_DB", db)
        .env("LOCKPICK_LOG", "info")
        .env("LOCKPICK_LOG_FORMAT", "json")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, logs) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut serving = Serving {
        child,
        addr: String::new(),
        logs,
    };
    let listening = serving.wait_log("listening");
    serving.addr = listening["fields"]["addr"].as_str().unwrap().to_owned();
    serving
}

impl Serving {
    /// Waits for a JSON log line whose message is `message`.
    fn wait_log(&self, message: &str) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let line = self
                .logs
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .unwrap_or_else(|_| panic!("no '{message}' in the logs in time"));
            let Ok(entry) = serde_json::from_str::<Value>(&line) else {
                continue;
            };
            if entry["fields"]["message"] == message {
                return entry;
            }
        }
    }

    /// One HTTP/1.1 request; returns the status and the JSON body.
    fn http(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let body = body.map(Value::to_string).unwrap_or_default();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let status = response[9..12].parse().unwrap();
        let (head, rest) = response.split_once("\r\n\r\n").unwrap();
        // axum answers small bodies with a length, not chunks.
        assert!(!head.to_ascii_lowercase().contains("chunked"), "{head}");
        (status, serde_json::from_str(rest).unwrap_or(Value::Null))
    }

    fn length(&self, table: &str) -> u64 {
        let (status, summary) = self.http("GET", &format!("/api/tables/{table}"), None);
        assert_eq!(status, 200, "{summary}");
        summary["length"].as_u64().unwrap()
    }
}

/// Waits until `f` holds, polling.
fn eventually(what: &str, mut f: impl FnMut() -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !f() {
        assert!(Instant::now() < deadline, "{what}: not in time");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn serve_help_names_the_flags_and_their_environment_variables() {
    let out = Command::new(env!("CARGO_BIN_EXE_lockpick"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for flag in [
        "--addr",
        "--db",
        "--log",
        "LOCKPICK_ADDR",
        "LOCKPICK_DB",
        "LOCKPICK_LOG",
    ] {
        assert!(help.contains(flag), "{flag} missing from:\n{help}");
    }
    assert!(help.contains("127.0.0.1:8080"));
    assert!(help.contains("lockpick.db"));
}

#[test]
fn serve_refuses_a_database_it_does_not_know_and_a_bad_log_filter() {
    let out = Command::new(env!("CARGO_BIN_EXE_lockpick"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            "mysql://localhost/x",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("error: unsupported database location 'mysql://localhost/x'"),
        "{err}"
    );

    let out = Command::new(env!("CARGO_BIN_EXE_lockpick"))
        .args(["serve", "--log", "lockpick=[[["])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("bad --log filter")
    );
}

#[test]
fn a_table_of_bots_survives_kill_9_and_stops_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.db");
    let db = db.to_str().unwrap();

    let server = serve(db);
    let (status, health) = server.http("GET", "/healthz", None);
    assert_eq!((status, health["store"].as_str()), (200, Some("sqlite")));
    let (status, table) = server.http(
        "POST",
        "/api/tables",
        Some(&json!({
            "game": "burgle",
            "seats": 2,
            "options": {"job": "bank"},
            "bots": [{"seat": 0, "bot": "heuristic"}, {"seat": 1, "bot": "heuristic"}],
        })),
    );
    assert_eq!(status, 201, "{table}");
    let table = table["id"].as_str().unwrap().to_owned();
    eventually("the bots play", || server.length(&table) >= 5);

    // Killed without warning: every action the server had shown is on disk.
    let mut server = server;
    let shown = server.length(&table);
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    drop(server);

    let server = serve(db);
    assert!(
        server.length(&table) >= shown,
        "an acknowledged action was lost"
    );
    // The table resumed: its bots play on.
    let resumed = server.length(&table);
    let (_, summary) = server.http("GET", &format!("/api/tables/{table}"), None);
    if summary["status"] != "over" {
        eventually("the bots play on after the restart", || {
            server.length(&table) > resumed
        });
    }

    // SIGTERM: a clean stop, exit code 0.
    let mut server = server;
    let status = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    server.wait_log("stopped");
    let code = server.child.wait().unwrap();
    assert!(code.success(), "{code:?}");
}

//! How a server runs: where it listens, where it stores, and the pace of its bots.

use std::time::Duration;

/// Tunable behaviour of the tables.
#[derive(Debug, Clone)]
pub struct Settings {
    /// How long a bot "thinks" before it plays, so people can follow (the search itself runs
    /// on a blocking thread, off the async runtime).
    pub bot_delay: Duration,
    /// How long a seated player may be disconnected before a bot takes over their seat.
    pub takeover_after: Duration,
    /// The bot that plays for a player who left (`random`, `heuristic` or `ismcts`).
    pub takeover_bot: String,
    /// ISMCTS iterations per move of an `ismcts` seat.
    pub bot_iterations: u32,
    /// ISMCTS iterations for a hint.
    pub hint_iterations: u32,
    /// The largest socket message a client may send, in bytes.
    pub max_message_bytes: usize,
    /// Messages one socket connection may send a second, on average; bursts of twice as many
    /// pass. Those over the limit are answered `rate_limited` and not read. 0: no limit.
    pub messages_per_sec: u32,
    /// Tables and seats one client address may create a minute (all at once, if it likes);
    /// more are answered 429 `rate_limited`. 0: no limit.
    pub creations_per_min: u32,
    /// The address clients reach the server at (`https://lockpick.example`), for invitation
    /// links; by default taken from each request's `Host` header.
    pub public_url: Option<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            bot_delay: Duration::from_millis(400),
            takeover_after: Duration::from_secs(20),
            takeover_bot: "heuristic".to_owned(),
            bot_iterations: 500,
            hint_iterations: 1000,
            max_message_bytes: 16 * 1024,
            messages_per_sec: 20,
            creations_per_min: 30,
            public_url: None,
        }
    }
}

/// Everything `lockpick serve` needs.
#[derive(Debug, Clone)]
pub struct Config {
    /// `HOST:PORT` to listen on.
    pub addr: String,
    /// A SQLite file path, `sqlite://PATH`, or a `postgres://` URL.
    pub db: String,
    /// Table behaviour.
    pub settings: Settings,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            addr: "127.0.0.1:8080".to_owned(),
            db: "lockpick.db".to_owned(),
            settings: Settings::default(),
        }
    }
}

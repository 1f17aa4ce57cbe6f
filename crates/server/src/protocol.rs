//! The messages of the table socket (`GET /api/tables/{id}/ws`), in both directions, and the
//! JSON pieces they share with the REST API. Their JSON Schema is served at
//! `/api/schema/client-message.json` and `/api/schema/server-message.json`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// One event as one viewer may see it.
pub use crate::store::SeenEvent;

/// What a client sends on the table socket. Every message may carry an `id` of the client's
/// choosing, echoed in the answer (`ack`, `hint` or `error`).
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Play an action, exactly as listed in `legal`, for the connection's own seat.
    Act {
        /// The action, `{"type": ...}`.
        action: Value,
        /// Echoed in the answer.
        #[serde(default)]
        id: Option<String>,
    },
    /// Take back the seat's last action, when the game allows it (`can_undo`).
    Undo {
        /// Echoed in the answer.
        #[serde(default)]
        id: Option<String>,
    },
    /// Ask the ISMCTS bot which action it would play now; nothing is played.
    Hint {
        /// Echoed in the answer.
        #[serde(default)]
        id: Option<String>,
    },
    /// Leave the seat to a bot (the player can come back: `return`, an action, or a new
    /// connection with the seat token takes it back).
    Leave {
        /// Echoed in the answer.
        #[serde(default)]
        id: Option<String>,
    },
    /// Take the seat back from the bot that plays it since the player left.
    Return {
        /// Echoed in the answer.
        #[serde(default)]
        id: Option<String>,
    },
    /// Send the current state again (an `update` with the cause `sync`).
    Sync {
        /// Echoed in the answer.
        #[serde(default)]
        id: Option<String>,
    },
}

impl ClientMessage {
    /// The `type` of every client message.
    pub const TYPES: [&'static str; 6] = ["act", "undo", "hint", "leave", "return", "sync"];
}

/// Who sits at a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Occupant {
    /// Nobody yet: a player may take it.
    Open,
    /// A player holds its token.
    Player,
    /// A bot chosen when the table was created.
    Bot,
}

/// A seat as everyone at the table sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, JsonSchema)]
pub struct SeatStatus {
    /// The seat, from 0.
    pub seat: u8,
    /// Who sits there.
    pub occupant: Occupant,
    /// The player's name, if they gave one.
    pub name: Option<String>,
    /// The bot playing this seat now: a bot seat's bot, or the bot standing in for a player
    /// who left.
    pub bot: Option<String>,
    /// Open socket connections of this seat.
    pub connections: u32,
}

/// Why an `update` was sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Cause {
    /// The table was loaded or created, or the client asked (`sync`) or (re)connected.
    Sync,
    /// A seat played the action at `index` of the log.
    Action {
        /// Who acted.
        seat: u8,
        /// The action's place in the log, from 0.
        index: usize,
    },
    /// A seat took back the action that was at `index`.
    Undo {
        /// Who undid.
        seat: u8,
        /// The index the undone action had.
        index: usize,
    },
}

/// One action of the log, as one viewer may know it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, JsonSchema)]
pub struct LogItem {
    /// Its place in the log, from 0.
    pub index: usize,
    /// Who acted.
    pub seat: u8,
    /// The action: always once the game is over; during the game only the viewer's own.
    pub action: Option<Value>,
    /// The events the viewer may see.
    pub events: Vec<SeenEvent>,
}

/// What the server sends on the table socket.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// First message of a connection.
    Welcome {
        /// The table.
        table: String,
        /// The game's id.
        game: String,
        /// How many seats.
        seats: u8,
        /// The connection's seat, or `null` for a spectator.
        seat: Option<u8>,
    },
    /// The log since the `since` of the connection URL (default 0), as this viewer may know it;
    /// sent after `welcome`, and again from 0 if the connection fell behind.
    Log {
        /// The first index listed.
        from: usize,
        /// The entries.
        entries: Vec<LogItem>,
    },
    /// The game changed (or a `sync`): this viewer's view and new events.
    Update {
        /// The number of actions in the log.
        length: usize,
        /// Why.
        cause: Cause,
        /// The events of this change this viewer may see.
        events: Vec<SeenEvent>,
        /// What this viewer may know of the game (the engine's view).
        view: Value,
        /// Who may act, `{"type": "seats", "seats": [..]}`, or `{"type": "over", "outcome": ..}`.
        to_act: Value,
        /// This seat's legal actions now (empty for spectators and seats not to act).
        legal: Vec<Value>,
        /// Whether this seat may undo now.
        can_undo: bool,
    },
    /// Who sits where changed (a player took a seat, connected, left or came back).
    Seats {
        /// Every seat.
        seats: Vec<SeatStatus>,
    },
    /// A message was done (the `update` it caused is sent to every connection).
    Ack {
        /// The message's `id`.
        id: Option<String>,
        /// The number of actions in the log after it.
        length: usize,
    },
    /// The ISMCTS bot's suggestion; nothing was played.
    Hint {
        /// The message's `id`.
        id: Option<String>,
        /// The suggested action, exactly as in `legal`.
        action: Option<Value>,
    },
    /// A message was refused; nothing changed.
    Error {
        /// The message's `id`, when it could be read.
        id: Option<String>,
        /// A stable code (see [`ErrorCode`]).
        code: ErrorCode,
        /// What is wrong, in English.
        message: String,
        /// What is wrong, in French, when the game words it (an illegal action's reason).
        #[serde(skip_serializing_if = "Option::is_none")]
        fr: Option<String>,
    },
}

/// Why a socket message was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, a binary frame, or a message missing a field or with an unknown field.
    Malformed,
    /// A `type` the server does not know.
    UnknownType,
    /// Bigger than the server accepts.
    TooLarge,
    /// Spectators watch; they cannot act.
    Spectator,
    /// Not this seat's turn (or the seat cannot do this now).
    NotYourTurn,
    /// The action is not an action of this game.
    MalformedAction,
    /// The action is not legal now.
    IllegalAction,
    /// The game is over.
    GameOver,
    /// Nothing this seat may take back.
    CannotUndo,
    /// No hint for this game or now.
    NoHint,
    /// The server could not save; nothing changed, try again.
    Unavailable,
    /// Sent faster than the server reads (`messages_per_sec`): the message was not read.
    RateLimited,
}

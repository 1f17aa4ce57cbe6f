//! `GET /api/tables/{id}/ws`: the table socket. A connection with `?token=` plays that seat;
//! without one it watches as a spectator. The server pushes `welcome`, the `log` since
//! `?since=` (default 0), an `update` with the current view, then an `update` after every change
//! and a `seats` message when who sits where changes. Every refused message gets an `error`
//! naming the problem, and changes nothing.

use std::sync::Arc;

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade, close_code};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use lockpick_engine::{ActError, Seat, Viewer};
use serde::Deserialize;
use serde_json::Value;
use tokio::sync::broadcast::error::RecvError;
use utoipa::IntoParams;

use super::{ApiPath, ApiQuery};
use crate::error::{ApiError, ErrorBody};
use crate::ids::SeatToken;
use crate::protocol::{Cause, ClientMessage, ErrorCode, ServerMessage};
use crate::state::AppState;
use crate::table::{ActFailure, Actor, Push, Snapshot, Table};

/// Who connects, and from where the log is wanted.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct SocketQuery {
    /// The seat token; without it the connection watches as a spectator.
    #[serde(default)]
    pub token: Option<String>,
    /// The first log index the client lacks (a reconnecting client gives the `length` it had);
    /// default 0: the whole log.
    #[serde(default)]
    pub since: Option<usize>,
}

/// How much bigger than the accepted message size a frame may be before the connection is
/// dropped instead of answered.
const PROTOCOL_LIMIT_FACTOR: usize = 64;

/// Opens the table socket.
#[utoipa::path(
    get,
    path = "/api/tables/{id}/ws",
    tag = "socket",
    params(("id" = String, Path, description = "The table's id"), SocketQuery),
    responses(
        (status = 101, description = "Switching to the WebSocket protocol; messages are described \
            by /api/schema/client-message.json and /api/schema/server-message.json"),
        (status = 400, description = "Not a WebSocket request", body = ErrorBody),
        (status = 401, description = "Unknown seat token", body = ErrorBody),
        (status = 404, description = "No such table", body = ErrorBody),
    )
)]
pub(crate) async fn connect(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<SocketQuery>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let table = state.table(&id).await?;
    let viewer = match &query.token {
        Some(token) => Viewer::Seat(
            table
                .seat_of_token(&SeatToken::from_client(token).hash())
                .ok_or_else(|| {
                    ApiError::Unauthorized("unknown seat token for this table".into())
                })?,
        ),
        None => Viewer::Spectator,
    };
    let upgrade = upgrade.map_err(|r| ApiError::Rejected {
        status: r.status(),
        message: r.body_text(),
    })?;
    let limit = state
        .inner
        .settings
        .max_message_bytes
        .saturating_mul(PROTOCOL_LIMIT_FACTOR);
    let tasks = state.inner.tasks.clone();
    // Bursts of twice the pace per second (a client catching up after a pause).
    let pace = std::num::NonZeroU32::new(state.inner.settings.messages_per_sec).map(|n| {
        let burst = std::num::NonZeroU32::new(n.get().saturating_mul(2)).unwrap_or(n);
        governor::RateLimiter::direct(governor::Quota::per_second(n).allow_burst(burst))
    });
    let connection = Connection {
        pace,
        state,
        table,
        viewer,
        since: query.since.unwrap_or(0),
    };
    Ok(upgrade
        .max_message_size(limit)
        .max_frame_size(limit)
        .on_upgrade(move |socket| tasks.track_future(connection.run(socket))))
}

struct Connection {
    state: AppState,
    table: Arc<Table>,
    viewer: Viewer,
    since: usize,
    /// The pace of this connection's messages ([`crate::Settings::messages_per_sec`]).
    pace: Option<governor::DefaultDirectRateLimiter>,
}

/// Tells the table a seat's connection closed, however the connection ends.
struct Presence {
    table: Arc<Table>,
    seat: Seat,
}

impl Drop for Presence {
    fn drop(&mut self) {
        self.table.disconnected(self.seat);
    }
}

fn text(message: &ServerMessage) -> Message {
    let json = serde_json::to_string(message).unwrap_or_else(|_| "{}".to_owned());
    Message::Text(Utf8Bytes::from(json))
}

fn error(id: Option<String>, code: ErrorCode, message: impl Into<String>) -> ServerMessage {
    ServerMessage::Error {
        id,
        code,
        message: message.into(),
        fr: None,
    }
}

/// A refusal the game words in French too.
fn error_in_both(
    id: Option<String>,
    code: ErrorCode,
    message: String,
    fr: String,
) -> ServerMessage {
    ServerMessage::Error {
        id,
        code,
        message,
        fr: Some(fr),
    }
}

/// The `update` `viewer` gets from a snapshot (without its events for a `sync`).
fn update(snapshot: &Snapshot, viewer: Viewer, sync: bool) -> ServerMessage {
    let slot = snapshot.slot(viewer);
    let seat = viewer.seat().map(Seat::index);
    ServerMessage::Update {
        length: snapshot.length,
        cause: if sync {
            Cause::Sync
        } else {
            snapshot.cause.clone()
        },
        events: if sync {
            Vec::new()
        } else {
            snapshot.events.get(slot).cloned().unwrap_or_default()
        },
        view: snapshot.views.get(slot).cloned().unwrap_or(Value::Null),
        to_act: serde_json::to_value(&snapshot.to_act).unwrap_or(Value::Null),
        legal: seat
            .and_then(|s| snapshot.legal.get(s).cloned())
            .unwrap_or_default(),
        can_undo: seat
            .and_then(|s| snapshot.can_undo.get(s).copied())
            .unwrap_or(false),
    }
}

impl Connection {
    async fn run(self, socket: WebSocket) {
        let (mut sink, mut stream) = socket.split();
        let _presence = match self.viewer.seat() {
            Some(seat) => {
                self.table.connected(seat).await;
                Some(Presence {
                    table: Arc::clone(&self.table),
                    seat,
                })
            }
            None => None,
        };
        tracing::info!(table = %self.table.id, seat = ?self.viewer.seat(), "socket opened");
        // Subscribe before reading the state, so that no change falls in between.
        let mut pushes = self.table.subscribe();
        let mut seen = match self.greet(&mut sink, self.since, true).await {
            Some(version) => version,
            None => return,
        };
        let shutdown = self.state.inner.shutdown.clone();
        loop {
            let outgoing: Vec<ServerMessage> = tokio::select! {
                () = shutdown.cancelled() => {
                    let _ = sink
                        .send(Message::Close(Some(CloseFrame {
                            code: close_code::AWAY,
                            reason: Utf8Bytes::from_static("the server is shutting down"),
                        })))
                        .await;
                    break;
                }
                push = pushes.recv() => match push {
                    Ok(Push::Update(snapshot)) => {
                        if snapshot.version <= seen {
                            continue;
                        }
                        seen = snapshot.version;
                        vec![update(&snapshot, self.viewer, false)]
                    }
                    Ok(Push::Seats(seats)) => vec![ServerMessage::Seats { seats: seats.to_vec() }],
                    Err(RecvError::Lagged(_)) => {
                        // Fell behind: start again from the whole log.
                        match self.greet(&mut sink, 0, false).await {
                            Some(version) => {
                                seen = version;
                                continue;
                            }
                            None => break,
                        }
                    }
                    Err(RecvError::Closed) => break,
                },
                incoming = stream.next() => match incoming {
                    None | Some(Err(_) | Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Text(body))) => match self.over_pace() {
                        Some(refusal) => vec![refusal],
                        None => self.handle(body.as_str()).await,
                    },
                    Some(Ok(Message::Binary(_))) => vec![error(
                        None,
                        ErrorCode::Malformed,
                        "binary frames are not accepted: send JSON text",
                    )],
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                },
            };
            for message in &outgoing {
                if sink.send(text(message)).await.is_err() {
                    tracing::info!(table = %self.table.id, seat = ?self.viewer.seat(), "socket closed");
                    return;
                }
            }
        }
        tracing::info!(table = %self.table.id, seat = ?self.viewer.seat(), "socket closed");
    }

    /// Sends `welcome` (on connecting), the log from `from` and the current state; returns the
    /// version sent.
    async fn greet(
        &self,
        sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
        from: usize,
        welcome: bool,
    ) -> Option<u64> {
        let (entries, snapshot) = self.table.resume(self.viewer, from).await;
        if welcome {
            let hello = ServerMessage::Welcome {
                table: self.table.id.to_string(),
                game: self.table.game.to_owned(),
                seats: self.table.seat_count.0,
                seat: self.viewer.seat().map(|s| s.0),
            };
            sink.send(text(&hello)).await.ok()?;
        }
        let messages = [
            ServerMessage::Log { from, entries },
            ServerMessage::Seats {
                seats: self.table.seat_statuses(),
            },
            update(&snapshot, self.viewer, true),
        ];
        for message in &messages {
            sink.send(text(message)).await.ok()?;
        }
        Some(snapshot.version)
    }

    /// The refusal of a message sent faster than the connection's pace, if it is.
    fn over_pace(&self) -> Option<ServerMessage> {
        let pace = self.pace.as_ref()?;
        pace.check().err().map(|_| {
            error(
                None,
                ErrorCode::RateLimited,
                format!(
                    "too many messages: at most {} a second on one connection; this one was not read",
                    self.state.inner.settings.messages_per_sec
                ),
            )
        })
    }

    /// Answers one text message.
    async fn handle(&self, body: &str) -> Vec<ServerMessage> {
        let limit = self.state.inner.settings.max_message_bytes;
        if body.len() > limit {
            return vec![error(
                None,
                ErrorCode::TooLarge,
                format!(
                    "the message has {} bytes; the server accepts at most {limit}",
                    body.len()
                ),
            )];
        }
        let value: Value = match serde_json::from_str(body) {
            Ok(v) => v,
            Err(e) => {
                return vec![error(
                    None,
                    ErrorCode::Malformed,
                    format!("the message is not JSON: {e}"),
                )];
            }
        };
        let id = value.get("id").and_then(Value::as_str).map(str::to_owned);
        let Some(kind) = value.get("type").and_then(Value::as_str).map(str::to_owned) else {
            return vec![error(
                id,
                ErrorCode::Malformed,
                format!(
                    "a message is a JSON object with a \"type\": one of {}",
                    ClientMessage::TYPES.join(", ")
                ),
            )];
        };
        if !ClientMessage::TYPES.contains(&kind.as_str()) {
            return vec![error(
                id,
                ErrorCode::UnknownType,
                format!(
                    "unknown message type '{kind}' (types: {})",
                    ClientMessage::TYPES.join(", ")
                ),
            )];
        }
        let message: ClientMessage = match serde_json::from_value(value) {
            Ok(m) => m,
            Err(e) => {
                return vec![error(
                    id,
                    ErrorCode::Malformed,
                    format!("malformed '{kind}' message: {e}"),
                )];
            }
        };
        if let ClientMessage::Sync { .. } = message {
            return vec![update(&self.table.latest(), self.viewer, true)];
        }
        let Some(seat) = self.viewer.seat() else {
            return vec![error(
                id,
                ErrorCode::Spectator,
                "spectators watch; connect with a seat token to play",
            )];
        };
        vec![self.handle_seat(seat, message).await]
    }

    async fn handle_seat(&self, seat: Seat, message: ClientMessage) -> ServerMessage {
        let store = self.state.store();
        match message {
            ClientMessage::Act { action, id } => {
                // Acting takes the seat back from a bot standing in.
                self.table.set_away(seat, false).await;
                match self.table.act(store, seat, action, Actor::Player).await {
                    Ok(length) => ServerMessage::Ack { id, length },
                    Err(e) => self.refusal(id, e),
                }
            }
            ClientMessage::Undo { id } => match self.table.undo(store, seat).await {
                Ok(length) => ServerMessage::Ack { id, length },
                Err(e) => self.refusal(id, e),
            },
            ClientMessage::Hint { id } => {
                if !self.table.latest().to_act.includes(seat) {
                    return error(
                        id,
                        ErrorCode::NotYourTurn,
                        format!("seat {seat} is not to act now: hints are for the seat to act"),
                    );
                }
                match crate::bots::hint(&self.state, &self.table, seat).await {
                    Ok(action) => ServerMessage::Hint { id, action },
                    Err(e) => error(id, ErrorCode::NoHint, format!("no hint: {e}")),
                }
            }
            ClientMessage::Leave { id } => {
                self.table.set_away(seat, true).await;
                ServerMessage::Ack {
                    id,
                    length: self.table.latest().length,
                }
            }
            ClientMessage::Return { id } => {
                self.table.set_away(seat, false).await;
                ServerMessage::Ack {
                    id,
                    length: self.table.latest().length,
                }
            }
            ClientMessage::Sync { .. } => update(&self.table.latest(), self.viewer, true),
        }
    }

    fn refusal(&self, id: Option<String>, failure: ActFailure) -> ServerMessage {
        let (code, message) = match failure {
            ActFailure::Game(e) => match e {
                ActError::NotYourTurn(_) | ActError::SeatOutOfRange { .. } => {
                    (ErrorCode::NotYourTurn, e.to_string())
                }
                ActError::GameOver => (ErrorCode::GameOver, e.to_string()),
                ActError::Malformed(_) => (ErrorCode::MalformedAction, e.to_string()),
                ActError::Illegal { ref fr, .. } => {
                    let fr = format!("action impossible : {fr}");
                    return error_in_both(id, ErrorCode::IllegalAction, e.to_string(), fr);
                }
            },
            ActFailure::Undo(e) => (ErrorCode::CannotUndo, format!("cannot undo: {e}")),
            ActFailure::Storage(e) => {
                tracing::error!(table = %self.table.id, error = %e, "cannot save");
                (
                    ErrorCode::Unavailable,
                    "the table could not save; nothing changed, try again".to_owned(),
                )
            }
            ActFailure::Stale => (ErrorCode::Unavailable, "try again".to_owned()),
        };
        error(id, code, message)
    }
}

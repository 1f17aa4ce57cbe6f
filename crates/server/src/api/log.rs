//! `GET /api/tables/{id}/log`: the replay. Once the game is over, the full log and the saved
//! game (which `lockpick replay` checks); during the game, only the requesting seat's redacted
//! log.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use lockpick_engine::Viewer;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::{ApiPath, ApiQuery, bearer};
use crate::error::{ApiError, ErrorBody};
use crate::ids::SeatToken;
use crate::protocol::LogItem;
use crate::state::AppState;

/// Who asks.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct LogQuery {
    /// A seat token, if not given as `Authorization: Bearer TOKEN`.
    #[serde(default)]
    pub token: Option<String>,
}

/// A table's log.
#[derive(Debug, Serialize, ToSchema)]
pub struct TableLog {
    /// The table.
    pub table: String,
    /// The game's id.
    pub game: String,
    /// Whether the game is over.
    pub over: bool,
    /// How it ended, once it has.
    pub outcome: Option<Value>,
    /// The seat whose log this is during the game; `null` for the full log.
    pub seat: Option<u8>,
    /// The entries: during the game, the seat's own actions and every action's events as that
    /// seat saw them; once over, every action with the events a spectator saw.
    pub entries: Vec<LogItem>,
    /// Once over, the saved game (game, options, seats, seed, every action, state hash): save
    /// it to a file and `lockpick replay FILE` re-plays it.
    pub saved_game: Option<Value>,
}

/// The table's log.
#[utoipa::path(
    get,
    path = "/api/tables/{id}/log",
    tag = "log",
    params(("id" = String, Path, description = "The table's id"), LogQuery),
    security((), ("seat_token" = [])),
    responses(
        (status = 200, description = "The log", body = TableLog),
        (status = 401, description = "The game is in progress and no valid seat token was given", body = ErrorBody),
        (status = 404, description = "No such table", body = ErrorBody),
    )
)]
pub(crate) async fn get_log(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<LogQuery>,
) -> Result<Json<TableLog>, ApiError> {
    let table = state.table(&id).await?;
    let token = bearer(&headers, query.token.as_deref());
    let seat = match &token {
        Some(t) => Some(
            table
                .seat_of_token(&SeatToken::from_client(t).hash())
                .ok_or_else(|| {
                    ApiError::Unauthorized("unknown seat token for this table".into())
                })?,
        ),
        None => None,
    };
    let outcome = table.outcome();
    let viewer = match (&outcome, seat) {
        (Some(_), _) => Viewer::Spectator,
        (None, Some(seat)) => Viewer::Seat(seat),
        (None, None) => {
            return Err(ApiError::Unauthorized(
                "the game is in progress: only a seated player may read the log, their own \
                 redacted log (give the seat token as Authorization: Bearer TOKEN)"
                    .into(),
            ));
        }
    };
    let (entries, saved) = table.log(viewer).await;
    Ok(Json(TableLog {
        table: table.id.to_string(),
        game: table.game.to_owned(),
        over: saved.is_some(),
        outcome: outcome.and_then(|o| serde_json::to_value(o).ok()),
        seat: viewer.seat().map(|s| s.0),
        entries,
        saved_game: saved.and_then(|s| serde_json::to_value(s).ok()),
    }))
}

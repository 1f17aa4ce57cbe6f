//! `GET /api/tables/{id}/replay/{step}`: a finished game after its first `step` actions, for
//! stepping through it forwards and backwards. Refused while the game goes on: a replay shows
//! what the players may not know yet.

use axum::Json;
use axum::extract::State;
use lockpick_engine::{Seat, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::{ApiPath, ApiQuery};
use crate::error::{ApiError, ErrorBody};
use crate::protocol::SeenEvent;
use crate::state::AppState;
use crate::table::ReplayError;

/// Whose eyes the replay shows.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct ReplayQuery {
    /// A seat whose view to show (default: the spectator's view).
    #[serde(default)]
    pub seat: Option<u8>,
}

/// One step of a finished game.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReplayStepBody {
    /// The table.
    pub table: String,
    /// The game's id.
    pub game: String,
    /// This step: the number of actions played (0 is the setup).
    pub step: usize,
    /// The number of actions of the whole game: steps go from 0 to `length`.
    pub length: usize,
    /// Who played this step's action (`null` at step 0).
    pub seat: Option<u8>,
    /// This step's action (`null` at step 0).
    pub action: Option<Value>,
    /// This step's events as the viewer saw them, each with its English and French sentence.
    pub events: Vec<SeenEvent>,
    /// The viewer's view after this step (the same JSON as the socket's `update.view`).
    pub view: Value,
    /// Who was to act after this step, or how the game ended (at the last step).
    pub to_act: Value,
    /// The seat whose view this is; `null` for the spectator's.
    pub viewer: Option<u8>,
}

/// A finished game after `step` actions: the view, that step's events and who played it.
#[utoipa::path(
    get,
    path = "/api/tables/{id}/replay/{step}",
    tag = "log",
    params(
        ("id" = String, Path, description = "The table's id"),
        ("step" = usize, Path, description = "How many actions are played, from 0 (the setup) to the log's length"),
        ReplayQuery,
    ),
    responses(
        (status = 200, description = "The game at that step", body = ReplayStepBody),
        (status = 400, description = "A step past the end, or a seat the table does not have", body = ErrorBody),
        (status = 404, description = "No such table", body = ErrorBody),
        (status = 409, description = "The game is not over: no replay while it goes on", body = ErrorBody),
    )
)]
pub(crate) async fn get_step(
    State(state): State<AppState>,
    ApiPath((id, step)): ApiPath<(String, usize)>,
    ApiQuery(query): ApiQuery<ReplayQuery>,
) -> Result<Json<ReplayStepBody>, ApiError> {
    let table = state.table(&id).await?;
    let viewer = match query.seat {
        None => Viewer::Spectator,
        Some(s) => Viewer::Seat(
            table
                .seat_count
                .check(Seat(s))
                .map_err(|e| ApiError::BadRequest(e.to_string()))?,
        ),
    };
    let found = table.replay_step(step, viewer).await.ok_or_else(|| {
        ApiError::Conflict(
            "the game is not over: its replay opens when it ends (it would show what the \
             players may not know yet)"
                .into(),
        )
    })?;
    let at = match found {
        Ok(at) => at,
        Err(e @ ReplayError::PastTheEnd { .. }) => return Err(ApiError::BadRequest(e.to_string())),
        Err(e @ ReplayError::Rebuild(_)) => return Err(ApiError::Internal(e.to_string())),
    };
    Ok(Json(ReplayStepBody {
        table: table.id.to_string(),
        game: table.game.to_owned(),
        step,
        length: at.length,
        seat: at.seat,
        action: at.action,
        events: at.events,
        view: at.view,
        to_act: serde_json::to_value(&at.to_act).unwrap_or(Value::Null),
        viewer: viewer.seat().map(|s| s.0),
    }))
}

//! `POST /api/tables/{id}/seats/{seat}`: take an open seat and get its secret token.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use lockpick_engine::Seat;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{ApiPath, ClientIp, base_url, socket_base};
use crate::error::{ApiError, ErrorBody};
use crate::ids::SeatToken;
use crate::state::AppState;

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// Who takes the seat (the body is optional).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TakeSeat {
    /// A name to show the table.
    #[serde(default)]
    pub name: Option<String>,
}

/// A seat taken: keep the token secret, it is the only way to play this seat.
#[derive(Debug, Serialize, ToSchema)]
pub struct SeatTaken {
    /// The table.
    pub table: String,
    /// The seat.
    pub seat: u8,
    /// The seat token: present it to the socket (`?token=`) and to the log
    /// (`Authorization: Bearer`). The server keeps only its hash: it cannot be shown again.
    pub token: String,
    /// A link that opens this seat in the web table (the token rides after `#`, which
    /// browsers never send to servers).
    pub invite: String,
    /// The table socket URL for this seat.
    pub socket: String,
}

/// Takes an open seat.
#[utoipa::path(
    post,
    path = "/api/tables/{id}/seats/{seat}",
    tag = "seats",
    params(
        ("id" = String, Path, description = "The table's id"),
        ("seat" = u8, Path, description = "The seat, from 0"),
    ),
    request_body(content = Option<TakeSeat>, description = "Optional: the player's name"),
    responses(
        (status = 201, description = "The seat is yours", body = SeatTaken),
        (status = 400, description = "No such seat, or a bad name", body = ErrorBody),
        (status = 404, description = "No such table", body = ErrorBody),
        (status = 409, description = "The seat is taken or played by a bot, or the game is over", body = ErrorBody),
        (status = 429, description = "Too many tables and seats from this address for now (see Retry-After)", body = ErrorBody),
    )
)]
pub(crate) async fn take_seat(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    ApiPath((id, seat)): ApiPath<(String, u8)>,
    body: Bytes,
) -> Result<(StatusCode, Json<SeatTaken>), ApiError> {
    state.admit_creation(client)?;
    let req: TakeSeat = if body.iter().all(u8::is_ascii_whitespace) {
        TakeSeat::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|e| ApiError::BadRequest(format!("the body is not a seat request: {e}")))?
    };
    let name = req
        .name
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty());
    if let Some(n) = &name {
        if n.chars().count() > MAX_NAME_CHARS || n.chars().any(char::is_control) {
            return Err(ApiError::BadRequest(format!(
                "a name has at most {MAX_NAME_CHARS} characters and no control characters"
            )));
        }
    }
    let table = state.table(&id).await?;
    let seat = table
        .seat_count
        .check(Seat(seat))
        .map_err(|e| ApiError::BadRequest(e.to_string()))?;
    if table.outcome().is_some() {
        return Err(ApiError::conflict(
            "the game is over",
            "la partie est finie",
        ));
    }
    if !table.is_open(seat) {
        return Err(seat_taken());
    }
    let token = SeatToken::random()?;
    let hash = token.hash();
    if !state
        .store()
        .take_seat(&table.id, seat, &hash, name.as_deref())
        .await?
    {
        return Err(seat_taken());
    }
    table.seated(seat, hash, name);
    tracing::info!(table = %table.id, seat = seat.0, "seat taken");
    let base = base_url(&state, &headers);
    let secret = token.reveal();
    Ok((
        StatusCode::CREATED,
        Json(SeatTaken {
            table: table.id.to_string(),
            seat: seat.0,
            token: secret.to_owned(),
            invite: format!("{base}/tables/{}#seat={}&token={secret}", table.id, seat.0),
            socket: format!(
                "{}/api/tables/{}/ws?token={secret}",
                socket_base(&base),
                table.id
            ),
        }),
    ))
}

/// A seat someone else holds, in both languages. Neither names the seat by its number: the API
/// counts seats from 0 and the lobby from 1, and the client knows which seat it asked for.
fn seat_taken() -> ApiError {
    ApiError::conflict(
        "this seat is no longer open: a player or a bot sits there",
        "cette place n'est plus libre : un joueur ou un bot l'occupe",
    )
}

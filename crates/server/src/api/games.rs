//! `GET /api/games`: the games this server hosts, their seats, options and bots.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::state::AppState;

/// One game.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameEntry {
    /// The id used in requests (`burgle`).
    pub id: String,
    /// The name, `{"en": .., "fr": ..}`.
    pub name: Value,
    /// Fewest seats.
    pub min_seats: u8,
    /// Most seats.
    pub max_seats: u8,
    /// The options' schema: key, labels, help, type, choices or range, default.
    pub options: Value,
    /// The bots that may take a seat (empty when no bot plays this game yet).
    pub bots: Vec<String>,
}

/// The games.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameList {
    /// In the server's order.
    pub games: Vec<GameEntry>,
}

/// The games this server hosts.
#[utoipa::path(
    get,
    path = "/api/games",
    tag = "games",
    responses((status = 200, description = "The games", body = GameList))
)]
pub(crate) async fn list_games(State(state): State<AppState>) -> Json<GameList> {
    let bots: Vec<&str> = state.inner.bots.ids().collect();
    let games = state
        .inner
        .registry
        .iter()
        .map(|g| {
            let info = g.info();
            GameEntry {
                id: info.id.to_owned(),
                name: serde_json::to_value(info.name).unwrap_or(Value::Null),
                min_seats: info.min_seats,
                max_seats: info.max_seats,
                options: serde_json::to_value(&info.options).unwrap_or(Value::Null),
                bots: if bots.contains(&info.id) {
                    lockpick_ai::TABLE_BOTS
                        .iter()
                        .map(|b| (*b).to_owned())
                        .collect()
                } else {
                    Vec::new()
                },
            }
        })
        .collect();
    Json(GameList { games })
}

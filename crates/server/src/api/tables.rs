//! Tables: `POST /api/tables` creates one, `GET /api/tables` lists the open ones,
//! `GET /api/tables/{id}` sums one up.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use lockpick_ai::BotKind;
use lockpick_engine::{Options, Seat, SeatCount};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::{ApiJson, ApiPath, ApiQuery, ClientIp, base_url, socket_base};
use crate::error::{ApiError, ErrorBody};
use crate::ids::{TableId, random_seed};
use crate::protocol::SeatStatus;
use crate::state::AppState;
use crate::store::{SeatRecord, StoredTable, TableRecord};
use crate::table::Table;

/// A bot at a seat.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotSeat {
    /// The seat, from 0.
    pub seat: u8,
    /// `random`, `heuristic` or `ismcts`.
    pub bot: String,
}

/// A new table.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// The game's id (see `GET /api/games`).
    pub game: String,
    /// Option values by key; the others take their defaults. Read as the pairs written, so
    /// that a key given twice is refused by name rather than one value silently dropped.
    /// A value may be written as a string, a number or `true`/`false` (`"solo_characters": 2`).
    #[serde(default)]
    #[serde(with = "serde_with::As::<serde_with::Map<serde_with::Same, OptionText>>")]
    #[schema(value_type = BTreeMap<String, String>)]
    pub options: Vec<(String, String)>,
    /// How many seats (default: the fewest the game allows). Read as any integer, so that a
    /// count the game cannot seat is refused with the counts it can.
    #[serde(default)]
    #[schema(value_type = Option<u8>)]
    pub seats: Option<i64>,
    /// The seats bots take; the others are open to players.
    #[serde(default)]
    pub bots: Vec<BotSeat>,
    /// The game's seed (default: a random one). Whoever knows the seed can know every hidden
    /// card: give one only for tests and replays of known deals.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// An option's value as the text the game reads, from a JSON string, number or boolean.
struct OptionText;

impl<'de> serde_with::DeserializeAs<'de, String> for OptionText {
    fn deserialize_as<D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) => Ok(s),
            v @ (Value::Number(_) | Value::Bool(_)) => Ok(v.to_string()),
            other => Err(serde::de::Error::custom(format!(
                "an option's value is a string, a number or true/false, not {other}"
            ))),
        }
    }
}

/// Where a table is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    /// Some seats are open to players.
    Open,
    /// Every seat is taken; the game goes on.
    Playing,
    /// The game is over.
    Over,
}

/// Links of a table.
#[derive(Debug, Serialize, ToSchema)]
pub struct TableLinks {
    /// This summary.
    pub summary: String,
    /// The table socket, for spectators (players add `?token=`).
    pub socket: String,
    /// The log.
    pub log: String,
}

/// A table summed up. The seed is never shown: it would reveal every hidden card.
#[derive(Debug, Serialize, ToSchema)]
pub struct TableSummary {
    /// The id.
    pub id: String,
    /// The game's id.
    pub game: String,
    /// Every option's value.
    pub options: BTreeMap<String, String>,
    /// The seats.
    pub seats: Vec<SeatStatus>,
    /// Open, playing or over.
    pub status: TableStatus,
    /// Who may act (`{"type": "seats", "seats": [0]}`) or how it ended
    /// (`{"type": "over", "outcome": {"verdict": "won", "reason": ".."}}`).
    pub to_act: Value,
    /// Actions in the log.
    pub length: usize,
    /// Creation time, milliseconds since 1970.
    pub created_ms: i64,
    /// Links.
    pub links: TableLinks,
}

/// A list of tables.
#[derive(Debug, Serialize, ToSchema)]
pub struct TableList {
    /// Oldest first.
    pub tables: Vec<TableSummary>,
}

/// Which tables to list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    /// Every table in play and recently played, not only those with an open seat.
    #[serde(default)]
    pub all: bool,
}

pub(crate) fn summary(table: &Table, base: &str) -> TableSummary {
    let latest = table.latest();
    let status = if latest.to_act.outcome().is_some() {
        TableStatus::Over
    } else if table.has_open_seat() {
        TableStatus::Open
    } else {
        TableStatus::Playing
    };
    let api = format!("{base}/api/tables/{}", table.id);
    TableSummary {
        id: table.id.to_string(),
        game: table.game.to_owned(),
        options: table
            .options
            .iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect(),
        seats: table.seat_statuses(),
        status,
        to_act: serde_json::to_value(&latest.to_act).unwrap_or(Value::Null),
        length: latest.length,
        created_ms: table.created_ms,
        links: TableLinks {
            socket: format!("{}/ws", socket_base(&api)),
            log: format!("{api}/log"),
            summary: api,
        },
    }
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Checks a creation request and turns it into the records to store.
fn plan(state: &AppState, req: CreateTable) -> Result<(TableRecord, Vec<SeatRecord>), ApiError> {
    let registry = &state.inner.registry;
    let game = registry.get(&req.game).ok_or_else(|| {
        ApiError::BadRequest(format!(
            "unknown game '{}' (games: {})",
            req.game,
            registry.ids()
        ))
    })?;
    let info = game.info();
    let options = Options::resolve(
        &info.options,
        req.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )
    .map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let seats = match req.seats {
        None => SeatCount(info.min_seats),
        Some(n) => SeatCount(u8::try_from(n).map_err(|_| {
            ApiError::BadRequest(format!(
                "this game seats {} to {} players, not {n}",
                info.min_seats, info.max_seats
            ))
        })?),
    };
    let seed = match req.seed {
        Some(seed) => seed,
        None => random_seed()?,
    };
    // The game refuses a seat count it cannot play, and options valid one by one that do not
    // combine: set it up once to find out.
    game.new_session(&options, seats, seed)
        .map_err(|e| ApiError::setup(&e))?;
    let mut records = vec![SeatRecord::default(); seats.get()];
    let mut seen = BTreeSet::new();
    for b in &req.bots {
        seats
            .check(Seat(b.seat))
            .map_err(|e| ApiError::BadRequest(format!("bot {e}")))?;
        if !seen.insert(b.seat) {
            return Err(ApiError::BadRequest(format!(
                "seat {} is given two bots",
                b.seat
            )));
        }
        if !lockpick_ai::TABLE_BOTS.contains(&b.bot.as_str()) {
            return Err(ApiError::BadRequest(format!(
                "unknown bot '{}' (bots: {})",
                b.bot,
                lockpick_ai::TABLE_BOTS.join(", ")
            )));
        }
        let kind = BotKind::parse(&b.bot, state.inner.settings.bot_iterations)
            .map_err(|e| ApiError::BadRequest(e.to_string()))?;
        state
            .inner
            .bots
            .make(info.id, kind, 0)
            .map_err(|e| ApiError::BadRequest(e.to_string()))?;
        records[usize::from(b.seat)].bot = Some(b.bot.clone());
    }
    let record = TableRecord {
        id: TableId::random()?,
        game: info.id.to_owned(),
        options,
        seats,
        seed,
        created_ms: now_ms(),
        format: Some(lockpick_engine::FORMAT_VERSION),
    };
    Ok((record, records))
}

/// Creates a table. Bots take their seats at once; the other seats wait for players
/// (`POST /api/tables/{id}/seats/{seat}`).
#[utoipa::path(
    post,
    path = "/api/tables",
    tag = "tables",
    request_body = CreateTable,
    responses(
        (status = 201, description = "The new table", body = TableSummary),
        (status = 400, description = "An unknown game, bad options, seats or bots", body = ErrorBody),
        (status = 429, description = "Too many tables and seats from this address for now (see Retry-After)", body = ErrorBody),
    )
)]
pub(crate) async fn create_table(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    ApiJson(req): ApiJson<CreateTable>,
) -> Result<(StatusCode, Json<TableSummary>), ApiError> {
    state.admit_creation(client)?;
    let (record, seats) = plan(&state, req)?;
    state.store().create_table(&record, &seats).await?;
    tracing::info!(table = %record.id, game = %record.game, seats = record.seats.0, "table created");
    let table = state.install(StoredTable {
        record,
        seats,
        log: Vec::new(),
        outcome: None,
    })?;
    let base = base_url(&state, &headers);
    Ok((StatusCode::CREATED, Json(summary(&table, &base))))
}

/// Lists the tables with an open seat (or, with `all=true`, every table in memory).
#[utoipa::path(
    get,
    path = "/api/tables",
    tag = "tables",
    params(ListQuery),
    responses((status = 200, description = "Tables, oldest first", body = TableList))
)]
pub(crate) async fn list_tables(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Json<TableList> {
    let base = base_url(&state, &headers);
    let tables = state
        .tables()
        .iter()
        .filter(|t| query.all || (t.outcome().is_none() && t.has_open_seat()))
        .map(|t| summary(t, &base))
        .collect();
    Json(TableList { tables })
}

/// A table's summary: game, options, seats, status and who acts.
#[utoipa::path(
    get,
    path = "/api/tables/{id}",
    tag = "tables",
    params(("id" = String, Path, description = "The table's id")),
    responses(
        (status = 200, description = "The table", body = TableSummary),
        (status = 404, description = "No such table", body = ErrorBody),
    )
)]
pub(crate) async fn get_table(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<TableSummary>, ApiError> {
    let table: Arc<Table> = state.table(&id).await?;
    Ok(Json(summary(&table, &base_url(&state, &headers))))
}

//! `GET /healthz`: whether the server and its database answer.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

use crate::state::AppState;

/// The server's health.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok`, or `unavailable` when the database does not answer.
    pub status: &'static str,
    /// `sqlite` or `postgres`.
    pub store: &'static str,
    /// Tables in memory.
    pub tables: usize,
}

/// Health check for load balancers and supervisors.
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "meta",
    responses(
        (status = 200, description = "Healthy", body = Health),
        (status = 503, description = "The database does not answer", body = Health),
    )
)]
pub(crate) async fn healthz(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let store = match state.store().backend() {
        crate::store::Backend::Sqlite => "sqlite",
        crate::store::Backend::Postgres => "postgres",
    };
    let tables = state.tables().len();
    match state.store().ping().await {
        Ok(()) => (
            StatusCode::OK,
            Json(Health {
                status: "ok",
                store,
                tables,
            }),
        ),
        Err(e) => {
            tracing::error!(error = %e, "health check: the database does not answer");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(Health {
                    status: "unavailable",
                    store,
                    tables,
                }),
            )
        }
    }
}

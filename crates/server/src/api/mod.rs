//! The HTTP API, one module per resource, assembled into one router with its OpenAPI document
//! (the routes and the document come from the same annotations, so they cannot drift apart).

pub(crate) mod docs;
pub(crate) mod games;
pub(crate) mod health;
pub(crate) mod log;
pub(crate) mod pages;
pub(crate) mod replay;
pub(crate) mod seats;
pub(crate) mod socket;
pub(crate) mod tables;

use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts};
use axum::http::{HeaderMap, Request, header};
use axum::{Extension, Router};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::state::AppState;

/// The largest request body accepted, in bytes.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// A JSON body whose rejection is an [`ApiError`].
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub(crate) struct ApiJson<T>(pub T);

/// Path parameters whose rejection is an [`ApiError`].
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub(crate) struct ApiPath<T>(pub T);

/// Query parameters whose rejection is an [`ApiError`].
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub(crate) struct ApiQuery<T>(pub T);

/// The address of the client, when the server knows it (it is served with its peers'
/// addresses; a router called in the process has none).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ClientIp(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _state: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(Self(
            parts
                .extensions
                .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
                .map(|c| c.0.ip()),
        ))
    }
}

/// Declares the seat token as a bearer scheme (the log takes it as `Authorization: Bearer`).
struct SeatTokenScheme;

impl utoipa::Modify for SeatTokenScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "seat_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "The seat token from POST /api/tables/{id}/seats/{seat}",
                    ))
                    .build(),
            ),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    modifiers(&SeatTokenScheme),
    info(
        title = "Lockpick table server",
        description = "Tables of cooperative heist board games: create a table, take a seat, \
            play over the table socket (`GET /api/tables/{id}/ws`, messages described by the JSON \
            Schemas at `/api/schema/client-message.json` and `/api/schema/server-message.json`), \
            read the log. See crates/server/README.md."
    ),
    tags(
        (name = "games", description = "The games this server hosts"),
        (name = "tables", description = "Tables: create, list, summary"),
        (name = "seats", description = "Taking a seat"),
        (name = "log", description = "The action log and replay"),
        (name = "socket", description = "Live play"),
        (name = "meta", description = "Health and documents"),
    )
)]
struct ApiDoc;

/// The routes and the OpenAPI document built from their annotations.
fn routes() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(games::list_games))
        .routes(routes!(tables::list_tables, tables::create_table))
        .routes(routes!(tables::get_table))
        .routes(routes!(seats::take_seat))
        .routes(routes!(log::get_log))
        .routes(routes!(replay::get_step))
        .routes(routes!(socket::connect))
        .routes(routes!(health::healthz))
        .routes(routes!(docs::openapi))
        .routes(routes!(docs::client_schema))
        .routes(routes!(docs::server_schema))
        .split_for_parts()
}

/// The OpenAPI document of the API.
#[must_use]
pub fn openapi() -> utoipa::openapi::OpenApi {
    routes().1
}

/// The whole application on `state`: the API, the documents and the web table.
pub fn app(state: AppState) -> Router {
    let (api, doc) = routes();
    api.route("/", axum::routing::get(pages::app_page))
        .route("/tables/{id}", axum::routing::get(pages::app_page))
        .route("/tables/{id}/replay", axum::routing::get(pages::app_page))
        .route("/assets/{*path}", axum::routing::get(pages::asset))
        .fallback(pages::not_found)
        .layer(Extension(Arc::new(doc)))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(
            TraceLayer::new_for_http()
                // The path only: query strings carry seat tokens, which never go to the logs.
                .make_span_with(|request: &Request<_>| {
                    tracing::info_span!(
                        "request",
                        method = %request.method(),
                        path = %request.uri().path(),
                    )
                })
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .with_state(state)
}

/// Where clients reach this server (`http://host:port`), for links.
pub(crate) fn base_url(state: &AppState, headers: &HeaderMap) -> String {
    if let Some(url) = &state.inner.settings.public_url {
        return url.trim_end_matches('/').to_owned();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        })
        .unwrap_or("localhost");
    let scheme = headers
        .get("x-forwarded-proto")
        .and_then(|h| h.to_str().ok())
        .filter(|p| *p == "https")
        .unwrap_or("http");
    format!("{scheme}://{host}")
}

/// The WebSocket form of a base URL.
pub(crate) fn socket_base(base: &str) -> String {
    if let Some(rest) = base.strip_prefix("https://") {
        format!("wss://{rest}")
    } else if let Some(rest) = base.strip_prefix("http://") {
        format!("ws://{rest}")
    } else {
        base.to_owned()
    }
}

/// A seat token from `Authorization: Bearer TOKEN`, or else from `?token=`.
pub(crate) fn bearer(headers: &HeaderMap, query: Option<&str>) -> Option<String> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .map(|t| t.trim().to_owned())
        .or_else(|| query.map(str::to_owned))
}

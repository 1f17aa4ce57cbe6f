//! The documents: the OpenAPI description of the REST API and the JSON Schemas of the socket
//! messages.

use std::sync::Arc;

use axum::{Extension, Json};
use serde_json::Value;

use crate::protocol::{ClientMessage, ServerMessage};

/// The JSON Schema of what clients send on the table socket.
#[must_use]
pub fn client_message_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(ClientMessage)).unwrap_or(Value::Null)
}

/// The JSON Schema of what the server sends on the table socket.
#[must_use]
pub fn server_message_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(ServerMessage)).unwrap_or(Value::Null)
}

/// This document.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "meta",
    responses((status = 200, description = "The OpenAPI 3.1 document of this API", body = Object))
)]
pub(crate) async fn openapi(
    Extension(doc): Extension<Arc<utoipa::openapi::OpenApi>>,
) -> Json<Arc<utoipa::openapi::OpenApi>> {
    Json(doc)
}

/// The JSON Schema of the messages a client sends on the table socket.
#[utoipa::path(
    get,
    path = "/api/schema/client-message.json",
    tag = "meta",
    responses((status = 200, description = "A JSON Schema (draft 2020-12)", body = Object))
)]
pub(crate) async fn client_schema() -> Json<Value> {
    Json(client_message_schema())
}

/// The JSON Schema of the messages the server sends on the table socket.
#[utoipa::path(
    get,
    path = "/api/schema/server-message.json",
    tag = "meta",
    responses((status = 200, description = "A JSON Schema (draft 2020-12)", body = Object))
)]
pub(crate) async fn server_schema() -> Json<Value> {
    Json(server_message_schema())
}

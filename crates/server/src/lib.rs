//! # lockpick-server
//!
//! The table server behind `lockpick serve`: a lobby of tables for every registered game, seats
//! held by secret tokens, live play over a WebSocket, tables saved in SQLite (embedded default)
//! or PostgreSQL and resumed after a restart, replays, undo, hints, and bots at the table.
//!
//! - [`app`] builds the axum router on an [`AppState`]: testable without a socket;
//! - [`Server`] binds, resumes tables, serves and shuts down without losing an acknowledged
//!   action; [`serve`] does all of it;
//! - [`store`] keeps tables (SQLite or PostgreSQL, one schema, embedded migrations);
//! - [`protocol`] describes the socket messages (their JSON Schema is served).
//!
//! Every accepted action is applied to the game, committed to the store, and only then
//! acknowledged and pushed to the table's connections. Bots think on blocking threads.
//!
//! The protocol is described in the crate's README and at `/openapi.json`.

#![warn(missing_docs)]

mod api;
mod bots;
pub mod config;
mod error;
pub mod ids;
pub mod protocol;
mod server;
mod state;
pub mod store;
mod table;

pub use api::docs::{client_message_schema, server_message_schema};
pub use api::{MAX_BODY_BYTES, app, openapi};
pub use config::{Config, Settings};
pub use error::{ApiError, ErrorBody};
pub use server::{Server, ServerError, serve};
pub use state::AppState;

//! The placeholder pages: the web table is a later step.

use axum::response::{Html, IntoResponse};

use crate::error::ApiError;

const HOME: &str = r#"<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Lockpick</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; line-height: 1.5">
<h1>Lockpick</h1>
<p>The web table is coming. Meanwhile this server hosts tables for any client that speaks its
protocol: the REST API is described by <a href="/openapi.json">/openapi.json</a>, and the
socket messages by <a href="/api/schema/client-message.json">client-message.json</a> and
<a href="/api/schema/server-message.json">server-message.json</a>.</p>
<p>Games: <a href="/api/games">/api/games</a> &middot; open tables: <a href="/api/tables">/api/tables</a></p>
</body>
</html>
"#;

const TABLE: &str = r#"<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Lockpick table</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; line-height: 1.5">
<h1>A Lockpick table</h1>
<p>You were invited to a table. The web table is coming; keep this link: it carries your seat
token (after the <code>#</code>, which is never sent to the server) and will open your seat.</p>
<p>Until then, play with any client of the table socket: see <a href="/openapi.json">/openapi.json</a>.</p>
</body>
</html>
"#;

/// `GET /`.
pub(crate) async fn home() -> Html<&'static str> {
    Html(HOME)
}

/// `GET /tables/{id}`: where invitation links point.
pub(crate) async fn table() -> Html<&'static str> {
    Html(TABLE)
}

/// Any other path.
pub(crate) async fn not_found() -> impl IntoResponse {
    ApiError::NotFound("no such route; see /openapi.json".into())
}

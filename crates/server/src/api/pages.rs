//! The web table: the files of `web/` (ES modules, CSS, catalogues), embedded in the binary.
//! `/`, `/tables/{id}` (where invitation links point) and `/tables/{id}/replay` all answer the
//! app's page, which routes on its own; the files are under `/assets/`.
//!
//! In debug builds rust-embed reads `web/` from the disk, so editing a module needs no rebuild;
//! release builds carry the files inside the binary.

use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::ApiPath;
use crate::error::ApiError;

/// The web table's files (the end-to-end tests and their `node_modules` stay out).
#[derive(rust_embed::Embed)]
#[folder = "../../web/"]
#[exclude = "e2e/*"]
#[exclude = "README.md"]
struct Web;

/// The content type of a file, from its extension.
fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// One embedded file, with an `ETag` so that browsers revalidate (`no-cache`) and get a 304
/// when nothing changed: a new build's modules are never mixed with an old one's.
fn file(path: &str, headers: &HeaderMap) -> Response {
    let Some(found) = Web::get(path) else {
        return ApiError::NotFound(format!("no file '{path}' in the web table")).into_response();
    };
    let hash = found.metadata.sha256_hash();
    let etag = format!(
        "\"{}\"",
        hash.iter()
            .take(16)
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let mut response = if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag))
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            [(header::CONTENT_TYPE, content_type(path))],
            found.data.into_owned(),
        )
            .into_response()
    };
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// `GET /`, `GET /tables/{id}`, `GET /tables/{id}/replay`: the app.
pub(crate) async fn app_page(headers: HeaderMap) -> Response {
    file("index.html", &headers)
}

/// `GET /assets/{*path}`: a file of the web table.
pub(crate) async fn asset(headers: HeaderMap, ApiPath(path): ApiPath<String>) -> Response {
    if path.split('/').any(|p| p == ".." || p.is_empty()) {
        return ApiError::NotFound("no such file".into()).into_response();
    }
    file(&path, &headers)
}

/// Any other path.
pub(crate) async fn not_found(request: Request) -> impl IntoResponse {
    ApiError::NotFound(format!(
        "no such route: {}; see /openapi.json",
        request.uri().path()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_app_and_its_catalogues_are_embedded() {
        for path in [
            "index.html",
            "app.js",
            "style.css",
            "i18n/en.json",
            "i18n/fr.json",
        ] {
            assert!(Web::get(path).is_some(), "{path} is missing");
        }
        assert!(Web::iter().all(|p| !p.starts_with("e2e/")));
    }

    #[test]
    fn both_catalogues_have_the_same_keys() {
        let keys = |path: &str| -> Vec<String> {
            let file = Web::get(path).expect("the catalogue is embedded");
            let map: serde_json::Map<String, serde_json::Value> =
                serde_json::from_slice(&file.data).expect("the catalogue is a JSON object");
            assert!(
                map.values()
                    .all(|v| v.as_str().is_some_and(|s| !s.trim().is_empty()))
            );
            map.keys().cloned().collect()
        };
        let (en, fr) = (keys("i18n/en.json"), keys("i18n/fr.json"));
        assert!(en.len() > 200, "{}", en.len());
        assert_eq!(en, fr);
    }

    #[test]
    fn content_types_follow_extensions() {
        assert_eq!(content_type("app.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("i18n/fr.json"), "application/json");
        assert_eq!(content_type("style.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("noext"), "application/octet-stream");
    }
}

//! The one error type of the HTTP API, and what it answers: a status code and
//! `{"error": CODE, "message": TEXT}`. Internal failures are logged and answered with a generic
//! message: no database error, path or stack ever reaches a client.

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use lockpick_engine::SetupError;

use crate::ids::RandomError;
use crate::store::StoreError;

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is not valid: an unknown game, bad options, a bad seat... (400)
    #[error("{0}")]
    BadRequest(String),
    /// A missing or unknown seat token (401).
    #[error("{0}")]
    Unauthorized(String),
    /// No such table or route (404).
    #[error("{0}")]
    NotFound(String),
    /// The seat is taken, or the request conflicts with the table's state (409).
    #[error("{0}")]
    Conflict(String),
    /// A refusal said in both languages the interface speaks: options that do not go
    /// together (400), a seat taken or a game over (409). The body carries both.
    #[error("{en}")]
    Said {
        /// 400 or 409.
        status: StatusCode,
        /// English.
        en: String,
        /// French.
        fr: String,
    },
    /// Too many requests of this kind from this client for now (429, with `Retry-After`).
    #[error("{message}")]
    TooManyRequests {
        /// What was refused, and the limit.
        message: String,
        /// The same in French.
        fr: String,
        /// Seconds until the next request would pass.
        retry_after: u64,
    },
    /// The body could not be read as the JSON expected; the status is axum's (400, 413,
    /// 415 or 422).
    #[error("{message}")]
    Rejected {
        /// The status.
        status: StatusCode,
        /// axum's explanation (it names the client's mistake only).
        message: String,
    },
    /// The store failed (500, details logged only).
    #[error("storage failed: {0}")]
    Storage(#[from] StoreError),
    /// Something else failed on our side (500, details logged only).
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// A setup refused: in both languages when the game said it so.
    #[must_use]
    pub fn setup(e: &SetupError) -> Self {
        match e.french() {
            Some(fr) => Self::Said {
                status: StatusCode::BAD_REQUEST,
                en: e.to_string(),
                fr: fr.to_owned(),
            },
            None => Self::BadRequest(e.to_string()),
        }
    }

    /// A conflict with the table's state, in both languages.
    #[must_use]
    pub fn conflict(en: impl Into<String>, fr: impl Into<String>) -> Self {
        Self::Said {
            status: StatusCode::CONFLICT,
            en: en.into(),
            fr: fr.into(),
        }
    }
}

impl From<RandomError> for ApiError {
    fn from(e: RandomError) -> Self {
        Self::Internal(e.to_string())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> Self {
        Self::Rejected {
            status: r.status(),
            message: r.body_text(),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> Self {
        Self::Rejected {
            status: StatusCode::BAD_REQUEST,
            message: r.body_text(),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(r: PathRejection) -> Self {
        Self::Rejected {
            status: r.status(),
            message: r.body_text(),
        }
    }
}

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// A stable code: `bad_request`, `unauthorized`, `not_found`, `conflict`,
    /// `payload_too_large`, `unsupported_media_type`, `unprocessable`, `rate_limited`, `internal`.
    pub error: &'static str,
    /// What is wrong, in English.
    pub message: String,
    /// The same in French, when the server says it in both languages (options that do not go
    /// together, a seat taken, a game over, a rate limit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fr: Option<String>,
}

impl ApiError {
    /// The status code.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Said { status, .. } => *status,
            Self::Rejected { status, .. } => *status,
            Self::Storage(_) | Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn code(&self) -> &'static str {
        match self.status() {
            StatusCode::BAD_REQUEST => "bad_request",
            StatusCode::UNAUTHORIZED => "unauthorized",
            StatusCode::NOT_FOUND => "not_found",
            StatusCode::CONFLICT => "conflict",
            StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
            StatusCode::UNPROCESSABLE_ENTITY => "unprocessable",
            StatusCode::TOO_MANY_REQUESTS => "rate_limited",
            _ => "internal",
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let message = if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
            "internal server error; the problem is logged on the server".to_owned()
        } else {
            self.to_string()
        };
        let fr = match &self {
            Self::Said { fr, .. } | Self::TooManyRequests { fr, .. } => Some(fr.clone()),
            _ => None,
        };
        let body = ErrorBody {
            error: self.code(),
            message,
            fr,
        };
        if let Self::TooManyRequests { retry_after, .. } = self {
            return (
                status,
                [(axum::http::header::RETRY_AFTER, retry_after.to_string())],
                Json(body),
            )
                .into_response();
        }
        (status, Json(body)).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn internal_errors_never_reach_the_client() {
        let e = ApiError::Internal("/home/secret/db.sqlite: disk I/O error".into());
        let response = e.into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(response.into_body(), 1 << 16)
            .await
            .unwrap();
        let text = String::from_utf8(body.to_vec()).unwrap();
        assert!(!text.contains("secret"), "{text}");
        assert!(text.contains("\"error\":\"internal\""), "{text}");
    }

    #[test]
    fn client_errors_map_to_their_status() {
        assert_eq!(
            ApiError::BadRequest("x".into()).status(),
            StatusCode::BAD_REQUEST
        );
        assert_eq!(
            ApiError::Unauthorized("x".into()).status(),
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            ApiError::NotFound("x".into()).status(),
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            ApiError::Conflict("x".into()).status(),
            StatusCode::CONFLICT
        );
    }
}

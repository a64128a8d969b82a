//! The API's error type: every failure becomes a status and a JSON `{"detail": ...}`.
//! Internal causes are logged with their chain and never sent to the client.

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use lectern_core::credits::LedgerError;
use sea_orm::DbErr;
use serde::Serialize;
use utoipa::ToSchema;

pub mod responses;

/// One entry of a validation error list, in the shape SPEC.md's client reads.
#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct FieldError {
    /// Where: `body`, `query` or `header`, then the field (and an index in a list).
    pub loc: Vec<String>,
    pub msg: String,
    /// What kind of problem: `missing`, `range`, `string_too_long`, `type_error`, ...
    #[serde(rename = "type")]
    pub kind: String,
}

/// Every error answer: `{"detail": ...}`, a message or, for a 422, the list of what is wrong.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub detail: Detail,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Detail {
    Message(String),
    Fields(Vec<FieldError>),
}

impl FieldError {
    pub fn new(loc: &[&str], msg: impl Into<String>, kind: &str) -> Self {
        Self {
            loc: loc.iter().map(|s| s.to_string()).collect(),
            msg: msg.into(),
            kind: kind.into(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    PaymentRequired(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("validation failed")]
    Validation(Vec<FieldError>),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// Understood but not usable (a document that cannot be read), said in one message.
    #[error("{0}")]
    Unprocessable(String),
    /// A refusal to start more work now; `retry_after` seconds is when to ask again.
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: u64 },
    /// The server is too busy for this kind of work now (the queue is full).
    #[error("{message}")]
    Busy { message: String, retry_after: u64 },
    #[error("{0}")]
    NotAvailable(String),
    #[error("{0}")]
    Upstream(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    pub fn field(loc: &[&str], msg: impl Into<String>, kind: &str) -> Self {
        Self::Validation(vec![FieldError::new(loc, msg, kind)])
    }

    pub fn not_found(what: &str) -> Self {
        Self::NotFound(format!("{what} not found"))
    }

    fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::PaymentRequired(_) => StatusCode::PAYMENT_REQUIRED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Busy { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::NotAvailable(_) => StatusCode::NOT_IMPLEMENTED,
            Self::Upstream(_) => StatusCode::BAD_GATEWAY,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let retry_after = match &self {
            Self::TooManyRequests { retry_after, .. } | Self::Busy { retry_after, .. } => {
                Some((*retry_after).max(1))
            }
            _ => None,
        };
        let detail = match self {
            Self::Validation(errors) => Detail::Fields(errors),
            Self::Internal(err) => {
                tracing::error!(error = ?err, "internal error");
                Detail::Message("Internal server error".into())
            }
            Self::Upstream(msg) => {
                tracing::warn!(%msg, "upstream failure");
                Detail::Message(msg)
            }
            other => Detail::Message(other.to_string()),
        };
        let mut response = (status, Json(ErrorBody { detail })).into_response();
        if status == StatusCode::UNAUTHORIZED {
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        if let Some(seconds) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

impl From<DbErr> for ApiError {
    fn from(err: DbErr) -> Self {
        Self::Internal(anyhow::Error::new(err).context("database"))
    }
}

impl From<lectern_core::jobs::SubmitError> for ApiError {
    fn from(err: lectern_core::jobs::SubmitError) -> Self {
        match err {
            lectern_core::jobs::SubmitError::Ledger(ledger) => ledger.into(),
            lectern_core::jobs::SubmitError::QueueUnavailable(_) => Self::Upstream(
                "The job queue is unavailable; your credits were not charged. Please try again."
                    .into(),
            ),
        }
    }
}

impl From<LedgerError> for ApiError {
    fn from(err: LedgerError) -> Self {
        match err {
            LedgerError::Insufficient {
                required,
                available,
            } => Self::PaymentRequired(format!(
                "Not enough credits: this needs {required} and you have {available}. Purchase more to continue creating videos."
            )),
            LedgerError::UnknownUser => Self::not_found("User"),
            LedgerError::Db(db) => db.into(),
            other => Self::Internal(anyhow::Error::new(other)),
        }
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// A lookup that found nothing, answered as the 404 that names what was looked for
/// (`"Video not found"`); another user's item is looked up as not there at all.
pub trait OrNotFound<T> {
    fn or_not_found(self, what: &str) -> ApiResult<T>;
}

impl<T> OrNotFound<T> for Option<T> {
    fn or_not_found(self, what: &str) -> ApiResult<T> {
        self.ok_or_else(|| ApiError::not_found(what))
    }
}

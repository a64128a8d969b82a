//! Request extractors: the signed-in caller, and JSON bodies whose errors name the field.

use axum::{
    extract::{FromRequest, FromRequestParts, Request},
    http::{HeaderMap, header, request::Parts},
};
use axum_extra::headers::{Authorization, HeaderMapExt, authorization::Bearer};
use serde::{Deserialize, Deserializer, de::DeserializeOwned};

use crate::error::{ApiError, FieldError};
use crate::state::AppState;

/// The caller, authenticated by a bearer access token.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: String,
}

impl AuthUser {
    /// A `{userId}` in a path or body must be the caller's; anything else looks like
    /// nothing exists there.
    pub fn require_self(&self, user_id: &str) -> Result<(), ApiError> {
        if self.id == user_id {
            Ok(())
        } else {
            Err(ApiError::not_found("User"))
        }
    }
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer(&parts.headers)
            .ok_or_else(|| ApiError::Unauthorized("Not authenticated".into()))?;
        let id = state
            .tokens
            .verify(&token)
            .ok_or_else(|| ApiError::Unauthorized("Invalid or expired access token".into()))?;
        Ok(Self { id })
    }
}

/// The token of an `Authorization: Bearer ...` header (the scheme in any case), if any.
pub fn bearer(headers: &HeaderMap) -> Option<String> {
    headers
        .typed_get::<Authorization<Bearer>>()
        .map(|auth| auth.token().trim().to_string())
        .filter(|token| !token.is_empty())
}

/// The largest request body read (axum's default limit): a bigger one answers 413.
pub const MAX_BODY_BYTES: usize = 2 * 1024 * 1024;

/// A JSON body; malformed JSON and type errors become a 422 list naming the field.
pub struct ValidJson<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for ValidJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, ApiError> {
        let is_json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"));
        if !is_json {
            return Err(ApiError::field(
                &["header", "content-type"],
                "Expected Content-Type: application/json",
                "value_error",
            ));
        }
        let RawBody(bytes) = RawBody::from_request(req, state).await?;
        parse_json(&bytes).map(ValidJson)
    }
}

/// A request body read whole, as bytes: one over [`MAX_BODY_BYTES`] answers 413 with a
/// `{"detail": ...}` like every other refusal (axum's own rejection is plain text).
pub struct RawBody(pub axum::body::Bytes);

impl<S: Send + Sync> FromRequest<S> for RawBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        axum::body::Bytes::from_request(req, state)
            .await
            .map(RawBody)
            .map_err(|rejection| {
                if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::PayloadTooLarge(too_large())
                } else {
                    ApiError::BadRequest("Could not read the request body".into())
                }
            })
    }
}

/// What a 413 says.
pub fn too_large() -> String {
    format!(
        "The request body is larger than the {} MB a request may carry",
        MAX_BODY_BYTES / (1024 * 1024)
    )
}

pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // A NUL character has no place in any text Lectern keeps, and PostgreSQL cannot store
    // one: it is refused here, naming the field, before it reaches the database.
    // In valid JSON a NUL can only be written `\u0000`: the body is read again as a tree to
    // find the field only when that escape is in it.
    if has_nul_escape(bytes)
        && let Ok(value) = serde_json::from_slice::<serde_json::Value>(bytes)
        && let Some(path) = nul_at(&value)
    {
        let mut loc = vec!["body"];
        loc.extend(path.iter().map(String::as_str));
        return Err(ApiError::field(
            &loc,
            "Text may not contain NUL characters",
            "value_error",
        ));
    }
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(de).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        let mut loc = vec!["body".to_string()];
        if path != "." {
            loc.extend(path.split('.').map(str::to_string));
        }
        let kind = if inner.is_syntax() || inner.is_eof() {
            "json_invalid"
        } else if inner.to_string().starts_with("missing field") {
            "missing"
        } else if inner.to_string().starts_with("unknown field") {
            "extra_forbidden"
        } else {
            "type_error"
        };
        let mut msg = inner.to_string();
        if let Some(cut) = msg.find(" at line ") {
            msg.truncate(cut);
        }
        if kind == "missing"
            && let Some(name) = msg.split('`').nth(1)
        {
            loc.push(name.to_string());
        }
        ApiError::Validation(vec![FieldError {
            loc,
            msg,
            kind: kind.into(),
        }])
    })
}

fn has_nul_escape(bytes: &[u8]) -> bool {
    bytes.windows(6).any(|w| w == b"\\u0000")
}

/// Where in `value` a string (or a key) holds a NUL character, if anywhere.
fn nul_at(value: &serde_json::Value) -> Option<Vec<String>> {
    match value {
        serde_json::Value::String(text) => text.contains('\0').then(Vec::new),
        serde_json::Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
            nul_at(item).map(|mut path| {
                path.insert(0, i.to_string());
                path
            })
        }),
        serde_json::Value::Object(fields) => fields.iter().find_map(|(key, item)| {
            if key.contains('\0') {
                return Some(vec![key.replace('\0', "")]);
            }
            nul_at(item).map(|mut path| {
                path.insert(0, key.clone());
                path
            })
        }),
        _ => None,
    }
}

/// An optional level of 1, 2 or 3, given as a number, a numeric string or beginner /
/// intermediate / advanced (the video and course requests accept all of these); anything
/// else is refused with `refusal`, which names the field. For `#[serde(deserialize_with)]`,
/// through a function that gives the message.
pub fn named_level<'de, D: Deserializer<'de>>(
    de: D,
    refusal: &'static str,
) -> Result<Option<u8>, D::Error> {
    match Option::<serde_json::Value>::deserialize(de)? {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(value) => level_of(&value)
            .map(Some)
            .ok_or_else(|| serde::de::Error::custom(refusal)),
    }
}

fn level_of(value: &serde_json::Value) -> Option<u8> {
    use crate::limits::{LEVEL, LEVEL_NAMES};
    let level = match value {
        serde_json::Value::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        serde_json::Value::String(s) => {
            let s = s.trim().to_lowercase();
            (LEVEL.min..=LEVEL.max)
                .zip(LEVEL_NAMES)
                .find(|(n, name)| s == *name || s == n.to_string())
                .map(|(n, _)| n)
        }
        _ => None,
    };
    level.filter(|&n| LEVEL.contains(n)).map(|n| n as u8)
}

/// The `user_id` a generation request must name; an empty one is a "missing" error saying
/// what it is required for.
pub fn required_user_id(
    value: Option<String>,
    purpose: &str,
    errors: &mut Vec<FieldError>,
) -> String {
    let user_id = value.unwrap_or_default();
    if user_id.trim().is_empty() {
        errors.push(FieldError::new(
            &["body", "user_id"],
            format!("User ID is required for {purpose}"),
            "missing",
        ));
    }
    user_id
}

/// A required text field, trimmed, of at most `max` characters; `label` names it in messages.
pub fn required_text(
    value: Option<String>,
    field: &str,
    label: &str,
    max: usize,
    errors: &mut Vec<FieldError>,
) -> String {
    let text = value.unwrap_or_default().trim().to_string();
    if text.is_empty() {
        errors.push(FieldError::new(
            &["body", field],
            format!("{label} is required"),
            "missing",
        ));
    } else if text.chars().count() > max {
        errors.push(FieldError::new(
            &["body", field],
            format!("{label} must be at most {max} characters"),
            "string_too_long",
        ));
    }
    showable(&text, field, label, errors);
    text
}

/// Refuses text with a character the slides cannot draw or the narration cannot speak
/// (emoji, a script without a slide font, a control character): checked at submit, so
/// that what is charged for can be rendered.
pub fn showable(text: &str, field: &str, label: &str, errors: &mut Vec<FieldError>) {
    if let Some(refusal) = lectern_core::text::refusal(text) {
        errors.push(FieldError::new(
            &["body", field],
            format!("{label} {}", refusal.describe()),
            "value_error.character",
        ));
    }
}

//! Sign-in with OpenID Connect, sessions and token refresh.
//!
//! `GET /auth/google/start` → provider → `GET /auth/google/callback` → a refresh-token
//! cookie; the web app trades the cookie for short-lived access tokens at `/auth/refresh`.

pub mod cookies;
pub mod dev_provider;
pub mod oidc;
pub mod pages;
mod pkce;
mod session;

use axum::{
    Json, Router,
    extract::{Query, State},
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Redirect, Response},
};
use chrono::{Duration, Utc};
use lectern_core::{
    entities::auth_request,
    users::{self, UserDocument},
};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use self::{cookies::Cookies, oidc::Pkce, pages::Outcome};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    state::AppState,
};

/// How long a started sign-in may take before its state is refused.
const SIGN_IN_TTL: Duration = Duration::minutes(10);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .routes(routes!(callback))
        .routes(routes!(refresh))
        .routes(routes!(logout))
}

/// Mounts the development identity provider when this process runs one.
pub fn attach(router: Router<AppState>, state: &AppState) -> Router<AppState> {
    if state.dev_provider.is_some() {
        router.merge(dev_provider::router())
    } else {
        router
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Mode {
    Popup,
    Redirect,
}

impl Mode {
    fn as_str(self) -> &'static str {
        match self {
            Self::Popup => "popup",
            Self::Redirect => "redirect",
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct StartParams {
    /// `popup` (the result page posts to its opener) or `redirect` (the default).
    mode: Option<String>,
    /// A path on this site to come back to; default `/`.
    return_to: Option<String>,
    /// An email to suggest to the identity provider.
    login_hint: Option<String>,
}

/// Starts signing in: to the identity provider, and back to `/auth/google/callback`.
#[utoipa::path(
    get,
    path = "/auth/google/start",
    tag = "auth",
    params(StartParams),
    responses(
        (status = 303, description = "To the identity provider, with the sign-in state cookie set"),
        (status = 400, description = "Popup mode, provider unreachable: the result page", content_type = "text/html", body = String),
        (status = 422, description = "A bad mode or return_to", body = ErrorBody),
        (status = 429, description = "Too many sign-in attempts from this address; `Retry-After` says when to try again", body = ErrorBody),
    )
)]
async fn start(
    State(state): State<AppState>,
    client: crate::admission::Client,
    Query(params): Query<StartParams>,
) -> ApiResult<Response> {
    state.admission.sign_in(&client)?;
    let mode = match params.mode.as_deref() {
        None | Some("redirect") => Mode::Redirect,
        Some("popup") => Mode::Popup,
        Some(_) => {
            return Err(ApiError::field(
                &["query", "mode"],
                "mode must be popup or redirect",
                "enum",
            ));
        }
    };
    let return_to = safe_return_to(params.return_to.as_deref())?;
    let login_hint = params
        .login_hint
        .filter(|h| !h.trim().is_empty() && h.len() <= 254);

    let sign_in_state = lectern_core::tokens::random_token();
    let nonce = lectern_core::tokens::random_token();
    let pkce = Pkce::generate();
    auth_request::Entity::delete_many()
        .filter(auth_request::Column::CreatedAt.lt(Utc::now() - SIGN_IN_TTL))
        .exec(&state.db)
        .await?;
    auth_request::ActiveModel {
        state: Set(sign_in_state.clone()),
        nonce: Set(nonce.clone()),
        pkce_verifier: Set(pkce.verifier),
        mode: Set(mode.as_str().into()),
        return_to: Set(return_to.clone()),
        created_at: Set(Utc::now()),
    }
    .insert(&state.db)
    .await?;

    let url = match state
        .oidc
        .authorization_url(
            &sign_in_state,
            &nonce,
            &pkce.challenge,
            login_hint.as_deref(),
        )
        .await
    {
        Ok(url) => url,
        Err(err) => {
            tracing::warn!(error = %err, "sign-in could not start");
            let outcome = Outcome::failure(
                "auth/network-request-failed",
                "The sign-in service could not be reached.",
            );
            return Ok(finish(&state, mode, &return_to, outcome, None));
        }
    };
    let cookie = Cookies::new(&state.config).sign_in_state(&sign_in_state, SIGN_IN_TTL);
    Ok(([(header::SET_COOKIE, cookie)], Redirect::to(&url)).into_response())
}

/// Only a path on this site: no scheme, no host, no protocol-relative `//`.
fn safe_return_to(value: Option<&str>) -> ApiResult<String> {
    let value = value.unwrap_or("/").trim();
    let ok = value.starts_with('/')
        && !value.starts_with("//")
        && !value.starts_with("/\\")
        && !value.chars().any(char::is_control)
        && value.len() <= 2048;
    if ok {
        Ok(value.to_string())
    } else {
        Err(ApiError::field(
            &["query", "return_to"],
            "return_to must be a path on this site",
            "value_error",
        ))
    }
}

/// What the identity provider sends back.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CallbackParams {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
    error_description: Option<String>,
}

/// Finishes signing in: sets the refresh-token cookie, then answers the popup's result page
/// or redirects back to `return_to` (with `signin=` or `signin_error=`).
#[utoipa::path(
    get,
    path = "/auth/google/callback",
    tag = "auth",
    params(CallbackParams),
    responses(
        (status = 200, description = "Popup mode, signed in: the result page", content_type = "text/html", body = String),
        (status = 303, description = "Redirect mode: back to `return_to`"),
        (status = 400, description = "A refused or failed sign-in: the result page", content_type = "text/html", body = String),
    )
)]
async fn callback(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(params): Query<CallbackParams>,
) -> ApiResult<Response> {
    let cookies = Cookies::new(&state.config);
    let Some(pending) = take_sign_in(&state, params.state.as_deref()).await? else {
        return Ok(refused(
            &state,
            "auth/invalid-state",
            "This sign-in link is no longer valid. Please start again.",
        ));
    };
    let mode = if pending.mode == "popup" {
        Mode::Popup
    } else {
        Mode::Redirect
    };
    let return_to = pending.return_to.clone();
    // A failure from here on answers in the sign-in's own mode, and signs no one in.
    let failed = |outcome: Outcome| finish(&state, mode, &return_to, outcome, None);

    // The state must come back to the browser that started the sign-in.
    if cookies::read(&headers, &cookies.state_name()).as_deref() != Some(pending.state.as_str()) {
        return Ok(failed(Outcome::failure(
            "auth/invalid-state",
            "Sign-in was started in another browser session. Please try again.",
        )));
    }
    if Utc::now() - pending.created_at > SIGN_IN_TTL {
        return Ok(failed(expired()));
    }
    if let Some(error) = params.error {
        let (code, message) = if error == "access_denied" {
            (
                "auth/popup-closed-by-user",
                "Sign-in was cancelled.".to_string(),
            )
        } else {
            (
                "auth/internal-error",
                params.error_description.unwrap_or_else(|| error.clone()),
            )
        };
        return Ok(failed(Outcome::failure(code, message)));
    }
    let Some(code) = params.code.filter(|c| !c.is_empty()) else {
        return Ok(refused(
            &state,
            "auth/invalid-request",
            "The sign-in response had no code.",
        ));
    };

    let identity = match state
        .oidc
        .exchange(&code, &pending.pkce_verifier, &pending.nonce)
        .await
    {
        Ok(identity) => identity,
        Err(err) => {
            tracing::warn!(error = %err, "sign-in refused");
            let code = match err {
                oidc::OidcError::Unreachable(_) => "auth/network-request-failed",
                _ => "auth/invalid-credential",
            };
            return Ok(failed(Outcome::failure(
                code,
                "The identity provider's answer could not be verified.",
            )));
        }
    };
    let signed_in = users::sign_in(&state.db, &identity).await?;
    let user_agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(|s| s.chars().take(300).collect());
    let refresh = session::create(&state.db, &signed_in.user.id, user_agent).await?;
    tracing::info!(user = %signed_in.user.id, first = signed_in.first_sign_in, "signed in");
    Ok(finish(
        &state,
        mode,
        &return_to,
        Outcome::Success {
            first_sign_in: signed_in.first_sign_in,
        },
        Some(cookies.refresh(&refresh)),
    ))
}

/// Consumes the pending sign-in for `state`; a second use finds nothing.
async fn take_sign_in(
    state: &AppState,
    sign_in_state: Option<&str>,
) -> ApiResult<Option<auth_request::Model>> {
    // Only a state of the shape Lectern hands out is looked up (a NUL or other stray
    // character would otherwise reach the database).
    let Some(key) = sign_in_state.filter(|s| lectern_core::tokens::is_token_shaped(s)) else {
        return Ok(None);
    };
    let Some(pending) = auth_request::Entity::find_by_id(key.to_string())
        .one(&state.db)
        .await?
    else {
        return Ok(None);
    };
    let deleted = auth_request::Entity::delete_by_id(key.to_string())
        .exec(&state.db)
        .await?;
    // Two callbacks raced for the same state: only the one that deleted it goes on.
    Ok((deleted.rows_affected == 1).then_some(pending))
}

fn expired() -> Outcome {
    Outcome::failure("auth/timeout", "Sign-in took too long. Please try again.")
}

/// A callback we cannot tie to a started sign-in: answered as a popup result page, which
/// also works as a plain page when there is no opener.
fn refused(state: &AppState, code: &str, message: &str) -> Response {
    let outcome = Outcome::failure(code, message);
    let page = pages::popup_result(&state.config.origin(), &outcome, "/auth");
    let clear = Cookies::new(&state.config).clear_sign_in_state();
    (
        StatusCode::BAD_REQUEST,
        [(header::SET_COOKIE, clear)],
        crate::security::page(page),
    )
        .into_response()
}

fn finish(
    state: &AppState,
    mode: Mode,
    return_to: &str,
    outcome: Outcome,
    refresh_cookie: Option<String>,
) -> Response {
    let cookies = Cookies::new(&state.config);
    let mut response = match mode {
        Mode::Popup => {
            let status = match outcome {
                Outcome::Success { .. } => StatusCode::OK,
                Outcome::Failure { .. } => StatusCode::BAD_REQUEST,
            };
            let page = pages::popup_result(&state.config.origin(), &outcome, return_to);
            (status, crate::security::page(page)).into_response()
        }
        Mode::Redirect => {
            let (key, value) = match &outcome {
                Outcome::Success {
                    first_sign_in: true,
                } => ("signin", "first".to_string()),
                Outcome::Success { .. } => ("signin", "welcome".to_string()),
                Outcome::Failure { message, .. } => ("signin_error", message.clone()),
            };
            let separator = if return_to.contains('?') { '&' } else { '?' };
            let encoded: String = url::form_urlencoded::byte_serialize(value.as_bytes()).collect();
            Redirect::to(&format!("{return_to}{separator}{key}={encoded}")).into_response()
        }
    };
    let headers = response.headers_mut();
    if let Ok(v) = cookies.clear_sign_in_state().parse() {
        headers.append(header::SET_COOKIE, v);
    }
    if let Some(cookie) = refresh_cookie.and_then(|c| c.parse().ok()) {
        headers.append(header::SET_COOKIE, cookie);
    }
    headers.insert(
        header::CACHE_CONTROL,
        "no-store".parse().expect("static value"),
    );
    response
}

#[derive(Serialize, ToSchema)]
struct RefreshResponse {
    access_token: String,
    /// Unix seconds.
    expires_at: i64,
    user: UserDocument,
}

/// Trades the refresh-token cookie for a short-lived access token (and rotates the cookie).
#[utoipa::path(
    post,
    path = "/auth/refresh",
    tag = "auth",
    security(("refresh_cookie" = [])),
    responses(
        (status = 200, description = "A new access token and the user", body = RefreshResponse),
        (status = 401, description = "Not signed in (the cookie is cleared)", body = ErrorBody),
        (status = 403, description = "A missing or foreign Origin", body = ErrorBody),
    )
)]
async fn refresh(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    cookies::check_origin(&headers, &state.config)?;
    let cookies = Cookies::new(&state.config);
    let signed_out = || {
        let mut response = ApiError::Unauthorized("Not signed in".into()).into_response();
        if let Ok(v) = cookies.clear_refresh().parse() {
            response.headers_mut().append(header::SET_COOKIE, v);
        }
        response
    };
    let Some(token) = cookies::read(&headers, &cookies.refresh_name()) else {
        return Ok(signed_out());
    };
    let (user_id, new_token) = match session::rotate(&state.db, &token).await? {
        session::Refresh::Rotated { user_id, token } => (user_id, Some(token)),
        // Another tab refreshed with this cookie a moment ago and set its successor.
        session::Refresh::Concurrent { user_id } => (user_id, None),
        session::Refresh::Replayed | session::Refresh::Invalid => return Ok(signed_out()),
    };
    let Some(user) = users::find(&state.db, &user_id).await? else {
        return Ok(signed_out());
    };
    let access = state.tokens.issue(&user.id);
    let body = RefreshResponse {
        access_token: access.token,
        expires_at: access.expires_at,
        user: UserDocument::new(&user, &state.config.host_emails),
    };
    let mut response = ([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response();
    if let Some(cookie) = new_token.and_then(|t| cookies.refresh(&t).parse().ok()) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

/// Ends the session of the refresh-token cookie and clears it.
#[utoipa::path(
    post,
    path = "/auth/logout",
    tag = "auth",
    security(("refresh_cookie" = [])),
    responses(
        (status = 204, description = "Signed out"),
        (status = 403, description = "A missing or foreign Origin", body = ErrorBody),
    )
)]
async fn logout(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    cookies::check_origin(&headers, &state.config)?;
    let cookies = Cookies::new(&state.config);
    if let Some(token) = cookies::read(&headers, &cookies.refresh_name()) {
        session::revoke(&state.db, &token).await?;
    }
    Ok((
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, cookies.clear_refresh())],
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::safe_return_to;

    #[test]
    fn only_paths_on_this_site_are_accepted_as_return_to() {
        assert_eq!(
            safe_return_to(Some("/library?tab=all")).unwrap(),
            "/library?tab=all"
        );
        assert_eq!(safe_return_to(None).unwrap(), "/");
        for bad in [
            "https://evil.example/",
            "//evil.example/x",
            "/\\evil.example",
            "javascript:alert(1)",
            "library",
            "/x\r\nSet-Cookie: a=b",
        ] {
            assert!(safe_return_to(Some(bad)).is_err(), "{bad} was accepted");
        }
    }
}

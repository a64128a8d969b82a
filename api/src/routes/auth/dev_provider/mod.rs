//! The embedded default's identity provider: a small OpenID provider served by Lectern
//! itself (discovery, JWKS, an account chooser, a token endpoint with PKCE), so that
//! development sign-in runs through exactly the same client code as Google. Refused in
//! production (never mounted there).

use std::time::Instant;

use axum::{
    Form, Json, Router,
    extract::{Query, State},
    http::StatusCode,
    response::{Html, IntoResponse, Redirect, Response},
    routing::get,
};
use lectern_core::entities::user;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Deserialize;
use serde_json::{Value, json};
use url::Url;

pub(crate) mod provider;

use provider::{CLIENT_ID, DevProvider, PendingCode};

use super::pkce::s256;
use crate::{spa::html_escape, state::AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/dev-oidc/.well-known/openid-configuration", get(discovery))
        .route("/dev-oidc/jwks", get(jwks))
        .route("/dev-oidc/authorize", get(authorize).post(choose))
        .route("/dev-oidc/token", axum::routing::post(token))
}

/// The development provider is not mounted (production): its routes answer 404.
struct NotMounted;

impl From<NotMounted> for Response {
    fn from(_: NotMounted) -> Self {
        (StatusCode::NOT_FOUND, "Not found").into_response()
    }
}

fn provider(state: &AppState) -> Result<&DevProvider, NotMounted> {
    state.dev_provider.as_deref().ok_or(NotMounted)
}

async fn discovery(State(state): State<AppState>) -> Result<Json<Value>, Response> {
    let p = provider(&state)?;
    Ok(Json(json!({
        "issuer": p.issuer,
        "authorization_endpoint": format!("{}/authorize", p.issuer),
        "token_endpoint": format!("{}/token", p.issuer),
        "jwks_uri": format!("{}/jwks", p.issuer),
        "response_types_supported": ["code"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["ES256"],
        "scopes_supported": ["openid", "email", "profile"],
        "code_challenge_methods_supported": ["S256"],
        "prompt_values_supported": ["select_account"],
        "token_endpoint_auth_methods_supported": ["none"],
        "claims_supported": ["sub", "email", "email_verified", "name", "given_name", "family_name"],
    })))
}

async fn jwks(State(state): State<AppState>) -> Result<Json<Value>, Response> {
    let p = provider(&state)?;
    Ok(Json(json!({ "keys": [p.public_jwk] })))
}

#[derive(Debug, Clone, Deserialize)]
struct AuthorizeRequest {
    response_type: String,
    client_id: String,
    redirect_uri: String,
    state: Option<String>,
    nonce: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
    login_hint: Option<String>,
}

impl AuthorizeRequest {
    /// What the token endpoint will need to know of this request once a user is chosen.
    fn pending(&self, email: &str, name: &str) -> PendingCode {
        PendingCode {
            redirect_uri: self.redirect_uri.clone(),
            challenge: self.code_challenge.clone().unwrap_or_default(),
            nonce: self.nonce.clone(),
            email: email.to_string(),
            name: name.to_string(),
            issued: Instant::now(),
        }
    }

    /// Errors that must not be sent back to the redirect URI (it is not trusted yet).
    fn check_client(&self, p: &DevProvider) -> Result<(), String> {
        if self.client_id != CLIENT_ID {
            return Err("Unknown client_id.".into());
        }
        if self.redirect_uri != p.redirect_uri {
            return Err("redirect_uri is not registered for this client.".into());
        }
        Ok(())
    }

    fn check_request(&self) -> Result<(), &'static str> {
        if self.response_type != "code" {
            return Err("unsupported_response_type");
        }
        if self.code_challenge_method.as_deref() != Some("S256")
            || self.code_challenge.as_deref().is_none_or(str::is_empty)
        {
            return Err("invalid_request");
        }
        Ok(())
    }

    fn redirect_with(&self, params: &[(&str, &str)]) -> Response {
        let mut url = Url::parse(&self.redirect_uri).expect("checked against the registered URI");
        {
            let mut query = url.query_pairs_mut();
            for (k, v) in params {
                query.append_pair(k, v);
            }
            if let Some(state) = &self.state {
                query.append_pair("state", state);
            }
        }
        Redirect::to(url.as_str()).into_response()
    }
}

async fn authorize(
    State(state): State<AppState>,
    Query(request): Query<AuthorizeRequest>,
) -> Result<Response, Response> {
    let p = provider(&state)?;
    if let Err(msg) = request.check_client(p) {
        return Ok(error_page(&msg));
    }
    if let Err(code) = request.check_request() {
        return Ok(request.redirect_with(&[("error", code)]));
    }
    // Like Google with a hinted account: the chooser is skipped.
    if let Some(email) = request.login_hint.as_deref().filter(|h| valid_email(h)) {
        let name = email.split('@').next().unwrap_or_default().to_string();
        let code = p.issue_code(request.pending(email, &name));
        return Ok(request.redirect_with(&[("code", &code)]));
    }
    let recent = user::Entity::find()
        .filter(user::Column::Issuer.eq(p.issuer.as_str()))
        .order_by_desc(user::Column::LastLoginAt)
        .limit(5)
        .all(&state.db)
        .await
        .unwrap_or_default();
    Ok(Html(chooser_page(&request, &recent, None)).into_response())
}

#[derive(Debug, Deserialize)]
struct ChooseForm {
    #[serde(flatten)]
    request: AuthorizeRequest,
    email: Option<String>,
    name: Option<String>,
    action: Option<String>,
}

async fn choose(
    State(state): State<AppState>,
    Form(form): Form<ChooseForm>,
) -> Result<Response, Response> {
    let p = provider(&state)?;
    let request = form.request;
    if let Err(msg) = request.check_client(p) {
        return Ok(error_page(&msg));
    }
    if let Err(code) = request.check_request() {
        return Ok(request.redirect_with(&[("error", code)]));
    }
    if form.action.as_deref() == Some("cancel") {
        return Ok(request.redirect_with(&[
            ("error", "access_denied"),
            ("error_description", "The user cancelled sign-in"),
        ]));
    }
    let email = form.email.unwrap_or_default().trim().to_lowercase();
    if !valid_email(&email) {
        return Ok((
            StatusCode::UNPROCESSABLE_ENTITY,
            Html(chooser_page(
                &request,
                &[],
                Some("Enter a valid e-mail address."),
            )),
        )
            .into_response());
    }
    let name = form
        .name
        .map(|n| n.trim().chars().take(80).collect::<String>())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| email.split('@').next().unwrap_or_default().to_string());
    let code = p.issue_code(request.pending(&email, &name));
    Ok(request.redirect_with(&[("code", &code)]))
}

#[derive(Debug, Deserialize)]
struct TokenForm {
    grant_type: String,
    code: String,
    redirect_uri: String,
    client_id: Option<String>,
    code_verifier: Option<String>,
}

async fn token(State(state): State<AppState>, Form(form): Form<TokenForm>) -> Response {
    let p = match provider(&state) {
        Ok(p) => p,
        Err(not_mounted) => return not_mounted.into(),
    };
    let fail = |error: &str, description: &str| {
        (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error": error, "error_description": description })),
        )
            .into_response()
    };
    if form.grant_type != "authorization_code" {
        return fail("unsupported_grant_type", "only authorization_code");
    }
    if form.client_id.as_deref() != Some(CLIENT_ID) {
        return fail("invalid_client", "unknown client");
    }
    let Some(pending) = p.take_code(&form.code) else {
        return fail("invalid_grant", "unknown, used or expired code");
    };
    if pending.redirect_uri != form.redirect_uri {
        return fail("invalid_grant", "redirect_uri mismatch");
    }
    match form.code_verifier {
        Some(verifier) if s256(&verifier) == pending.challenge => {}
        _ => return fail("invalid_grant", "PKCE verification failed"),
    }
    Json(json!({
        "access_token": lectern_core::tokens::random_token(),
        "token_type": "Bearer",
        "expires_in": 300,
        "id_token": p.id_token(&pending),
    }))
    .into_response()
}

fn valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    email.len() <= 254
        && !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email.contains(char::is_whitespace)
        && !domain.contains('@')
}

fn error_page(message: &str) -> Response {
    (
        StatusCode::BAD_REQUEST,
        Html(super::pages::frame(
            "Sign-in error",
            &format!(
                "<h1>Sign-in request refused</h1><p class=\"muted\">{}</p>",
                html_escape(message)
            ),
        )),
    )
        .into_response()
}

fn chooser_page(request: &AuthorizeRequest, recent: &[user::Model], error: Option<&str>) -> String {
    let hidden = |name: &str, value: Option<&str>| {
        value
            .map(|v| {
                format!(
                    "<input type=\"hidden\" name=\"{name}\" value=\"{}\">",
                    html_escape(v)
                )
            })
            .unwrap_or_default()
    };
    let params = [
        hidden("response_type", Some(&request.response_type)),
        hidden("client_id", Some(&request.client_id)),
        hidden("redirect_uri", Some(&request.redirect_uri)),
        hidden("state", request.state.as_deref()),
        hidden("nonce", request.nonce.as_deref()),
        hidden("code_challenge", request.code_challenge.as_deref()),
        hidden(
            "code_challenge_method",
            request.code_challenge_method.as_deref(),
        ),
    ]
    .concat();
    let accounts: String = recent
        .iter()
        .map(|u| {
            format!(
                "<form method=\"post\" action=\"/dev-oidc/authorize\" class=\"account\">{params}\
                 <input type=\"hidden\" name=\"email\" value=\"{email}\">\
                 <input type=\"hidden\" name=\"name\" value=\"{name}\">\
                 <button type=\"submit\" class=\"account-btn\"><span class=\"avatar\">{initial}</span>\
                 <span><strong>{name}</strong><br><small>{email}</small></span></button></form>",
                email = html_escape(&u.email),
                name = html_escape(&u.display_name),
                initial = html_escape(
                    &u.display_name.chars().next().unwrap_or('?').to_uppercase().to_string()
                ),
            )
        })
        .collect();
    let accounts = if accounts.is_empty() {
        String::new()
    } else {
        format!(
            "<p class=\"label\">Recent accounts</p>{accounts}<p class=\"label\">Or use another account</p>"
        )
    };
    let error = error
        .map(|e| format!("<p class=\"error\" role=\"alert\">{}</p>", html_escape(e)))
        .unwrap_or_default();
    super::pages::frame(
        "Choose an account",
        &format!(
            "<h1>Choose an account</h1>\
             <p class=\"muted\">to continue to <strong>Lectern</strong></p>\
             <p class=\"note\">Development sign-in: any e-mail address works here. \
             Production uses Google.</p>{error}{accounts}\
             <form method=\"post\" action=\"/dev-oidc/authorize\">{params}\
             <label for=\"email\">E-mail</label>\
             <input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"email\" required autofocus placeholder=\"you@example.com\">\
             <label for=\"name\">Name</label>\
             <input id=\"name\" name=\"name\" type=\"text\" autocomplete=\"name\" placeholder=\"Ada Lovelace\">\
             <div class=\"actions\"><button type=\"submit\" name=\"action\" value=\"continue\">Continue</button>\
             <button type=\"submit\" name=\"action\" value=\"cancel\" class=\"secondary\" formnovalidate>Cancel</button></div></form>"
        ),
    )
}

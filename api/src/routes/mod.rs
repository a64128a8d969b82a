//! One module per feature, each with its own `router()`, merged here.

pub mod auth;
mod checkout;
mod courses;
mod credits;
mod explore;
pub mod jobs;
mod library;
mod me;
mod media;
mod problems;
pub(crate) mod system;

use axum::{
    Router,
    http::{HeaderName, HeaderValue},
    middleware,
    routing::any,
};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::{error::ApiError, state::AppState};

pub fn router(state: AppState) -> Router {
    let https = state.config.is_https();
    let api = Router::new()
        .merge(system::api_router())
        .merge(me::router())
        .merge(credits::router())
        .merge(jobs::router())
        .merge(problems::router())
        .merge(courses::router())
        .merge(media::router())
        .merge(library::router())
        .merge(explore::router())
        .fallback(any(|| async { ApiError::NotFound("Not found".into()) }));
    let router = Router::new()
        .merge(system::router())
        .merge(auth::router(&state))
        .merge(checkout::router(&state))
        .nest("/api", api)
        .fallback_service(crate::spa::service(&state.config.web_dir))
        .layer(middleware::from_fn(crate::metrics::track))
        .layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("x-content-type-options"),
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("referrer-policy"),
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .with_state(state);
    crate::security::layers(router, https)
}

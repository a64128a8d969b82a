//! One module per feature, each with its own `router()`, merged here. Every route is
//! registered with `utoipa_axum::routes!`, so what is served is what the OpenAPI document
//! (`document`) describes.

pub mod auth;
mod checkout;
mod courses;
mod credits;
pub(crate) mod document;
mod explore;
mod ids;
pub mod jobs;
mod library;
mod me;
mod media;
mod problems;
mod progress;
mod sources;
mod storyboards;
mod submission;
pub(crate) mod system;

use axum::{
    Router,
    http::{HeaderName, HeaderValue},
    middleware,
    routing::any,
};
use tower_http::{
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
    set_header::SetResponseHeaderLayer,
    trace::TraceLayer,
};
use utoipa_axum::router::OpenApiRouter;

use crate::{error::ApiError, state::AppState};

/// Every route of the API with its description; needs no state, so that the document can be
/// written without a server (`crate::openapi::document`).
pub fn documented() -> OpenApiRouter<AppState> {
    let api = OpenApiRouter::new()
        .merge(system::api_router())
        .merge(me::router())
        .merge(credits::router())
        .merge(jobs::router())
        .merge(problems::router())
        .merge(courses::router())
        .merge(media::router())
        .merge(library::router())
        .merge(storyboards::router())
        .merge(progress::router())
        .merge(explore::router())
        .merge(sources::router())
        .fallback(any(|| async { ApiError::NotFound("Not found".into()) }));
    let mut documented =
        OpenApiRouter::with_openapi(<document::Base as utoipa::OpenApi>::openapi())
            .merge(system::router())
            .merge(auth::router())
            .merge(checkout::router())
            .nest("/api", api);
    document::require_tokens(documented.get_openapi_mut());
    document::describe_refusals(documented.get_openapi_mut());
    documented
}

pub fn router(state: AppState) -> anyhow::Result<Router> {
    let https = state.config.is_https();
    let (documented, openapi) = documented().split_for_parts();
    document::publish(&openapi);
    // What only some configurations mount (the development sign-in and checkout) is left
    // out of the document.
    let router = checkout::attach(auth::attach(documented, &state), &state)?
        .merge(crate::embed::router())
        .fallback_service(crate::spa::service(&state.config.web_dir))
        .layer(middleware::from_fn(no_nul_in_path))
        .layer(middleware::from_fn(crate::metrics::track))
        // Request logs: a span per request with its id (the caller's `x-request-id`, else a
        // new UUID, echoed in the response) and path, never the query (media tokens).
        // Failures log at error level; every request at debug (`RUST_LOG=tower_http=debug`).
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(
            TraceLayer::new_for_http().make_span_with(|request: &axum::extract::Request| {
                let id = request
                    .headers()
                    .get("x-request-id")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("-");
                tracing::info_span!(
                    "request",
                    method = %request.method(),
                    path = request.uri().path(),
                    id
                )
            }),
        )
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("x-content-type-options"),
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("referrer-policy"),
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .with_state(state);
    Ok(crate::security::layers(router, https))
}

/// No address with a NUL character names anything here (and PostgreSQL could not look one up):
/// such a path is answered 404 before any handler sees it.
async fn no_nul_in_path(
    request: axum::extract::Request,
    next: middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    if request.uri().path().contains("%00") {
        return ApiError::NotFound("Not found".into()).into_response();
    }
    next.run(request).await
}

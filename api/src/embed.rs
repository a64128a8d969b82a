//! The embeddable player pages: `/embed/video/{id}` and `/embed/course/{id}` serve the web
//! app (which draws the minimal player) for a published video or course, and only these
//! pages may be framed by other sites (`security::EMBED_POLICY`). Anything unpublished or
//! unknown answers 404, framable too, so that the embedding site shows why.

use axum::{
    Router,
    extract::{Path, State},
    http::{StatusCode, header},
    response::{Html, IntoResponse, Response},
    routing::get,
};
use lectern_core::{courses, library};

use crate::{error::ApiResult, security::embeddable, spa::html_escape, state::AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/embed/video/{id}", get(video))
        .route("/embed/course/{id}", get(course))
}

async fn video(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    if library::public_video(&state.db, &id).await?.is_none() {
        return Ok(not_available("video"));
    }
    Ok(app(&state).await)
}

async fn course(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    if courses::public_view(&state.db, &id).await?.is_none() {
        return Ok(not_available("course"));
    }
    Ok(app(&state).await)
}

/// The web app's page, which routes `/embed/…` to its player.
async fn app(state: &AppState) -> Response {
    let index = state.config.web_dir.join("index.html");
    match tokio::fs::read_to_string(&index).await {
        Ok(html) => embeddable(([(header::CACHE_CONTROL, "no-cache")], Html(html)).into_response()),
        Err(e) => {
            tracing::error!(path = %index.display(), error = %e, "the web app is not built");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::CACHE_CONTROL, "no-store")],
                Html("<!doctype html><title>Lectern</title><p>The player is not available.</p>"),
            )
                .into_response()
        }
    }
}

fn not_available(what: &str) -> Response {
    let what = html_escape(what);
    embeddable(
        (
            StatusCode::NOT_FOUND,
            [(header::CACHE_CONTROL, "no-store")],
            Html(format!(
                "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">\
                 <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
                 <title>Not available – Lectern</title>\
                 <style>body{{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;\
                 place-items:center;min-height:100vh;background:#f6f7f9;color:#1b1f24}}\
                 main{{padding:1.5rem;text-align:center}}</style>\
                 <main><h1>This {what} is not available</h1>\
                 <p>It is not published, or it no longer exists.</p></main></html>"
            )),
        )
            .into_response(),
    )
}

//! Serves the built web app: real files as they are, every other GET path gets index.html
//! so that client-side routes load.

use std::path::Path;

use axum::{
    http::{StatusCode, header},
    response::{Html, IntoResponse},
    routing::{MethodRouter, get},
};
use tower_http::services::{ServeDir, ServeFile};

pub fn service(web_dir: &Path) -> MethodRouter {
    let index = web_dir.join("index.html");
    if index.exists() {
        let files = ServeDir::new(web_dir)
            .append_index_html_on_directories(true)
            .fallback(ServeFile::new(index));
        axum::routing::get_service(files)
    } else {
        let dir = web_dir.display().to_string();
        get(move || async move { not_built(&dir) })
    }
}

fn not_built(dir: &str) -> impl IntoResponse + use<> {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::CACHE_CONTROL, "no-store")],
        Html(format!(
            "<!doctype html><title>Lectern</title><h1>The web app is not built</h1>\
             <p>No <code>index.html</code> in <code>{}</code>. Run <code>just run</code>, \
             which builds it, or set <code>LECTERN_WEB_DIR</code>.</p>",
            html_escape(dir)
        )),
    )
}

pub fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

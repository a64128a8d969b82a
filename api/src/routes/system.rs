//! Health, debug information, metrics and the capability report.

use axum::{
    Json, Router,
    extract::State,
    http::{StatusCode, header},
    response::IntoResponse,
    routing::get,
};
use serde_json::{Value, json};

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/health", get(health))
        .route("/debug", get(debug))
        .route("/metrics", get(metrics))
}

pub fn api_router() -> Router<AppState> {
    Router::new().route("/video-functions-status", get(video_functions_status))
}

async fn health(State(state): State<AppState>) -> impl IntoResponse {
    let (status, body) = dependencies(&state.db, &state.queue).await;
    (status, Json(body))
}

/// `/health` of an API or worker process: 200 while the database and the queue answer,
/// else 503; each named "ok", or with what is wrong and since when (from the outages the
/// retrying code recorded). A process in an outage keeps running and says so here.
pub async fn dependencies(
    db: &sea_orm::DatabaseConnection,
    queue: &lectern_core::queue::JobQueue,
) -> (StatusCode, Value) {
    use lectern_core::health::{Dependency, describe};
    let (database, queue_answer) = tokio::join!(db.ping(), queue.ping());
    if let Err(err) = &database {
        tracing::error!(error = %err, "health check: database unreachable");
    }
    if let Err(err) = &queue_answer {
        tracing::error!(error = %err, "health check: job queue unreachable");
    }
    let healthy = database.is_ok() && queue_answer.is_ok();
    (
        if healthy {
            StatusCode::OK
        } else {
            StatusCode::SERVICE_UNAVAILABLE
        },
        json!({
            "status": if healthy { "ok" } else { "unavailable" },
            "database": describe(Dependency::Database, database.is_ok()),
            "queue": describe(Dependency::Queue, queue_answer.is_ok()),
        }),
    )
}

/// Version and engines in use; never a secret or a connection string.
async fn debug(State(state): State<AppState>) -> Json<Value> {
    let engines: serde_json::Map<String, Value> = state
        .config
        .engines()
        .into_iter()
        .map(|(concern, engine)| (concern.to_string(), Value::String(engine)))
        .collect();
    Json(json!({
        "name": "lectern",
        "version": env!("CARGO_PKG_VERSION"),
        "environment": if state.config.is_production() { "production" } else { "development" },
        "public_url": state.config.origin(),
        "engines": engines,
    }))
}

async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    if let Ok((queued, running)) = lectern_core::jobs::active_counts(&state.db).await {
        metrics::gauge!("lectern_queue_depth", "queue" => state.config.queue_name.clone())
            .set(queued as f64);
        metrics::gauge!("lectern_jobs_running").set(running as f64);
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.render(),
    )
}

/// What the generation side can do right now, so the web app can say so plainly.
async fn video_functions_status(State(state): State<AppState>) -> Json<Value> {
    let solver = if state.config.llm.is_some() {
        "language model, with every step checked"
    } else {
        "offline solver (equations, systems, arithmetic, derivatives, integrals)"
    };
    let writer = writer(&state.config);
    Json(json!({
        "video_generation": { "available": true, "queue": state.queue.describe(), "writer": writer },
        "problem_solving": { "available": true, "solver": solver },
        "course_generation": { "available": true, "writer": writer },
    }))
}

/// Who writes a new job's script, as the create screen tells the user before charging:
/// `kind` is `local_model` (a model on this server), `remote_model` (an OpenAI-compatible
/// service) or `offline_draft` (the offline writer's labelled study skeleton).
fn writer(config: &lectern_core::config::Config) -> Value {
    use lectern_core::config::LlmConfig;
    match &config.llm {
        Some(LlmConfig {
            local: Some(local), ..
        }) => {
            let name = local.strip_prefix("local model: ").unwrap_or(local);
            json!({ "kind": "local_model", "label": format!("a local model ({name})") })
        }
        Some(llm) => {
            json!({ "kind": "remote_model", "label": format!("a language model ({})", llm.model) })
        }
        None => json!({ "kind": "offline_draft", "label": "the offline writer" }),
    }
}

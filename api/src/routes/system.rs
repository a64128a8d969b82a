//! Health, debug information, metrics and the capability report.

use std::collections::BTreeMap;

use axum::{
    Json,
    extract::State,
    http::{StatusCode, header},
    response::IntoResponse,
};
use serde::Serialize;
use serde_json::Value;
use utoipa::{
    ToSchema,
    openapi::{
        KnownFormat, ObjectBuilder, OneOfBuilder, RefOr, Schema, SchemaFormat, schema::Type,
    },
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{operator::Operator, state::AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health))
        .routes(routes!(debug))
        .routes(routes!(metrics))
}

pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(video_functions_status))
        .routes(routes!(super::document::openapi_json))
}

/// Whether the process can do its work: the database and the queue, each "ok" or what is
/// wrong with it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok` while both answer, else `unavailable`.
    status: &'static str,
    #[schema(schema_with = dependency_schema)]
    database: Value,
    #[schema(schema_with = dependency_schema)]
    queue: Value,
}

/// `lectern_core::health::describe`'s answer.
fn dependency_schema() -> RefOr<Schema> {
    let text = |kind| ObjectBuilder::new().schema_type(kind);
    OneOfBuilder::new()
        .item(text(Type::String).enum_values(Some(["ok"])))
        .item(
            ObjectBuilder::new()
                .property(
                    "state",
                    text(Type::String).enum_values(Some(["recovering", "unreachable"])),
                )
                .required("state")
                .property(
                    "since",
                    text(Type::String)
                        .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime))),
                )
                .property("retries", text(Type::Integer))
                .property("error", text(Type::String)),
        )
        .into()
}

/// The database and the job queue.
#[utoipa::path(
    get,
    path = "/health",
    tag = "system",
    responses(
        (status = 200, description = "Both answer", body = Health),
        (status = 503, description = "One of them does not (the process keeps running and says so)", body = Health),
    )
)]
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
) -> (StatusCode, Health) {
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
        Health {
            status: if healthy { "ok" } else { "unavailable" },
            database: describe(Dependency::Database, database.is_ok()),
            queue: describe(Dependency::Queue, queue_answer.is_ok()),
        },
    )
}

#[derive(Debug, Serialize, ToSchema)]
struct DebugInfo {
    name: &'static str,
    version: &'static str,
    /// `production` or `development`.
    environment: &'static str,
    public_url: String,
    /// What does each concern (script writer, narration, storage, ...), by name.
    engines: BTreeMap<String, String>,
}

/// Version and engines in use; never a secret, a connection string or a path. Answers
/// callers on loopback, and others with the operator token.
#[utoipa::path(
    get,
    path = "/debug",
    tag = "system",
    security((), ("operator" = [])),
    responses(
        (status = 200, description = "Version and engines", body = DebugInfo),
        (status = 401, description = "Not on loopback, and no valid operator token", body = crate::error::ErrorBody),
    )
)]
async fn debug(State(state): State<AppState>, _operator: Operator) -> Json<DebugInfo> {
    Json(DebugInfo {
        name: "lectern",
        version: env!("CARGO_PKG_VERSION"),
        environment: if state.config.is_production() {
            "production"
        } else {
            "development"
        },
        public_url: state.config.origin(),
        engines: state
            .config
            .engines()
            .into_iter()
            // The banner names the data folder; an answer over HTTP names no path.
            .map(|(concern, engine)| {
                (
                    concern.to_string(),
                    lectern_core::redact::strip_paths(&engine),
                )
            })
            .collect(),
    })
}

/// Prometheus metrics. Answers callers on loopback, and others with the operator token.
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "system",
    security((), ("operator" = [])),
    responses(
        (status = 200, description = "The Prometheus text format", content_type = "text/plain", body = String),
        (status = 401, description = "Not on loopback, and no valid operator token", body = crate::error::ErrorBody),
    )
)]
async fn metrics(State(state): State<AppState>, _operator: Operator) -> impl IntoResponse {
    if let Ok((queued, running)) = lectern_core::jobs::active_counts(&state.db).await {
        metrics::gauge!("lectern_queue_depth", "queue" => state.config.queue_name.clone())
            .set(queued as f64);
        metrics::gauge!("lectern_jobs_running").set(running as f64);
    }
    if let Ok(paid) = lectern_core::jobs::queued_paid(&state.db).await {
        metrics::gauge!("lectern_queue_depth_paid", "queue" => state.config.queue_name.clone())
            .set(paid as f64);
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.render(),
    )
}

#[derive(Debug, Serialize, ToSchema)]
struct Capabilities {
    video_generation: VideoCapability,
    problem_solving: SolverCapability,
    course_generation: CourseCapability,
}

#[derive(Debug, Serialize, ToSchema)]
struct VideoCapability {
    available: bool,
    /// The queue's backend, e.g. `SQLite (apalis-sqlite)`.
    queue: &'static str,
    writer: Writer,
}

#[derive(Debug, Serialize, ToSchema)]
struct SolverCapability {
    available: bool,
    solver: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
struct CourseCapability {
    available: bool,
    writer: Writer,
}

/// Who writes a new job's script, as the create screen tells the user before charging.
#[derive(Debug, Clone, Serialize, ToSchema)]
struct Writer {
    kind: WriterKind,
    label: String,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
enum WriterKind {
    /// A model on this server.
    LocalModel,
    /// An OpenAI-compatible service.
    RemoteModel,
    /// The offline writer's labelled study skeleton.
    OfflineDraft,
}

/// What the generation side can do right now, so the web app can say so plainly.
#[utoipa::path(
    get,
    path = "/video-functions-status",
    tag = "system",
    responses((status = 200, description = "Capabilities", body = Capabilities))
)]
async fn video_functions_status(State(state): State<AppState>) -> Json<Capabilities> {
    let solver = if state.config.llm.is_some() {
        "language model, with every step checked"
    } else {
        "offline solver (equations, systems, arithmetic, derivatives, integrals)"
    };
    let writer = writer(&state.config);
    Json(Capabilities {
        video_generation: VideoCapability {
            available: true,
            queue: state.queue.describe(),
            writer: writer.clone(),
        },
        problem_solving: SolverCapability {
            available: true,
            solver,
        },
        course_generation: CourseCapability {
            available: true,
            writer,
        },
    })
}

fn writer(config: &lectern_core::config::Config) -> Writer {
    use lectern_core::config::LlmConfig;
    match &config.llm {
        Some(LlmConfig {
            local: Some(local), ..
        }) => {
            let name = local.strip_prefix("local model: ").unwrap_or(local);
            Writer {
                kind: WriterKind::LocalModel,
                label: format!("a local model ({name})"),
            }
        }
        Some(llm) => Writer {
            kind: WriterKind::RemoteModel,
            label: format!("a language model ({})", llm.model),
        },
        None => Writer {
            kind: WriterKind::OfflineDraft,
            label: "the offline writer".into(),
        },
    }
}

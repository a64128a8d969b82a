//! The status endpoints of a `lectern worker` process: `/health` for probes and `/metrics`
//! for Prometheus (the same recorder and metric names as the API).

use std::net::SocketAddr;

use axum::{
    Json, Router,
    extract::ConnectInfo,
    http::{HeaderMap, header},
    response::IntoResponse,
    routing::get,
};
use lectern_core::queue::JobQueue;
use sea_orm::DatabaseConnection;
use secrecy::SecretString;
use serde_json::json;
use tokio::net::TcpListener;

/// Serves `/health` and `/metrics` on `listener` until `shutdown` completes. `/metrics`
/// answers loopback callers, and others with `operator_token` (as the API's does).
pub async fn serve(
    listener: TcpListener,
    worker: String,
    db: DatabaseConnection,
    queue: JobQueue,
    operator_token: Option<SecretString>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let handle = crate::metrics::recorder();
    let router = Router::new()
        .route(
            "/health",
            get(move || {
                let (worker, db, queue) = (worker.clone(), db.clone(), queue.clone());
                async move {
                    let (status, health) = crate::routes::system::dependencies(&db, &queue).await;
                    let mut body = json!(health);
                    body["worker"] = json!(worker);
                    (status, Json(body))
                }
            }),
        )
        .route(
            "/metrics",
            get(
                move |ConnectInfo(peer): ConnectInfo<SocketAddr>, headers: HeaderMap| {
                    let handle = handle.clone();
                    let allowed =
                        crate::operator::allowed(Some(peer), &headers, operator_token.as_ref());
                    async move {
                        if !allowed {
                            return crate::operator::refusal().into_response();
                        }
                        (
                            [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
                            handle.render(),
                        )
                            .into_response()
                    }
                },
            ),
        );
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
}

/// The `lectern_jobs_*` and `lectern_job_*` lines of the metrics, printed by a worker as it
/// exits so that what it did is on record after its `/metrics` is gone.
pub fn final_counters() -> String {
    crate::metrics::recorder()
        .render()
        .lines()
        .filter(|line| line.starts_with("lectern_job"))
        .collect::<Vec<_>>()
        .join("\n")
}

//! Prometheus metrics: one global recorder (the `metrics` facade, shared with apalis and
//! the workers) and a middleware that counts and times every request by route.

use std::{sync::OnceLock, time::Instant};

use axum::{
    extract::{MatchedPath, Request},
    middleware::Next,
    response::Response,
};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

const LATENCY_BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// Pipeline stages take from a fraction of a second to the 15-minute job limit.
const STAGE_BUCKETS: &[f64] = &[
    0.1, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0, 600.0, 900.0, 1800.0,
];

/// A job waits in the queue from no time at all to hours behind a backlog.
const WAIT_BUCKETS: &[f64] = &[
    1.0, 5.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 1200.0, 1800.0, 3600.0, 7200.0, 14400.0,
];

pub fn recorder() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(
                    Matcher::Full("lectern_stage_duration_seconds".into()),
                    STAGE_BUCKETS,
                )
                .and_then(|b| {
                    b.set_buckets_for_metric(
                        Matcher::Full("lectern_job_queue_wait_seconds".into()),
                        WAIT_BUCKETS,
                    )
                })
                .and_then(|b| {
                    b.set_buckets_for_metric(
                        Matcher::Suffix("duration_seconds".into()),
                        LATENCY_BUCKETS,
                    )
                })
                .expect("bucket lists are not empty");
            match builder.install_recorder() {
                Ok(handle) => handle,
                // Another recorder is installed (several apps in one test process): keep
                // a private one so /metrics still answers.
                Err(_) => PrometheusBuilder::new().build_recorder().handle(),
            }
        })
        .clone()
}

pub async fn track(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| "unmatched".into());
    let method = request.method().to_string();
    let started = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    let labels = [("method", method), ("route", route), ("status", status)];
    metrics::counter!("lectern_http_requests_total", &labels).increment(1);
    metrics::histogram!("lectern_http_request_duration_seconds", &labels)
        .record(started.elapsed().as_secs_f64());
    response
}

use std::sync::Arc;

use lectern_core::{Config, queue::JobQueue, storage::Storage, tokens::AccessTokens};
use metrics_exporter_prometheus::PrometheusHandle;
use sea_orm::DatabaseConnection;

use crate::routes::auth::{dev_provider::provider::DevProvider, oidc::OidcClient};

/// Everything a handler needs, cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub db: DatabaseConnection,
    pub tokens: AccessTokens,
    pub oidc: Arc<OidcClient>,
    /// Present only in development, when no external issuer is configured.
    pub dev_provider: Option<Arc<DevProvider>>,
    pub metrics: PrometheusHandle,
    pub queue: JobQueue,
    pub storage: Storage,
    /// Rates, caps and per-user locks for requests that start work (`crate::admission`).
    pub admission: Arc<crate::admission::Admission>,
    /// Reads uploaded documents in child processes with limits (issue 50).
    pub sources: lectern_sources::Reader,
}

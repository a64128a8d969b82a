#![recursion_limit = "256"]
//! Lectern's HTTP API: axum routes, sign-in, credits, metrics and the single-page app.

pub mod admission;
mod embed;
pub mod error;
pub mod extract;
pub mod limits;
mod metrics;
pub mod openapi;
pub mod operator;
pub mod routes;
pub mod security;
mod spa;
pub mod state;
pub mod worker_status;

use std::{path::Path, sync::Arc};

use anyhow::Context;
use axum::Router;
use lectern_core::{Config, config::IdentityConfig, tokens::AccessTokens};
use secrecy::ExposeSecret;
use tokio::net::TcpListener;

use crate::routes::auth::{dev_provider::provider::DevProvider, oidc::OidcClient};
use crate::state::AppState;

/// The API server, bound and ready to serve.
pub struct Application {
    listener: TcpListener,
    router: Router,
    state: AppState,
}

impl Application {
    /// Connects to the database (running migrations) and assembles the routes.
    /// Refuses to start when the development sign-in or checkout would be reachable from
    /// other machines (see `Config::check_listen_address`).
    pub async fn build(config: Config, listener: TcpListener) -> anyhow::Result<Self> {
        install_crypto_provider();
        config.check_listen_address(listener.local_addr().context("the listening address")?)?;
        let db = lectern_core::db::connect(&config.database)
            .await
            .context("connecting to the database")?;
        let secret = signing_secret(&config)?;
        let dev_provider = match config.identity {
            IdentityConfig::Development if !config.is_production() => {
                Some(Arc::new(DevProvider::new(&config)))
            }
            _ => None,
        };
        let oidc = Arc::new(OidcClient::from_config(&config, dev_provider.as_deref())?);
        let queue = lectern_core::queue::JobQueue::connect(&config)
            .await
            .context("connecting to the job queue")?;
        let storage =
            lectern_core::storage::Storage::from_config(&config).context("media storage")?;
        let admission = Arc::new(admission::Admission::new(&config));
        let sources = match &config.source_reader {
            Some(program) => lectern_sources::Reader::new(
                program.clone(),
                Vec::new(),
                lectern_sources::Limits::default(),
                std::thread::available_parallelism().map_or(1, |n| n.get()),
            ),
            None => lectern_sources::Reader::this_binary(lectern_sources::Limits::default())
                .context("finding this program to read sources with")?,
        };
        let state = AppState {
            config: Arc::new(config),
            db,
            tokens: AccessTokens::new(&secret),
            oidc,
            dev_provider,
            metrics: metrics::recorder(),
            queue,
            storage,
            admission,
            sources,
        };
        let router = routes::router(state.clone()).context("payments could not be set up")?;
        Ok(Self {
            listener,
            router,
            state,
        })
    }

    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        // Each request knows its peer: `/debug` and `/metrics` answer loopback callers
        // without the operator token.
        axum::serve(
            self.listener,
            self.router
                .into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .with_graceful_shutdown(shutdown_signal())
        .await
    }
}

/// Both rustls back-ends end up linked (the S3 SDK brings aws-lc-rs, other clients ring);
/// rustls then needs to be told which one serves the process.
pub fn install_crypto_provider() {
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut sig) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            sig.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

/// The access-token key: configured, or generated once and kept in the data dir so that
/// sessions survive a restart of the embedded server.
fn signing_secret(config: &Config) -> anyhow::Result<Vec<u8>> {
    if let Some(secret) = &config.secret_key {
        return Ok(secret.expose_secret().as_bytes().to_vec());
    }
    let path = config.data_dir.join("secret.key");
    if let Ok(existing) = std::fs::read_to_string(&path)
        && existing.trim().len() >= 32
    {
        return Ok(existing.trim().as_bytes().to_vec());
    }
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("creating {}", config.data_dir.display()))?;
    let secret = lectern_core::tokens::random_token();
    write_private(&path, &secret).with_context(|| format!("writing {}", path.display()))?;
    Ok(secret.into_bytes())
}

fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(contents.as_bytes())
}

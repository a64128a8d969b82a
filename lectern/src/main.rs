//! `lectern`: the one binary. `serve` runs the API and the web app (with `--workers N`, also
//! queue workers in-process), `worker` runs queue workers only, `migrate` brings the schema
//! up to date, `render` runs the video pipeline from the command line, `batch` enqueues
//! courses and lesson videos from a file.

mod batch;
mod settings;
mod sources;

use std::sync::Arc;

use anyhow::Context;
use clap::{Parser, Subcommand};
use lectern_core::{Config, config::LlmConfig, queue::JobQueue, storage::Storage};
use lectern_pipeline::Pipeline;
use lectern_pipeline::local_model::{self, LocalModelServer};
use lectern_workers::Runtime;
use tracing_subscriber::EnvFilter;

#[derive(Parser)]
#[command(name = "lectern", version, about = "Lectern: AI learning videos")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the HTTP API and serve the web app.
    Serve {
        /// Also run this many workers in this process (the embedded default uses 1); on the
        /// embedded queue as many more take only paid jobs, which so never wait for previews.
        #[arg(long, default_value_t = 0)]
        workers: usize,
    },
    /// Run queue workers only (scaled deployments; any number of processes on any host).
    Worker {
        /// Jobs this process runs at once.
        #[arg(long, default_value_t = 1)]
        concurrency: usize,
        /// Where this worker serves `/health` and `/metrics` (port 0: any free port); the
        /// default is `LECTERN_WORKER_LISTEN` (0.0.0.0:9465).
        #[arg(long)]
        listen: Option<String>,
    },
    /// Apply database migrations and exit.
    Migrate,
    /// Render a video from a topic or a storyboard file, without a server.
    Render(lectern_pipeline::cli::RenderArgs),
    /// Enqueue courses, or the lesson videos of courses, from a JSON or CSV file.
    Batch(batch::BatchArgs),
}

fn main() -> anyhow::Result<()> {
    // The child that reads one uploaded source within limits (`lectern_sources::isolate`):
    // before any runtime, logger or configuration, and hidden from the help.
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some(lectern_sources::isolate::SUBCOMMAND) {
        lectern_sources::isolate::child_main(&args[2..]);
    }
    tokio::runtime::Runtime::new()
        .context("starting the async runtime")?
        .block_on(run())
}

async fn run() -> anyhow::Result<()> {
    let command = Cli::parse().command;
    let config = match Config::load() {
        Ok(config) => config,
        Err(err) => {
            eprintln!("lectern: {err}");
            std::process::exit(2);
        }
    };
    let filter = EnvFilter::try_new(&config.log).unwrap_or_else(|err| {
        eprintln!("lectern: LECTERN_LOG is not a log filter ({err}); using the default");
        EnvFilter::new(lectern_core::config::DEFAULT_LOG)
    });
    tracing_subscriber::fmt().with_env_filter(filter).init();
    match command {
        Command::Serve { workers } => serve(config, workers).await,
        Command::Migrate => {
            lectern_core::db::connect(&config.database)
                .await
                .context("migrating the database")?;
            println!("lectern: database schema is up to date");
            Ok(())
        }
        Command::Worker {
            concurrency,
            listen,
        } => {
            let listen = listen.unwrap_or_else(|| config.worker_listen.clone());
            worker(config, concurrency, &listen).await
        }
        Command::Batch(args) => batch::run(config, args).await,
        Command::Render(mut args) => {
            if let Some(topic) = &args.topic {
                args.passages = sources::passages_for(&args.sources, topic)?;
            }
            let pipeline = settings::pipeline_config(&config)?;
            let local = settings::local_model_settings(&config)?;
            lectern_pipeline::cli::run_render(args, pipeline, &local).await
        }
    }
}

/// Starts the local model server when no remote model is configured and one is installed,
/// and tells the configuration about it (the banner, `/debug`, what the API accepts).
async fn local_model(config: &mut Config) -> anyhow::Result<Option<LocalModelServer>> {
    let settings = settings::local_model_settings(config)?;
    let server = local_model::start_if_wanted(&settings, config.llm.is_some())
        .await
        .context("starting the local language model (set LECTERN_LOCAL_MODEL=off to use the offline writer)")?;
    if let Some(server) = &server {
        config.llm = Some(LlmConfig {
            base_url: server.base_url(),
            api_key: None,
            model: local_model::MODEL_ALIAS.into(),
            local: Some(server.description()),
        });
    }
    Ok(server)
}

async fn runtime(
    config: &Config,
    local: Option<&LocalModelServer>,
) -> anyhow::Result<Arc<Runtime>> {
    let db = lectern_core::db::connect(&config.database)
        .await
        .context("connecting to the database")?;
    let storage = Storage::from_config(config).context("media storage")?;
    let mut pipeline_config = settings::pipeline_config(config)?;
    if let Some(local) = local {
        pipeline_config.llm = Some(local.writer_config());
    }
    let pipeline = Pipeline::new(pipeline_config).context("setting up the video pipeline")?;
    Ok(Arc::new(Runtime {
        db,
        storage,
        pipeline,
        name: lectern_workers::identity::claim(&config.data_dir).name,
    }))
}

async fn worker(mut config: Config, concurrency: usize, listen: &str) -> anyhow::Result<()> {
    lectern_api::install_crypto_provider();
    let queue = JobQueue::connect(&config)
        .await
        .context("connecting to the job queue")?;
    let local = local_model(&mut config).await?;
    let runtime = runtime(&config, local.as_ref()).await?;
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .with_context(|| {
            format!("binding {listen} for /health and /metrics (set LECTERN_WORKER_LISTEN)")
        })?;
    println!(
        "Lectern worker {} on {} ({} at once); /health and /metrics on {}",
        runtime.name,
        queue.describe(),
        concurrency,
        listener.local_addr()?
    );
    if let Some(local) = &local {
        println!("  script writer  {}", local.description());
    }
    let name = runtime.name.clone();
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let status = tokio::spawn(lectern_api::worker_status::serve(
        listener,
        runtime.name.clone(),
        runtime.db.clone(),
        queue.clone(),
        config.operator_token.clone(),
        async move {
            let mut rx = stop_rx;
            let _ = rx.wait_for(|stopped| *stopped).await;
        },
    ));
    // On SIGTERM or Ctrl-C the job in progress finishes (or goes back to the queue), then the
    // status server stops.
    let result = lectern_workers::run(runtime, queue, concurrency, shutdown_signal()).await;
    let _ = stop_tx.send(true);
    let _ = status.await;
    if let Some(local) = local {
        local.shutdown().await;
    }
    println!(
        "Lectern worker {name} stopped; its counters:\n{}",
        lectern_api::worker_status::final_counters()
    );
    result
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        if let Ok(mut sig) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            sig.recv().await;
        }
    };
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

async fn serve(mut config: Config, workers: usize) -> anyhow::Result<()> {
    let address = config.listen;
    // Checked before binding, so that a refused address is named before anything starts.
    config.check_listen_address(address)?;
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| {
            format!("binding {address} (is another Lectern running? set LECTERN_LISTEN)")
        })?;
    println!(
        "Lectern {} ({})",
        env!("CARGO_PKG_VERSION"),
        if config.is_production() {
            "production"
        } else {
            "development"
        }
    );
    let bound = listener.local_addr()?;
    println!("  listening      {bound}: {}", Config::reach(bound));
    if !bound.ip().is_loopback() {
        for service in config.development_services() {
            println!(
                "  WARNING        the {service} is open to the network (LECTERN_ALLOW_DEV_SIGNIN_ON_NETWORK=1)"
            );
        }
    }
    // In-process workers write scripts here, so the local model runs here; an API alone
    // only says what the workers will use.
    let local = if workers > 0 {
        local_model(&mut config).await?
    } else {
        let settings = settings::local_model_settings(&config)?;
        if let Some(model) = local_model::installed(&settings, config.llm.is_some())? {
            config.llm = Some(LlmConfig {
                base_url: String::new(),
                api_key: None,
                model: local_model::MODEL_ALIAS.into(),
                local: Some(format!("{} (run by the workers)", model.description())),
            });
        }
        None
    };
    for (concern, engine) in config.engines() {
        println!("  {concern:<14} {engine}");
    }
    let origin = config.origin();
    let in_process = if workers > 0 {
        Some(runtime(&config, local.as_ref()).await?)
    } else {
        None
    };
    let app = lectern_api::Application::build(config, listener).await?;
    if let Some(runtime) = in_process {
        let queue = app.state().queue.clone();
        let paid = if queue.has_paid_lane() {
            format!(", and {workers} for paid jobs")
        } else {
            String::new()
        };
        println!(
            "  workers        {workers} in this process{paid} ({})",
            queue.describe()
        );
        tokio::spawn(async move {
            if let Err(err) = lectern_workers::run(runtime, queue, workers, shutdown_signal()).await
            {
                tracing::error!(error = ?err, "workers stopped");
            }
        });
    }
    println!("Listening on {origin}  (open it in your browser)");
    app.run_until_stopped().await?;
    if let Some(local) = local {
        local.shutdown().await;
    }
    Ok(())
}

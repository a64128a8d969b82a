//! `lectern`: the one binary. `serve` runs the API (and the web app), `worker` runs queue
//! workers, `migrate` brings the database schema up to date.

use anyhow::Context;
use clap::{Parser, Subcommand};
use lectern_core::Config;
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
    Serve,
    /// Run queue workers only (scaled deployments).
    Worker,
    /// Apply database migrations and exit.
    Migrate,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("LECTERN_LOG")
                .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn")),
        )
        .init();
    let cli = Cli::parse();
    let config = match Config::load() {
        Ok(config) => config,
        Err(err) => {
            eprintln!("lectern: {err}");
            std::process::exit(2);
        }
    };
    match cli.command {
        Command::Serve => serve(config).await,
        Command::Migrate => {
            lectern_core::db::connect(&config.database)
                .await
                .context("migrating the database")?;
            println!("lectern: database schema is up to date");
            Ok(())
        }
        Command::Worker => {
            eprintln!(
                "lectern worker: not available yet: video generation workers are not part of this version"
            );
            std::process::exit(2);
        }
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let address = format!("0.0.0.0:{}", config.port);
    let listener = tokio::net::TcpListener::bind(&address)
        .await
        .with_context(|| format!("binding {address} (is another Lectern running? set LECTERN_PORT)"))?;
    println!("Lectern {} ({})", env!("CARGO_PKG_VERSION"), if config.is_production() { "production" } else { "development" });
    for (concern, engine) in config.engines() {
        println!("  {concern:<14} {engine}");
    }
    let origin = config.origin();
    let app = lectern_api::Application::build(config, listener).await?;
    println!("Listening on {origin}  (open it in your browser)");
    app.run_until_stopped().await?;
    Ok(())
}

//! Database connection and migrations for SQLite (embedded) and PostgreSQL (scaled).

use std::time::Duration;

use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbBackend,
    DbErr, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;
use secrecy::ExposeSecret;

use crate::config::DatabaseConfig;
use crate::migration::Migrator;

/// Connects and brings the schema up to date.
pub async fn connect(config: &DatabaseConfig) -> Result<DatabaseConnection, DbErr> {
    let url = match config {
        DatabaseConfig::Sqlite(path) => {
            if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent).map_err(|e| {
                    DbErr::Custom(format!("cannot create {}: {e}", parent.display()))
                })?;
            }
            format!("sqlite://{}?mode=rwc", path.display())
        }
        DatabaseConfig::Postgres(url) => url.expose_secret().to_string(),
    };
    let mut options = ConnectOptions::new(url);
    options
        .max_connections(if matches!(config, DatabaseConfig::Sqlite(_)) {
            8
        } else {
            20
        })
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(30))
        .sqlx_logging(false);
    let db = Database::connect(options).await?;
    if db.get_database_backend() == DbBackend::Sqlite {
        // WAL lets readers proceed while one writer commits; the busy timeout waits out
        // short write locks instead of failing with "database is locked".
        db.execute_unprepared("PRAGMA journal_mode=WAL").await?;
        db.execute_unprepared("PRAGMA foreign_keys=ON").await?;
    }
    Migrator::up(&db, None).await?;
    Ok(db)
}

/// Begins a transaction that will write.
///
/// SQLite's deferred transactions take the write lock at the first write; if a read came
/// first and another connection committed meanwhile, the upgrade fails at once with
/// "database is locked" instead of waiting. A no-op write as the first statement takes the
/// lock up front (like `BEGIN IMMEDIATE`), so the busy timeout applies. PostgreSQL needs
/// nothing: its row locks do the work.
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    let txn = db.begin().await?;
    if txn.get_database_backend() == DbBackend::Sqlite {
        txn.execute_unprepared("UPDATE credit_packages SET sort_order = sort_order WHERE 1 = 0")
            .await?;
    }
    Ok(txn)
}

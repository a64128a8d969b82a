//! Database connection and migrations for SQLite (embedded) and PostgreSQL (scaled).

use std::time::Duration;

use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbBackend,
    DbErr, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;

use crate::config::DatabaseConfig;
use crate::migration::Migrator;

/// Connects and brings the schema up to date. The error always says what went wrong (some
/// driver errors display as an empty string; those are given with their details).
pub async fn connect(config: &DatabaseConfig) -> Result<DatabaseConnection, DbErr> {
    connect_and_migrate(config).await.map_err(|e| {
        let text = describe(&e);
        if text == e.to_string() {
            e
        } else {
            DbErr::Custom(text)
        }
    })
}

async fn connect_and_migrate(config: &DatabaseConfig) -> Result<DatabaseConnection, DbErr> {
    let url = match config {
        DatabaseConfig::Sqlite(path) => {
            if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent).map_err(|e| {
                    DbErr::Custom(format!("cannot create {}: {e}", parent.display()))
                })?;
            }
            format!("sqlite://{}?mode=rwc", path.display())
        }
        #[cfg(feature = "postgres")]
        DatabaseConfig::Postgres(url) => secrecy::ExposeSecret::expose_secret(url).to_string(),
        #[cfg(not(feature = "postgres"))]
        DatabaseConfig::Postgres(_) => {
            return Err(DbErr::Custom(format!(
                "LECTERN_DATABASE_URL names a PostgreSQL database, but this build of Lectern \
                 has no PostgreSQL driver: {}, or leave LECTERN_DATABASE_URL unset for the \
                 SQLite file",
                crate::LEFT_OUT_OF_THIS_BUILD
            )));
        }
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
        .sqlx_logging(false)
        // SQLite: a process waits this long for another's write lock (sqlx's default is 5 s,
        // which processes migrating a fresh database together outwait on a busy machine).
        .map_sqlx_sqlite_opts(|sqlite| sqlite.busy_timeout(Duration::from_secs(30)));
    let db = Database::connect(options).await?;
    if db.get_database_backend() == DbBackend::Sqlite {
        // WAL lets readers proceed while one writer commits; the busy timeout waits out
        // short write locks instead of failing with "database is locked".
        db.execute_unprepared("PRAGMA journal_mode=WAL").await?;
        db.execute_unprepared("PRAGMA foreign_keys=ON").await?;
    }
    migrate(&db).await?;
    Ok(db)
}

/// The PostgreSQL advisory lock key that serialises migrations ("lectern" in ASCII).
const MIGRATION_LOCK: i64 = 0x006c_6563_7465_726e;

/// Brings the schema up to date under a database-wide lock, so any number of processes
/// (an API and its workers started together on a fresh database) can start at once: the
/// first migrates, the others wait and then find nothing left to do.
///
/// PostgreSQL: a transaction-scoped advisory lock, released when the transaction ends.
/// SQLite: a write as the first statement takes the database's write lock up front; the
/// others wait for it within the busy timeout.
async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    if db.get_database_backend() == DbBackend::Sqlite {
        db.execute_unprepared("CREATE TABLE IF NOT EXISTS lectern_start_lock (id INTEGER)")
            .await?;
    }
    let txn = db.begin().await?;
    match txn.get_database_backend() {
        DbBackend::Postgres => {
            txn.execute_unprepared(&format!("SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
                .await?;
        }
        // The write must come first: a transaction that read before another process
        // committed cannot take the write lock later (SQLITE_BUSY_SNAPSHOT under WAL).
        DbBackend::Sqlite => {
            txn.execute_unprepared("DELETE FROM lectern_start_lock")
                .await?;
        }
        _ => {}
    }
    Migrator::up(&txn, None)
        .await
        .map_err(|e| DbErr::Migration(format!("applying the migrations: {}", describe(&e))))?;
    txn.commit().await
}

/// A database error's text, never empty: some driver errors display as "".
pub fn describe(error: &DbErr) -> String {
    let text = error.to_string();
    if text.trim().is_empty() || text.trim_end().ends_with(':') {
        format!("{text} {error:?}")
    } else {
        text
    }
}

/// How long work that must be recorded (a job's claim, completion or failure) keeps trying
/// while the database cannot be reached, before it gives up (the queue then delivers the
/// job again).
pub const RETRY_FOR: Duration = Duration::from_secs(300);
/// The longest wait between two tries.
const RETRY_MAX_WAIT: Duration = Duration::from_secs(15);

/// An error that may mean the database could not be reached, as opposed to a query it refused.
pub trait Reachability {
    fn is_unreachable(&self) -> bool;
}

impl Reachability for DbErr {
    /// A refused or dropped connection, a backend terminated by the server
    /// (`pg_terminate_backend`, a restart), an exhausted or closed pool.
    fn is_unreachable(&self) -> bool {
        if matches!(self, DbErr::ConnectionAcquire(_) | DbErr::Conn(_)) {
            return true;
        }
        let text = describe(self).to_lowercase();
        [
            "connection",
            "terminating",
            "broken pipe",
            "reset by peer",
            "pool timed out",
            "pool closed",
            "error communicating",
            "io error",
            "57p01",
            "unexpected eof",
        ]
        .iter()
        .any(|marker| text.contains(marker))
    }
}

/// Runs `op` until it succeeds or fails for a reason other than an unreachable database;
/// while the database cannot be reached it tries again after 0.25 s, 0.5 s, 1 s, … (at most
/// 15 s apart) for up to [`RETRY_FOR`], logging each retry and recording the outage for
/// `/health`. `what` names the work in the log ("completing job 42").
pub async fn retrying<T, E, F, Fut>(what: &str, mut op: F) -> Result<T, E>
where
    E: Reachability + std::fmt::Display,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, E>>,
{
    let started = std::time::Instant::now();
    let mut wait = Duration::from_millis(250);
    loop {
        match op().await {
            Ok(value) => {
                crate::health::recovered(crate::health::Dependency::Database);
                return Ok(value);
            }
            Err(error) if error.is_unreachable() && started.elapsed() < RETRY_FOR => {
                let outage =
                    crate::health::failed(crate::health::Dependency::Database, &error.to_string());
                tracing::warn!(
                    retry = outage.retries,
                    wait_ms = wait.as_millis() as u64,
                    %error,
                    "database unreachable while {what}; retrying"
                );
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(RETRY_MAX_WAIT);
            }
            Err(error) => return Err(error),
        }
    }
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

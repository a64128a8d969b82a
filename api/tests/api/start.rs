//! Start-up: several processes meeting a fresh database at once.

use lectern_core::config::DatabaseConfig;
use sea_orm::{ConnectionTrait, Statement};

use crate::helpers::test_database_url;

/// An API and its workers started together on a fresh database all come up: migrations
/// run once, under the database's lock, and every connection sees the whole schema.
#[tokio::test]
async fn many_processes_migrate_a_fresh_database_together() {
    let data_dir = tempfile::tempdir().unwrap();
    let config = match test_database_url().await {
        Some(url) => DatabaseConfig::Postgres(url.into()),
        None => DatabaseConfig::Sqlite(data_dir.path().join("lectern.db")),
    };
    // Separate pools stand for separate processes.
    let starts = (0..6).map(|_| lectern_core::db::connect(&config));
    let results = futures::future::join_all(starts).await;
    for result in &results {
        if let Err(e) = result {
            panic!("a start failed: {}", lectern_core::db::describe(e));
        }
    }
    let db = results.into_iter().next().unwrap().unwrap();
    let backend = db.get_database_backend();
    let applied = db
        .query_one_raw(Statement::from_string(
            backend,
            "SELECT COUNT(*) AS n FROM seaql_migrations",
        ))
        .await
        .unwrap()
        .unwrap();
    let applied: i64 = applied.try_get("", "n").unwrap();
    assert_eq!(
        applied as usize,
        lectern_core::migration::count(),
        "each migration is recorded once"
    );
}

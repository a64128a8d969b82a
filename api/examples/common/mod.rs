//! What the API benchmarks share: a fresh database (embedded SQLite, or PostgreSQL when
//! LECTERN_BENCH_DATABASE_URL names a server) and a signed-in user.

use lectern_api::Application;
use lectern_core::{
    Config,
    users::{self, Identity},
};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection};

/// The API on a free loopback port over a fresh database in `dir` (not yet serving), its
/// address and the database engine's name.
pub async fn application(
    dir: &std::path::Path,
) -> anyhow::Result<(Application, String, &'static str)> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = format!("http://127.0.0.1:{}", listener.local_addr()?.port());
    let (mut pairs, database) = database_pairs(dir).await?;
    pairs.push(("public_url", address.clone()));
    let app = Application::build(Config::from_pairs(pairs)?, listener).await?;
    Ok((app, address, database))
}

/// Settings for a fresh database in `dir`, and its engine's name.
async fn database_pairs(
    dir: &std::path::Path,
) -> anyhow::Result<(Vec<(&'static str, String)>, &'static str)> {
    let mut pairs = vec![
        ("data_dir", dir.display().to_string()),
        (
            "secret_key",
            "bench-secret-bench-secret-bench-secret!".to_string(),
        ),
        ("web_dir", dir.join("none").display().to_string()),
    ];
    let Some(base) = std::env::var("LECTERN_BENCH_DATABASE_URL")
        .ok()
        .filter(|s| !s.is_empty())
    else {
        return Ok((pairs, "SQLite"));
    };
    let name = format!("lectern_bench_{}", uuid::Uuid::new_v4().simple());
    let admin = Database::connect(base.as_str()).await?;
    admin
        .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
        .await?;
    admin.close().await.ok();
    let mut url = url::Url::parse(&base)?;
    url.set_path(&format!("/{name}"));
    pairs.push(("database_url", url.to_string()));
    Ok((pairs, "PostgreSQL"))
}

/// Signs in (creating) the user `name`, who starts with the sign-up bonus.
pub async fn user(db: &DatabaseConnection, name: &str) -> anyhow::Result<String> {
    Ok(users::sign_in(
        db,
        &Identity {
            issuer: "https://bench.invalid".into(),
            subject: name.into(),
            email: format!("{name}@example.com"),
            given_name: None,
            family_name: None,
            name: Some(name.into()),
            picture: None,
        },
    )
    .await?
    .user
    .id)
}

//! Schema migrations; the same statements run on SQLite and PostgreSQL, except full-text
//! search, which each engine does its own way.

use sea_orm_migration::prelude::*;

mod m20261121_000001_initial;
mod m20261122_000001_library_search;
mod m20261122_000002_library_search_order;
mod m20261123_000001_courses;
mod m20261126_000001_video_versions;
mod m20261126_000002_video_progress;
mod m20261129_000001_retired_refresh_tokens;
mod m20261129_100001_sources;
mod statements;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_initial::Migration),
            Box::new(m20261122_000001_library_search::Migration),
            Box::new(m20261122_000002_library_search_order::Migration),
            Box::new(m20261123_000001_courses::Migration),
            Box::new(m20261126_000001_video_versions::Migration),
            Box::new(m20261126_000002_video_progress::Migration),
            Box::new(m20261129_000001_retired_refresh_tokens::Migration),
            Box::new(m20261129_100001_sources::Migration),
        ]
    }
}

/// How many migrations the schema has (each is recorded once in `seaql_migrations`).
pub fn count() -> usize {
    Migrator::migrations().len()
}

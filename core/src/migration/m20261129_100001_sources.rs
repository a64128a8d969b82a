//! A learner's own documents (issue 50): `sources` (one per document read) and their
//! `source_passages` (about 100-300 words each, with the page or heading they come from),
//! indexed for BM25 retrieval: an FTS5 table over the passages on SQLite, a weighted
//! `tsvector` column under a GIN index on PostgreSQL.
//!
//! A passage's id is an integer that SQLite keeps as the row id, so the FTS5 table reads its
//! text from `source_passages` itself (external content) and stores only the index.

use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::{prelude::*, schema::*};

use super::statements::{drop_tables, fk, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

const SQLITE_UP: &[&str] = &[
    "CREATE VIRTUAL TABLE source_passages_fts USING fts5(
        heading, text,
        content = 'source_passages', content_rowid = 'id',
        tokenize = 'porter unicode61 remove_diacritics 2'
    )",
    "CREATE TRIGGER source_passages_fts_insert AFTER INSERT ON source_passages BEGIN
        INSERT INTO source_passages_fts (rowid, heading, text)
        VALUES (new.id, coalesce(new.heading, ''), new.text);
    END",
    "CREATE TRIGGER source_passages_fts_delete AFTER DELETE ON source_passages BEGIN
        INSERT INTO source_passages_fts (source_passages_fts, rowid, heading, text)
        VALUES ('delete', old.id, coalesce(old.heading, ''), old.text);
    END",
];

const SQLITE_DOWN: &[&str] = &[
    "DROP TRIGGER IF EXISTS source_passages_fts_insert",
    "DROP TRIGGER IF EXISTS source_passages_fts_delete",
    "DROP TABLE IF EXISTS source_passages_fts",
];

/// A passage's words under its heading's: a heading word weighs more than a body word.
const POSTGRES_UP: &[&str] = &[
    "ALTER TABLE source_passages ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(heading, '')), 'B') ||
        setweight(to_tsvector('english', text), 'D')
    ) STORED",
    "CREATE INDEX ix_source_passages_search ON source_passages USING GIN (search_vector)",
];

async fn run(manager: &SchemaManager<'_>, statements: &[&str]) -> Result<(), DbErr> {
    let db = manager.get_connection();
    for statement in statements {
        db.execute_unprepared(statement).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    /// One connection for the whole migration (see the library-search migration).
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("sources")
                    .col(string("id").primary_key())
                    .col(string("user_id"))
                    .col(string("title"))
                    .col(string("kind"))
                    .col(string_null("file_name"))
                    .col(integer_null("pages"))
                    .col(big_integer("characters"))
                    // Bytes of text stored (the passages' UTF-8): what the quota counts.
                    .col(big_integer("bytes"))
                    .col(integer("passages"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(&mut fk("sources", "users", "user_id"))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "sources",
            "ix_sources_user",
            &["user_id", "created_at"],
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table("source_passages")
                    .col(pk_auto("id"))
                    .col(string("source_id"))
                    .col(string("user_id"))
                    .col(integer("ordinal"))
                    .col(integer_null("page"))
                    .col(text_null("heading"))
                    .col(text("text"))
                    .col(integer("words"))
                    .foreign_key(&mut fk("source_passages", "sources", "source_id"))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "source_passages",
            "ix_source_passages_source",
            &["source_id", "ordinal"],
        )
        .await?;
        match manager.get_database_backend() {
            DbBackend::Sqlite => run(manager, SQLITE_UP).await,
            DbBackend::Postgres => run(manager, POSTGRES_UP).await,
            other => Err(DbErr::Migration(format!(
                "source search is not built for {other:?}"
            ))),
        }
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DbBackend::Sqlite {
            run(manager, SQLITE_DOWN).await?;
        }
        drop_tables(manager, &["source_passages", "sources"]).await
    }
}

//! Full-text search over the library: SQLite FTS5 and PostgreSQL text search.
//!
//! The index is kept by triggers, so every writer of `videos` and `courses` (the API, the
//! workers, the course generator) keeps it current without knowing it exists. Columns, in
//! ranking weight order: title; topic (a course's goal); description; body (a video's
//! transcript sentences and scene headings, a course's background, audience, prerequisites
//! and every string in its outline).

use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// SQLite: a contentless FTS5 table (the text lives in `videos` and `courses` already) whose
/// rowids come from `library_search_rows`, an INTEGER PRIMARY KEY that `VACUUM` keeps
/// stable, unlike the implicit rowids of the tables keyed by UUID text.
fn sqlite_up() -> Vec<String> {
    let mut statements: Vec<String> = [
        "CREATE TABLE library_search_rows (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            item_id TEXT NOT NULL,
            user_id TEXT NOT NULL
        )",
        "CREATE UNIQUE INDEX ux_library_search_rows_item ON library_search_rows (kind, item_id)",
        "CREATE INDEX ix_library_search_rows_user ON library_search_rows (user_id, kind)",
        "CREATE VIRTUAL TABLE library_fts USING fts5(
            title, topic, description, body,
            content = '', contentless_delete = 1,
            tokenize = 'porter unicode61 remove_diacritics 2',
            prefix = '2 3'
        )",
    ]
    .map(String::from)
    .to_vec();
    for (kind, table, columns, watched) in [
        (
            "video",
            "videos",
            video_document as fn(&str) -> String,
            "title, topic, subject, description, transcript",
        ),
        (
            "course",
            "courses",
            course_document,
            "title, goal, description, background_knowledge, audience, prerequisites, data",
        ),
    ] {
        let row_of = |r: &str| {
            format!(
                "(SELECT id FROM library_search_rows WHERE kind = '{kind}' AND item_id = {r}.id)"
            )
        };
        statements.push(format!(
            "CREATE TRIGGER library_search_{table}_insert AFTER INSERT ON {table} BEGIN
                INSERT INTO library_search_rows (kind, item_id, user_id) VALUES ('{kind}', new.id, new.user_id);
                INSERT INTO library_fts (rowid, title, topic, description, body) VALUES ({}, {});
            END",
            row_of("new"),
            columns("new"),
        ));
        statements.push(format!(
            "CREATE TRIGGER library_search_{table}_update AFTER UPDATE OF {watched} ON {table} BEGIN
                DELETE FROM library_fts WHERE rowid = {};
                INSERT INTO library_fts (rowid, title, topic, description, body) VALUES ({}, {});
            END",
            row_of("old"),
            row_of("new"),
            columns("new"),
        ));
        statements.push(format!(
            "CREATE TRIGGER library_search_{table}_delete AFTER DELETE ON {table} BEGIN
                DELETE FROM library_fts WHERE rowid = {};
                DELETE FROM library_search_rows WHERE kind = '{kind}' AND item_id = old.id;
            END",
            row_of("old"),
        ));
        // Rows written before this migration.
        statements.push(format!(
            "INSERT INTO library_search_rows (kind, item_id, user_id) SELECT '{kind}', id, user_id FROM {table}"
        ));
        statements.push(format!(
            "INSERT INTO library_fts (rowid, title, topic, description, body)
            SELECT r.id, {} FROM {table} AS t
            JOIN library_search_rows AS r ON r.kind = '{kind}' AND r.item_id = t.id",
            columns("t"),
        ));
    }
    statements
}

/// A video's title, topic (with its subject), description, and its transcript's sentences and
/// scene headings (the pipeline's transcript.json; anything else is indexed as plain text).
fn video_document(r: &str) -> String {
    format!(
        "{r}.title,
        coalesce({r}.topic, '') || ' ' || coalesce({r}.subject, ''),
        {r}.description,
        CASE WHEN json_valid({r}.transcript) THEN
            coalesce((SELECT group_concat(json_extract(value, '$.text'), ' ')
                      FROM json_each({r}.transcript, '$.sentences')), '')
            || ' ' ||
            coalesce((SELECT group_concat(json_extract(value, '$.heading'), ' ')
                      FROM json_each({r}.transcript, '$.scenes')), '')
        ELSE coalesce({r}.transcript, '') END"
    )
}

/// A course's title, goal, description, and its background, audience, prerequisites and every
/// string of its outline.
fn course_document(r: &str) -> String {
    format!(
        "{r}.title,
        {r}.goal,
        {r}.description,
        coalesce({r}.background_knowledge, '') || ' ' || coalesce({r}.audience, '') || ' '
        || coalesce({r}.prerequisites, '') || ' ' ||
        CASE WHEN json_valid({r}.data) THEN
            coalesce((SELECT group_concat(value, ' ') FROM json_tree({r}.data) WHERE type = 'text'), '')
        ELSE coalesce({r}.data, '') END"
    )
}

const SQLITE_DOWN: &[&str] = &[
    "DROP TRIGGER IF EXISTS library_search_videos_insert",
    "DROP TRIGGER IF EXISTS library_search_videos_update",
    "DROP TRIGGER IF EXISTS library_search_videos_delete",
    "DROP TRIGGER IF EXISTS library_search_courses_insert",
    "DROP TRIGGER IF EXISTS library_search_courses_update",
    "DROP TRIGGER IF EXISTS library_search_courses_delete",
    "DROP TABLE IF EXISTS library_fts",
    "DROP TABLE IF EXISTS library_search_rows",
];

/// PostgreSQL: a weighted `tsvector` column on each table, set by a trigger, under a GIN index.
const POSTGRES_UP: &[&str] = &[
    "ALTER TABLE videos ADD COLUMN search_vector tsvector",
    "ALTER TABLE courses ADD COLUMN search_vector tsvector",
    // A transcript is the pipeline's transcript.json; anything else is indexed as plain text.
    r#"CREATE OR REPLACE FUNCTION lectern_transcript_text(doc text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE AS $$
    DECLARE
        j jsonb;
    BEGIN
        IF doc IS NULL THEN
            RETURN '';
        END IF;
        j := doc::jsonb;
        IF jsonb_typeof(j) <> 'object' THEN
            RETURN '';
        END IF;
        RETURN concat_ws(' ',
            (SELECT string_agg(s ->> 'text', ' ') FROM jsonb_array_elements(
                CASE WHEN jsonb_typeof(j -> 'sentences') = 'array' THEN j -> 'sentences' ELSE '[]'::jsonb END) AS s),
            (SELECT string_agg(s ->> 'heading', ' ') FROM jsonb_array_elements(
                CASE WHEN jsonb_typeof(j -> 'scenes') = 'array' THEN j -> 'scenes' ELSE '[]'::jsonb END) AS s));
    EXCEPTION WHEN others THEN
        RETURN doc;
    END
    $$"#,
    r#"CREATE OR REPLACE FUNCTION lectern_json_strings(doc text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE AS $$
    BEGIN
        IF doc IS NULL THEN
            RETURN '';
        END IF;
        RETURN coalesce((SELECT string_agg(v #>> '{}', ' ')
                         FROM jsonb_path_query(doc::jsonb, 'strict $.**') AS v
                         WHERE jsonb_typeof(v) = 'string'), '');
    EXCEPTION WHEN others THEN
        RETURN doc;
    END
    $$"#,
    r#"CREATE OR REPLACE FUNCTION lectern_videos_search() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        NEW.search_vector :=
            setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
            setweight(to_tsvector('english', concat_ws(' ', NEW.topic, NEW.subject)), 'B') ||
            setweight(to_tsvector('english', coalesce(NEW.description, '')), 'C') ||
            setweight(to_tsvector('english', lectern_transcript_text(NEW.transcript)), 'D');
        RETURN NEW;
    END
    $$"#,
    r#"CREATE OR REPLACE FUNCTION lectern_courses_search() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        NEW.search_vector :=
            setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
            setweight(to_tsvector('english', coalesce(NEW.goal, '')), 'B') ||
            setweight(to_tsvector('english', coalesce(NEW.description, '')), 'C') ||
            setweight(to_tsvector('english', concat_ws(' ', NEW.background_knowledge, NEW.audience,
                NEW.prerequisites, lectern_json_strings(NEW.data))), 'D');
        RETURN NEW;
    END
    $$"#,
    "CREATE TRIGGER library_search_videos
    BEFORE INSERT OR UPDATE OF title, topic, subject, description, transcript ON videos
    FOR EACH ROW EXECUTE FUNCTION lectern_videos_search()",
    "CREATE TRIGGER library_search_courses
    BEFORE INSERT OR UPDATE OF title, goal, description, background_knowledge, audience, prerequisites, data
    ON courses FOR EACH ROW EXECUTE FUNCTION lectern_courses_search()",
    "UPDATE videos SET title = title",
    "UPDATE courses SET title = title",
    "CREATE INDEX ix_videos_search ON videos USING GIN (search_vector)",
    "CREATE INDEX ix_courses_search ON courses USING GIN (search_vector)",
];

const POSTGRES_DOWN: &[&str] = &[
    "DROP TRIGGER IF EXISTS library_search_videos ON videos",
    "DROP TRIGGER IF EXISTS library_search_courses ON courses",
    "DROP FUNCTION IF EXISTS lectern_videos_search()",
    "DROP FUNCTION IF EXISTS lectern_courses_search()",
    "DROP FUNCTION IF EXISTS lectern_transcript_text(text)",
    "DROP FUNCTION IF EXISTS lectern_json_strings(text)",
    "DROP INDEX IF EXISTS ix_videos_search",
    "DROP INDEX IF EXISTS ix_courses_search",
    "ALTER TABLE videos DROP COLUMN IF EXISTS search_vector",
    "ALTER TABLE courses DROP COLUMN IF EXISTS search_vector",
];

async fn run<S: AsRef<str>>(manager: &SchemaManager<'_>, statements: &[S]) -> Result<(), DbErr> {
    let db = manager.get_connection();
    for statement in statements {
        db.execute_unprepared(statement.as_ref()).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    /// One connection for the whole migration: SQLite's other pooled connections may hold
    /// a snapshot of the schema from before a statement here.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        match manager.get_database_backend() {
            DbBackend::Sqlite => run(manager, &sqlite_up()).await,
            DbBackend::Postgres => run(manager, POSTGRES_UP).await,
            other => Err(DbErr::Migration(format!(
                "library search is not built for {other:?}"
            ))),
        }
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        match manager.get_database_backend() {
            DbBackend::Sqlite => run(manager, SQLITE_DOWN).await,
            DbBackend::Postgres => run(manager, POSTGRES_DOWN).await,
            _ => Ok(()),
        }
    }
}

//! SQLite: what search ranks and filters by (an item's type and creation time) copied into
//! `library_search_rows`, so a search never reads the `videos` rows of the items it sorts:
//! their `created_at` sits after the transcript, in overflow pages. PostgreSQL keeps large
//! values out of line already and needs nothing.

use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const SQLITE_UP: &[&str] = &[
    "ALTER TABLE library_search_rows ADD COLUMN item_type TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE library_search_rows ADD COLUMN created_at TEXT NOT NULL DEFAULT ''",
    "UPDATE library_search_rows SET
        item_type = coalesce((SELECT v.video_type FROM videos AS v WHERE v.id = item_id), ''),
        created_at = coalesce((SELECT v.created_at FROM videos AS v WHERE v.id = item_id), '')
    WHERE kind = 'video'",
    "UPDATE library_search_rows SET
        item_type = 'course',
        created_at = coalesce((SELECT c.created_at FROM courses AS c WHERE c.id = item_id), '')
    WHERE kind = 'course'",
    "DROP TRIGGER library_search_videos_insert",
    "CREATE TRIGGER library_search_videos_insert AFTER INSERT ON videos BEGIN
        INSERT INTO library_search_rows (kind, item_id, user_id, item_type, created_at)
        VALUES ('video', new.id, new.user_id, new.video_type, new.created_at);
        INSERT INTO library_fts (rowid, title, topic, description, body) VALUES (
            (SELECT id FROM library_search_rows WHERE kind = 'video' AND item_id = new.id),
            new.title,
            coalesce(new.topic, '') || ' ' || coalesce(new.subject, ''),
            new.description,
            CASE WHEN json_valid(new.transcript) THEN
                coalesce((SELECT group_concat(json_extract(value, '$.text'), ' ')
                          FROM json_each(new.transcript, '$.sentences')), '')
                || ' ' ||
                coalesce((SELECT group_concat(json_extract(value, '$.heading'), ' ')
                          FROM json_each(new.transcript, '$.scenes')), '')
            ELSE coalesce(new.transcript, '') END
        );
    END",
    "CREATE TRIGGER library_search_videos_retype AFTER UPDATE OF video_type, created_at ON videos
    BEGIN
        UPDATE library_search_rows SET item_type = new.video_type, created_at = new.created_at
        WHERE kind = 'video' AND item_id = new.id;
    END",
    "DROP TRIGGER library_search_courses_insert",
    "CREATE TRIGGER library_search_courses_insert AFTER INSERT ON courses BEGIN
        INSERT INTO library_search_rows (kind, item_id, user_id, item_type, created_at)
        VALUES ('course', new.id, new.user_id, 'course', new.created_at);
        INSERT INTO library_fts (rowid, title, topic, description, body) VALUES (
            (SELECT id FROM library_search_rows WHERE kind = 'course' AND item_id = new.id),
            new.title,
            new.goal,
            new.description,
            coalesce(new.background_knowledge, '') || ' ' || coalesce(new.audience, '') || ' '
            || coalesce(new.prerequisites, '') || ' ' ||
            CASE WHEN json_valid(new.data) THEN
                coalesce((SELECT group_concat(value, ' ') FROM json_tree(new.data) WHERE type = 'text'), '')
            ELSE coalesce(new.data, '') END
        );
    END",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    /// One connection for the whole migration: SQLite's other pooled connections may hold
    /// a snapshot of the schema from before a statement here.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Sqlite {
            return Ok(());
        }
        let db = manager.get_connection();
        for statement in SQLITE_UP {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Sqlite {
            return Ok(());
        }
        let db = manager.get_connection();
        db.execute_unprepared("DROP TRIGGER IF EXISTS library_search_videos_retype")
            .await?;
        // The columns and the insert triggers that fill them stay: the first migration's
        // schema works with them.
        Ok(())
    }
}

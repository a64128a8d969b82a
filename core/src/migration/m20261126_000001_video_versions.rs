//! Versions of a video: each edit of a finished video's storyboard renders a new version
//! (its own job and media); the video shows one of them, and can go back to another.

use sea_orm_migration::{prelude::*, schema::*};

use super::statements::{drop_tables, fk, index, unique_index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("video_versions")
                    .col(string("id").primary_key())
                    .col(string("video_id"))
                    .col(string("user_id"))
                    .col(string("job_id"))
                    .col(integer("number"))
                    .col(integer("scenes_changed"))
                    .col(big_integer("credits_used"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(&mut fk("video_versions", "videos", "video_id"))
                    .to_owned(),
            )
            .await?;
        unique_index(
            manager,
            "video_versions",
            "ux_video_versions_number",
            &["video_id", "number"],
        )
        .await?;
        index(
            manager,
            "video_versions",
            "ix_video_versions_job",
            &["job_id"],
        )
        .await?;
        // Every video made so far is its own first version.
        manager
            .get_connection()
            .execute_unprepared(
                "INSERT INTO video_versions \
                   (id, video_id, user_id, job_id, number, scenes_changed, credits_used, created_at) \
                 SELECT 'v1-' || id, id, user_id, job_id, 1, 0, credits_used, created_at \
                 FROM videos WHERE job_id IS NOT NULL",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(manager, &["video_versions"]).await
    }
}

//! How far each user got in each of their videos (issue 17): where they stopped, the
//! furthest point watched, and their answers to its checkpoint questions.

use sea_orm_migration::{prelude::*, schema::*};

use super::statements::{drop_tables, fk, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("video_progress")
                    .col(string("id").primary_key())
                    .col(string("user_id"))
                    .col(string("video_id"))
                    .col(double("position_seconds"))
                    .col(double("furthest_seconds"))
                    .col(boolean("completed"))
                    .col(text("checkpoints"))
                    .col(timestamp_with_time_zone("recorded_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .foreign_key(&mut fk("video_progress", "videos", "video_id"))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "video_progress",
            "ix_video_progress_user",
            &["user_id"],
        )
        .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(manager, &["video_progress"]).await
    }
}

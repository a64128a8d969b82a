//! How far each user got in each of their videos (issue 17): where they stopped, the
//! furthest point watched, and their answers to its checkpoint questions.

use sea_orm_migration::{prelude::*, schema::*};

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
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_video_progress_video_id")
                            .from("video_progress", "video_id")
                            .to("videos", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_video_progress_user")
                    .table("video_progress")
                    .col("user_id")
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table("video_progress").to_owned())
            .await
    }
}

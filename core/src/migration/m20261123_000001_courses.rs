//! Courses: idempotency keys for jobs started by operators' batch files, and the indexes the
//! course pages read by (a course's lesson videos, a lesson's job).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // A key names one request (a line of a batch file) for good: the job it started is
        // found again instead of a second one being created.
        manager
            .create_table(
                Table::create()
                    .table("idempotency_keys")
                    .col(string("key").primary_key())
                    .col(string("user_id"))
                    .col(string("job_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_idempotency_keys_user_id")
                            .from("idempotency_keys", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_videos_course")
                    .table("videos")
                    .col("course_id")
                    .col("lesson_index")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_lessons_job")
                    .table("lessons")
                    .col("job_id")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_courses_job")
                    .table("courses")
                    .col("job_id")
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (table, index) in [
            ("courses", "ix_courses_job"),
            ("lessons", "ix_lessons_job"),
            ("videos", "ix_videos_course"),
        ] {
            manager
                .drop_index(Index::drop().name(index).table(table).to_owned())
                .await?;
        }
        manager
            .drop_table(Table::drop().table("idempotency_keys").to_owned())
            .await
    }
}

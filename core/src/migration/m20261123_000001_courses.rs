//! Courses: idempotency keys for jobs started by operators' batch files, and the indexes the
//! course pages read by (a course's lesson videos, a lesson's job).

use sea_orm_migration::{prelude::*, schema::*};

use super::statements::{drop_tables, fk, index};

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
                    .foreign_key(&mut fk("idempotency_keys", "users", "user_id"))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "videos",
            "ix_videos_course",
            &["course_id", "lesson_index"],
        )
        .await?;
        index(manager, "lessons", "ix_lessons_job", &["job_id"]).await?;
        index(manager, "courses", "ix_courses_job", &["job_id"]).await
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
        drop_tables(manager, &["idempotency_keys"]).await
    }
}

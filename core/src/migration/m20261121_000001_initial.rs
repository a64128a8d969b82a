use sea_orm_migration::{prelude::*, schema::*};

use super::statements::{drop_tables, fk, index, unique_index};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// SPEC.md section 9's packages, in minor currency units.
const PACKAGES: &[(&str, &str, i64, i64, i32)] = &[
    ("starter", "Starter Pack", 10, 499, 1),
    ("pro", "Pro Pack", 25, 999, 2),
    ("unlimited", "Power Pack", 60, 1999, 3),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("users")
                    .col(string("id").primary_key())
                    .col(string("issuer"))
                    .col(string("subject"))
                    .col(string("email"))
                    .col(string("first_name"))
                    .col(string("last_name"))
                    .col(string("display_name"))
                    .col(text_null("photo_url"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("last_login_at"))
                    .col(boolean("pref_notifications"))
                    .col(string("pref_theme"))
                    .col(big_integer("stats_videos_generated"))
                    .col(big_integer("stats_problems_solved"))
                    .col(big_integer("stats_credits_used"))
                    .col(big_integer("credits_available"))
                    .col(big_integer("credits_total_purchased"))
                    .col(big_integer("credits_total_used"))
                    .col(timestamp_with_time_zone_null("credits_last_purchase"))
                    .col(string("subscription_status"))
                    .check(Expr::col("credits_available").gte(0))
                    .to_owned(),
            )
            .await?;
        unique_index(
            manager,
            "users",
            "ux_users_identity",
            &["issuer", "subject"],
        )
        .await?;

        manager
            .create_table(
                Table::create()
                    .table("credit_ledger")
                    .col(pk_auto("id"))
                    .col(string("user_id"))
                    .col(big_integer("delta"))
                    .col(string("kind"))
                    .col(string("reference"))
                    .col(text_null("note"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(&mut fk("credit_ledger", "users", "user_id"))
                    .to_owned(),
            )
            .await?;
        unique_index(
            manager,
            "credit_ledger",
            "ux_ledger_kind_reference",
            &["kind", "reference"],
        )
        .await?;
        index(manager, "credit_ledger", "ix_ledger_user", &["user_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("credit_packages")
                    .col(string("id").primary_key())
                    .col(string("name"))
                    .col(big_integer("credits"))
                    .col(big_integer("price"))
                    .col(string("currency"))
                    .col(boolean("active"))
                    .col(integer("sort_order"))
                    .to_owned(),
            )
            .await?;
        for (id, name, credits, price, order) in PACKAGES {
            let insert = Query::insert()
                .into_table("credit_packages")
                .columns([
                    "id",
                    "name",
                    "credits",
                    "price",
                    "currency",
                    "active",
                    "sort_order",
                ])
                .values_panic([
                    (*id).into(),
                    (*name).into(),
                    (*credits).into(),
                    (*price).into(),
                    "usd".into(),
                    true.into(),
                    (*order).into(),
                ])
                .to_owned();
            manager.exec_stmt(insert).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table("checkout_sessions")
                    .col(string("id").primary_key())
                    .col(string("user_id"))
                    .col(string("package_id"))
                    .col(big_integer("credits"))
                    .col(big_integer("amount"))
                    .col(string("currency"))
                    .col(string("provider"))
                    .col(string("status"))
                    .col(string("payment_status"))
                    .col(text("url"))
                    .col(text("success_url"))
                    .col(text("cancel_url"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone_null("completed_at"))
                    .foreign_key(&mut fk("checkout_sessions", "users", "user_id"))
                    .foreign_key(&mut fk(
                        "checkout_sessions",
                        "credit_packages",
                        "package_id",
                    ))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "checkout_sessions",
            "ix_checkout_user",
            &["user_id"],
        )
        .await?;

        manager
            .create_table(
                Table::create()
                    .table("webhook_events")
                    .col(string("id").primary_key())
                    .col(string("provider"))
                    .col(string("event_type"))
                    .col(string("outcome"))
                    .col(timestamp_with_time_zone("received_at"))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table("jobs")
                    .col(string("id").primary_key())
                    .col(string("user_id"))
                    .col(string("kind"))
                    .col(string("status"))
                    .col(integer("progress"))
                    .col(text("current_step"))
                    .col(text("title"))
                    .col(text_null("smart_title"))
                    .col(text_null("error"))
                    .col(text("params"))
                    .col(text_null("result"))
                    .col(big_integer("credits_reserved"))
                    .col(integer("attempts"))
                    .col(string_null("worker"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .col(timestamp_with_time_zone_null("started_at"))
                    .col(timestamp_with_time_zone_null("completed_at"))
                    .foreign_key(&mut fk("jobs", "users", "user_id"))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "jobs",
            "ix_jobs_user_created",
            &["user_id", "created_at"],
        )
        .await?;
        index(manager, "jobs", "ix_jobs_status", &["status"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("courses")
                    .col(string("id").primary_key())
                    .col(string("user_id"))
                    .col(string_null("job_id"))
                    .col(text("title"))
                    .col(text("description"))
                    .col(text("goal"))
                    .col(text("background_knowledge"))
                    .col(integer("detail_level"))
                    .col(text("audience"))
                    .col(text("prerequisites"))
                    .col(text("data"))
                    .col(string("status"))
                    .col(boolean("has_thumbnail"))
                    .col(text_null("thumbnail_storage_path"))
                    .col(boolean("is_public"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .foreign_key(&mut fk("courses", "users", "user_id"))
                    .to_owned(),
            )
            .await?;
        index(
            manager,
            "courses",
            "ix_courses_user",
            &["user_id", "created_at"],
        )
        .await?;
        index(
            manager,
            "courses",
            "ix_courses_public",
            &["is_public", "created_at"],
        )
        .await?;

        manager
            .create_table(
                Table::create()
                    .table("videos")
                    .col(string("id").primary_key())
                    .col(string("user_id"))
                    .col(string_null("job_id"))
                    .col(string("video_type"))
                    .col(text("title"))
                    .col(text("original_title"))
                    .col(text("topic"))
                    .col(text("prompt"))
                    .col(text("description"))
                    .col(integer("level"))
                    .col(string("difficulty"))
                    .col(string("duration"))
                    .col(integer("duration_minutes"))
                    .col(string("subject"))
                    .col(string_null("problem_type"))
                    .col(string_null("subtitle_style"))
                    .col(integer("wpm"))
                    .col(boolean("dry_run"))
                    .col(text("tags"))
                    .col(text("generated_content"))
                    .col(text("content_metadata"))
                    .col(string("status"))
                    .col(big_integer("credits_used"))
                    .col(text_null("media_prefix"))
                    .col(boolean("has_thumbnail"))
                    .col(text_null("thumbnail_storage_path"))
                    .col(text_null("transcript"))
                    .col(boolean("is_public"))
                    .col(string_null("course_id"))
                    .col(integer_null("lesson_index"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .foreign_key(&mut fk("videos", "users", "user_id"))
                    .to_owned(),
            )
            .await?;
        unique_index(manager, "videos", "ux_videos_job", &["job_id"]).await?;
        index(
            manager,
            "videos",
            "ix_videos_user",
            &["user_id", "created_at"],
        )
        .await?;
        index(
            manager,
            "videos",
            "ix_videos_public",
            &["is_public", "created_at"],
        )
        .await?;

        manager
            .create_table(
                Table::create()
                    .table("lessons")
                    .col(string("id").primary_key())
                    .col(string("course_id"))
                    .col(integer("lesson_index"))
                    .col(text("title"))
                    .col(text("objectives"))
                    .col(text("summary"))
                    .col(text("key_terms"))
                    .col(string_null("video_id"))
                    .col(string_null("job_id"))
                    .col(string("status"))
                    .foreign_key(&mut fk("lessons", "courses", "course_id"))
                    .to_owned(),
            )
            .await?;
        unique_index(
            manager,
            "lessons",
            "ux_lessons_course_index",
            &["course_id", "lesson_index"],
        )
        .await?;

        manager
            .create_table(
                Table::create()
                    .table("sessions")
                    .col(string("id").primary_key())
                    .col(string("user_id"))
                    .col(string("token_hash"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("expires_at"))
                    .col(timestamp_with_time_zone("last_used_at"))
                    .col(text_null("user_agent"))
                    .foreign_key(&mut fk("sessions", "users", "user_id"))
                    .to_owned(),
            )
            .await?;
        unique_index(manager, "sessions", "ux_sessions_token", &["token_hash"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("auth_requests")
                    .col(string("state").primary_key())
                    .col(string("nonce"))
                    .col(string("pkce_verifier"))
                    .col(string("mode"))
                    .col(text("return_to"))
                    .col(timestamp_with_time_zone("created_at"))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            manager,
            &[
                "auth_requests",
                "sessions",
                "lessons",
                "videos",
                "courses",
                "jobs",
                "webhook_events",
                "checkout_sessions",
                "credit_packages",
                "credit_ledger",
                "users",
            ],
        )
        .await
    }
}

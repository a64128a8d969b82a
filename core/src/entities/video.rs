use sea_orm::entity::prelude::*;

/// A finished video in a user's library (educational, problem_solving or course_lesson).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "videos")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: String,
    pub job_id: Option<String>,
    pub video_type: String,
    pub title: String,
    pub original_title: String,
    pub topic: String,
    pub prompt: String,
    pub description: String,
    pub level: i32,
    pub difficulty: String,
    pub duration: String,
    pub duration_minutes: i32,
    pub subject: String,
    pub problem_type: Option<String>,
    pub subtitle_style: Option<String>,
    pub wpm: i32,
    pub dry_run: bool,
    pub tags: String,
    pub generated_content: String,
    pub content_metadata: String,
    pub status: String,
    pub credits_used: i64,
    pub media_prefix: Option<String>,
    pub has_thumbnail: bool,
    pub thumbnail_storage_path: Option<String>,
    pub transcript: Option<String>,
    pub is_public: bool,
    pub course_id: Option<String>,
    pub lesson_index: Option<i32>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

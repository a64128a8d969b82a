use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

/// A generation job: the source of truth for status and progress (not the queue).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "jobs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: String,
    pub kind: JobKind,
    pub status: JobStatus,
    pub progress: i32,
    pub current_step: String,
    pub title: String,
    pub smart_title: Option<String>,
    pub error: Option<String>,
    pub params: String,
    pub result: Option<String>,
    pub credits_reserved: i64,
    pub attempts: i32,
    pub worker: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub started_at: Option<DateTimeUtc>,
    pub completed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// What a job makes; stored as its name (`video`, `problem`, `course`, `course_video`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize, Deserialize,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "snake_case")]
pub enum JobKind {
    #[sea_orm(string_value = "video")]
    Video,
    #[sea_orm(string_value = "problem")]
    Problem,
    #[sea_orm(string_value = "course")]
    Course,
    #[sea_orm(string_value = "course_video")]
    CourseVideo,
    /// An edit of a finished video: its storyboard changed, rendered as a new version.
    #[sea_orm(string_value = "revision")]
    Revision,
}

impl JobKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Video => "video",
            Self::Problem => "problem",
            Self::Course => "course",
            Self::CourseVideo => "course_video",
            Self::Revision => "revision",
        }
    }
}

impl std::fmt::Display for JobKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for JobKind {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Where a job stands; stored as its name. Only `core::jobs` moves a job between them.
/// (`JobState` in the API's document, where `JobStatus` is the status report.)
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize, Deserialize,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = JobState))]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
#[serde(rename_all = "snake_case")]
pub enum JobStatus {
    #[sea_orm(string_value = "queued")]
    Queued,
    #[sea_orm(string_value = "processing")]
    Processing,
    #[sea_orm(string_value = "completed")]
    Completed,
    #[sea_orm(string_value = "failed")]
    Failed,
    #[sea_orm(string_value = "cancelled")]
    Cancelled,
}

impl JobStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Processing => "processing",
            Self::Completed => "completed",
            Self::Failed => "failed",
            Self::Cancelled => "cancelled",
        }
    }

    /// Queued or processing: not yet in a final state.
    pub fn is_active(self) -> bool {
        matches!(self, Self::Queued | Self::Processing)
    }
}

impl std::fmt::Display for JobStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for JobStatus {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

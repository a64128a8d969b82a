use sea_orm::entity::prelude::*;

/// A generation job: the source of truth for status and progress (not the queue).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "jobs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: String,
    pub kind: String,
    pub status: String,
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

//! One user's progress in one of their videos (`library::progress`); its id is
//! `{user_id}:{video_id}`.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "video_progress")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: String,
    pub video_id: String,
    pub position_seconds: f64,
    pub furthest_seconds: f64,
    pub completed: bool,
    /// JSON: `[{"question": 0, "correct": true}, …]` (`correct` null: skipped).
    pub checkpoints: String,
    /// When the client recorded it: a report older than this one is not taken.
    pub recorded_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! One version of a video: the job whose media it shows, numbered from 1 (the video as first
//! rendered), with how many scenes its edit changed and what it cost.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "video_versions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub video_id: String,
    pub user_id: String,
    pub job_id: String,
    pub number: i32,
    pub scenes_changed: i32,
    pub credits_used: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

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

impl ActiveModel {
    /// Version `number` of `video`, showing the media of `job_id`: 1 is the video as its job
    /// first made it; a later one is an edit that changed `scenes_changed` scenes.
    pub fn numbered(
        video: &super::video::Model,
        job_id: &str,
        number: i32,
        scenes_changed: u32,
        credits_used: i64,
    ) -> Self {
        use sea_orm::Set;
        Self {
            id: Set(uuid::Uuid::new_v4().to_string()),
            video_id: Set(video.id.clone()),
            user_id: Set(video.user_id.clone()),
            job_id: Set(job_id.to_string()),
            number: Set(number),
            scenes_changed: Set(scenes_changed as i32),
            credits_used: Set(credits_used),
            created_at: Set(chrono::Utc::now()),
        }
    }
}

/// Records the first version of a video that was just recorded (none for a video no job made).
pub async fn insert_first<C: sea_orm::ConnectionTrait>(
    conn: &C,
    video: &super::video::Model,
) -> Result<(), DbErr> {
    if let Some(job_id) = video.job_id.as_deref() {
        ActiveModel::numbered(video, job_id, 1, 0, video.credits_used)
            .insert(conn)
            .await?;
    }
    Ok(())
}

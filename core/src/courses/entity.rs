//! The tables of courses: `courses` and `lessons` (of the initial migration) with every
//! column, and `idempotency_keys`.

pub mod course {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "courses")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub user_id: String,
        pub job_id: Option<String>,
        pub title: String,
        pub description: String,
        pub goal: String,
        pub background_knowledge: String,
        pub detail_level: i32,
        pub audience: String,
        /// A JSON list of strings.
        pub prerequisites: String,
        /// A JSON document: `offline_draft`, `script_engine` and the outline's lessons.
        pub data: String,
        pub status: String,
        pub has_thumbnail: bool,
        pub thumbnail_storage_path: Option<String>,
        pub is_public: bool,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod lesson {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "lessons")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: String,
        pub course_id: String,
        /// Counted from zero.
        pub lesson_index: i32,
        pub title: String,
        /// A JSON list of strings.
        pub objectives: String,
        pub summary: String,
        /// A JSON list of strings.
        pub key_terms: String,
        /// The lesson's video once one completed.
        pub video_id: Option<String>,
        /// The latest job started for the lesson's video.
        pub job_id: Option<String>,
        /// The last transition written with the lesson (`none`, `queued`, `completed`); the
        /// status shown is read from the job and the video (see `courses::LessonStatus`).
        pub status: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}

    impl Model {
        pub fn objectives(&self) -> Vec<String> {
            serde_json::from_str(&self.objectives).unwrap_or_default()
        }

        pub fn key_terms(&self) -> Vec<String> {
            serde_json::from_str(&self.key_terms).unwrap_or_default()
        }
    }
}

pub mod idempotency_key {
    use sea_orm::entity::prelude::*;

    /// One request that must start at most one job, whatever the number of times it is sent.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "idempotency_keys")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub key: String,
        pub user_id: String,
        pub job_id: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

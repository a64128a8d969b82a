//! A document a learner brought (issue 50): its title, kind, size and how many passages it
//! was read into (`source_passage`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sources")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: String,
    pub title: String,
    /// `pdf`, `markdown`, `text`, `html`, `docx` or `epub`.
    pub kind: String,
    /// The uploaded file's name; none for pasted text.
    pub file_name: Option<String>,
    /// A PDF's pages.
    pub pages: Option<i32>,
    pub characters: i64,
    /// Bytes of text stored: what the storage quota counts.
    pub bytes: i64,
    pub passages: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

//! About 100-300 words of a source, with the page or heading it comes from; `ordinal` is its
//! place in the source from 0 (what a citation names). Indexed for retrieval by the
//! sources migration (FTS5, or a `search_vector` column this entity does not read).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "source_passages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub source_id: String,
    pub user_id: String,
    pub ordinal: i32,
    pub page: Option<i32>,
    pub heading: Option<String>,
    pub text: String,
    pub words: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

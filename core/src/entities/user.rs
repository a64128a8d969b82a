use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub issuer: String,
    pub subject: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub display_name: String,
    pub photo_url: Option<String>,
    pub created_at: DateTimeUtc,
    pub last_login_at: DateTimeUtc,
    pub pref_notifications: bool,
    pub pref_theme: String,
    pub stats_videos_generated: i64,
    pub stats_problems_solved: i64,
    pub stats_credits_used: i64,
    pub credits_available: i64,
    pub credits_total_purchased: i64,
    pub credits_total_used: i64,
    pub credits_last_purchase: Option<DateTimeUtc>,
    pub subscription_status: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

use sea_orm::entity::prelude::*;

/// One checkout started by a user: the package, its price and credits as they were when the
/// session was created, and how far the payment provider says it got.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "checkout_sessions")]
pub struct Model {
    /// The provider's session id (`cs_...`); also the ledger reference of its purchase.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: String,
    pub package_id: String,
    pub credits: i64,
    /// Minor currency units.
    pub amount: i64,
    pub currency: String,
    /// `stripe` or `development`.
    pub provider: String,
    /// `open`, `complete`, `expired` or `failed`.
    pub status: String,
    /// `unpaid`, `paid` or `no_payment_required`, as the provider reports it.
    pub payment_status: String,
    pub url: String,
    pub success_url: String,
    pub cancel_url: String,
    pub created_at: DateTimeUtc,
    pub completed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

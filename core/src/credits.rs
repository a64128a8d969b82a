//! The credit ledger: every change to a balance is an append-only entry, unique by
//! (kind, reference), written in the same transaction as the cached balance on `users`.
//! The cached balance therefore always equals the sum of the ledger.

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    QueryFilter, QuerySelect, Set, SqlErr,
    sea_query::{Expr, ExprTrait},
};
use serde::Serialize;

use crate::entities::{credit_ledger, user};

/// Credits granted to every new account (SPEC.md section 9).
pub const SIGNUP_BONUS: i64 = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    SignupBonus,
    Purchase,
    Reserve,
    Refund,
    Adjustment,
}

impl EntryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::SignupBonus => "signup_bonus",
            Self::Purchase => "purchase",
            Self::Reserve => "reserve",
            Self::Refund => "refund",
            Self::Adjustment => "adjustment",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    #[error("not enough credits: {required} needed, {available} available")]
    Insufficient { required: i64, available: i64 },
    #[error("user not found")]
    UnknownUser,
    #[error("nothing to refund for {0}")]
    NothingToRefund(String),
    #[error("amount must be positive")]
    NonPositive,
    #[error(transparent)]
    Db(#[from] DbErr),
}

impl crate::db::Reachability for LedgerError {
    fn is_unreachable(&self) -> bool {
        matches!(self, LedgerError::Db(e) if crate::db::Reachability::is_unreachable(e))
    }
}

/// What an idempotent ledger operation did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applied {
    /// The entry was written now.
    Now,
    /// An entry with this (kind, reference) already existed; nothing changed.
    Already,
}

/// SPEC.md's credit balance as the API returns it.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = Credits))]
pub struct Balance {
    pub available: i64,
    pub total_purchased: i64,
    pub total_used: i64,
    #[cfg_attr(feature = "openapi", schema(required))]
    pub last_purchase: Option<chrono::DateTime<Utc>>,
    pub subscription_status: String,
}

impl From<&user::Model> for Balance {
    fn from(u: &user::Model) -> Self {
        Self {
            available: u.credits_available,
            total_purchased: u.credits_total_purchased,
            total_used: u.credits_total_used,
            last_purchase: u.credits_last_purchase,
            subscription_status: u.subscription_status.clone(),
        }
    }
}

pub async fn balance(db: &DatabaseConnection, user_id: &str) -> Result<Balance, LedgerError> {
    let u = user::Entity::find_by_id(user_id.to_string())
        .one(db)
        .await?
        .ok_or(LedgerError::UnknownUser)?;
    Ok(Balance::from(&u))
}

/// Takes `cost` credits for `reference` (a job id) if the balance allows it.
pub async fn reserve(
    db: &DatabaseConnection,
    user_id: &str,
    cost: i64,
    reference: &str,
) -> Result<Applied, LedgerError> {
    let txn = crate::db::begin_write(db).await?;
    let applied = reserve_in(&txn, user_id, cost, reference).await?;
    txn.commit().await?;
    Ok(applied)
}

/// `reserve` inside a caller's transaction, so a job and its charge commit together.
/// On `Insufficient` the caller must roll back.
pub async fn reserve_in<C: ConnectionTrait>(
    conn: &C,
    user_id: &str,
    cost: i64,
    reference: &str,
) -> Result<Applied, LedgerError> {
    if cost < 0 {
        return Err(LedgerError::NonPositive);
    }
    if entry_exists(conn, EntryKind::Reserve, reference).await? {
        return Ok(Applied::Already);
    }
    // The entry goes in first: its unique (kind, reference) index stops a duplicate before
    // any balance changes. The conditional update is then the guard: concurrent reservations
    // serialise on the row lock and each re-checks `available >= cost`, so the balance never
    // goes negative. On `Insufficient` the caller's transaction is rolled back, entry and all.
    if insert_entry(conn, user_id, -cost, EntryKind::Reserve, reference, None).await?
        == Applied::Already
    {
        return Ok(Applied::Already);
    }
    let updated = user::Entity::update_many()
        .col_expr(
            user::Column::CreditsAvailable,
            Expr::col(user::Column::CreditsAvailable).sub(cost),
        )
        .col_expr(
            user::Column::CreditsTotalUsed,
            Expr::col(user::Column::CreditsTotalUsed).add(cost),
        )
        .filter(user::Column::Id.eq(user_id))
        .filter(user::Column::CreditsAvailable.gte(cost))
        .exec(conn)
        .await?;
    if updated.rows_affected == 0 {
        let available = user::Entity::find_by_id(user_id.to_string())
            .select_only()
            .column(user::Column::CreditsAvailable)
            .into_tuple::<i64>()
            .one(conn)
            .await?
            .ok_or(LedgerError::UnknownUser)?;
        return Err(LedgerError::Insufficient {
            required: cost,
            available,
        });
    }
    Ok(Applied::Now)
}

/// Returns the credits reserved for `reference`, exactly once.
pub async fn refund(db: &DatabaseConnection, reference: &str) -> Result<Applied, LedgerError> {
    let txn = crate::db::begin_write(db).await?;
    let applied = refund_in(&txn, reference).await?;
    txn.commit().await?;
    Ok(applied)
}

pub async fn refund_in<C: ConnectionTrait>(
    conn: &C,
    reference: &str,
) -> Result<Applied, LedgerError> {
    let Some(reservation) = find_entry(conn, EntryKind::Reserve, reference).await? else {
        return Err(LedgerError::NothingToRefund(reference.to_string()));
    };
    if entry_exists(conn, EntryKind::Refund, reference).await? {
        return Ok(Applied::Already);
    }
    let amount = -reservation.delta;
    // Insert first: the unique (kind, reference) index makes a concurrent second refund fail
    // here, before any balance changes.
    if insert_entry(
        conn,
        &reservation.user_id,
        amount,
        EntryKind::Refund,
        reference,
        None,
    )
    .await?
        == Applied::Already
    {
        return Ok(Applied::Already);
    }
    user::Entity::update_many()
        .col_expr(
            user::Column::CreditsAvailable,
            Expr::col(user::Column::CreditsAvailable).add(amount),
        )
        .col_expr(
            user::Column::CreditsTotalUsed,
            Expr::col(user::Column::CreditsTotalUsed).sub(amount),
        )
        .filter(user::Column::Id.eq(reservation.user_id.as_str()))
        .exec(conn)
        .await?;
    Ok(Applied::Now)
}

/// Adds credits (sign-up bonus, purchase, adjustment), once per (kind, reference).
pub async fn grant_in<C: ConnectionTrait>(
    conn: &C,
    user_id: &str,
    amount: i64,
    kind: EntryKind,
    reference: &str,
    note: Option<String>,
) -> Result<Applied, LedgerError> {
    if amount <= 0 {
        return Err(LedgerError::NonPositive);
    }
    if entry_exists(conn, kind, reference).await? {
        return Ok(Applied::Already);
    }
    if insert_entry(conn, user_id, amount, kind, reference, note).await? == Applied::Already {
        return Ok(Applied::Already);
    }
    let mut update = user::Entity::update_many()
        .col_expr(
            user::Column::CreditsAvailable,
            Expr::col(user::Column::CreditsAvailable).add(amount),
        )
        .filter(user::Column::Id.eq(user_id));
    if kind == EntryKind::Purchase {
        update = update
            .col_expr(
                user::Column::CreditsTotalPurchased,
                Expr::col(user::Column::CreditsTotalPurchased).add(amount),
            )
            .col_expr(user::Column::CreditsLastPurchase, Expr::value(Utc::now()));
    }
    if update.exec(conn).await?.rows_affected == 0 {
        return Err(LedgerError::UnknownUser);
    }
    Ok(Applied::Now)
}

pub async fn grant(
    db: &DatabaseConnection,
    user_id: &str,
    amount: i64,
    kind: EntryKind,
    reference: &str,
) -> Result<Applied, LedgerError> {
    let txn = crate::db::begin_write(db).await?;
    let applied = grant_in(&txn, user_id, amount, kind, reference, None).await?;
    txn.commit().await?;
    Ok(applied)
}

/// Sum of a user's ledger entries; equals `credits_available` at all times.
pub async fn ledger_sum<C: ConnectionTrait>(conn: &C, user_id: &str) -> Result<i64, DbErr> {
    let entries = credit_ledger::Entity::find()
        .filter(credit_ledger::Column::UserId.eq(user_id))
        .all(conn)
        .await?;
    Ok(entries.iter().map(|e| e.delta).sum())
}

async fn find_entry<C: ConnectionTrait>(
    conn: &C,
    kind: EntryKind,
    reference: &str,
) -> Result<Option<credit_ledger::Model>, DbErr> {
    credit_ledger::Entity::find()
        .filter(credit_ledger::Column::Kind.eq(kind.as_str()))
        .filter(credit_ledger::Column::Reference.eq(reference))
        .one(conn)
        .await
}

async fn entry_exists<C: ConnectionTrait>(
    conn: &C,
    kind: EntryKind,
    reference: &str,
) -> Result<bool, DbErr> {
    Ok(find_entry(conn, kind, reference).await?.is_some())
}

async fn insert_entry<C: ConnectionTrait>(
    conn: &C,
    user_id: &str,
    delta: i64,
    kind: EntryKind,
    reference: &str,
    note: Option<String>,
) -> Result<Applied, LedgerError> {
    let entry = credit_ledger::ActiveModel {
        user_id: Set(user_id.to_string()),
        delta: Set(delta),
        kind: Set(kind.as_str().to_string()),
        reference: Set(reference.to_string()),
        note: Set(note),
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    match entry.insert(conn).await {
        Ok(_) => Ok(Applied::Now),
        Err(err) if matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            Ok(Applied::Already)
        }
        Err(err) => Err(err.into()),
    }
}

//! Checkout sessions and their fulfilment, independent of the payment provider's wire format.
//!
//! A purchase is credited only from a provider event, once per checkout session: the ledger
//! entry's unique (purchase, session id) is the guard, and the session row is locked first so
//! that concurrent deliveries of the same event wait for each other instead of failing.

use chrono::Utc;
use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect,
    sea_query::{Expr, OnConflict},
};

use crate::credits::{self, Applied, EntryKind, LedgerError};
use crate::entities::{checkout_session, credit_ledger, credit_package, user, webhook_event};

/// A session the provider has just created for a user and a package.
pub struct NewSession<'a> {
    pub id: &'a str,
    pub user_id: &'a str,
    pub package: &'a credit_package::Model,
    pub provider: &'a str,
    pub url: &'a str,
    pub success_url: &'a str,
    pub cancel_url: &'a str,
}

/// Records a new session. A row the webhook already wrote for the same id is kept.
pub async fn record<C: ConnectionTrait>(conn: &C, new: NewSession<'_>) -> Result<(), DbErr> {
    let row = checkout_session::ActiveModel {
        id: Set(new.id.to_string()),
        user_id: Set(new.user_id.to_string()),
        package_id: Set(new.package.id.clone()),
        credits: Set(new.package.credits),
        amount: Set(new.package.price),
        currency: Set(new.package.currency.clone()),
        provider: Set(new.provider.to_string()),
        status: Set("open".into()),
        payment_status: Set("unpaid".into()),
        url: Set(new.url.to_string()),
        success_url: Set(new.success_url.to_string()),
        cancel_url: Set(new.cancel_url.to_string()),
        created_at: Set(Utc::now()),
        completed_at: Set(None),
    };
    checkout_session::Entity::insert(row)
        .on_conflict(
            OnConflict::column(checkout_session::Column::Id)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(conn)
        .await?;
    Ok(())
}

/// What a provider event says happened to a checkout session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionChange {
    /// `checkout.session.completed`; `paid` is false while a delayed payment method is pending.
    Completed {
        paid: bool,
    },
    AsyncPaymentSucceeded,
    AsyncPaymentFailed,
    Expired,
}

/// One provider event, reduced to what fulfilment needs.
pub struct ProviderEvent<'a> {
    pub provider: &'a str,
    pub event_id: &'a str,
    pub event_type: &'a str,
    /// `None` for event types we do not act on.
    pub change: Option<(SessionChange, SessionRef<'a>)>,
}

/// The session an event is about, with the user and package we put in its metadata.
pub struct SessionRef<'a> {
    pub id: &'a str,
    pub user_id: Option<&'a str>,
    pub package_id: Option<&'a str>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The package's credits went into the ledger with this event.
    Granted {
        credits: i64,
    },
    AlreadyGranted,
    NotPaid,
    Failed,
    Expired,
    /// An event type we do not act on.
    Ignored,
    /// A session that is not ours (no row, and no metadata naming one of our users).
    UnknownSession,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Granted { .. } => "granted",
            Self::AlreadyGranted => "already_granted",
            Self::NotPaid => "not_paid",
            Self::Failed => "payment_failed",
            Self::Expired => "expired",
            Self::Ignored => "ignored",
            Self::UnknownSession => "unknown_session",
        }
    }
}

/// Applies one provider event in a single transaction: the grant, the session's new state and
/// the event record commit together or not at all, so a failure can be retried by the provider.
pub async fn apply_event(
    db: &DatabaseConnection,
    event: &ProviderEvent<'_>,
) -> Result<Outcome, LedgerError> {
    let txn = crate::db::begin_write(db).await?;
    let outcome = match &event.change {
        None => Outcome::Ignored,
        Some((change, session)) => match lock_session(&txn, event.provider, session).await? {
            None => Outcome::UnknownSession,
            Some(row) => apply_change(&txn, &row, *change).await?,
        },
    };
    webhook_event::Entity::insert(webhook_event::ActiveModel {
        id: Set(event.event_id.to_string()),
        provider: Set(event.provider.to_string()),
        event_type: Set(event.event_type.to_string()),
        outcome: Set(outcome.as_str().to_string()),
        received_at: Set(Utc::now()),
    })
    .on_conflict(
        OnConflict::column(webhook_event::Column::Id)
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(&txn)
    .await?;
    txn.commit().await?;
    Ok(outcome)
}

/// The session row, locked for this transaction (PostgreSQL `FOR UPDATE`; SQLite already holds
/// the write lock). A paid session whose row is missing (the event overtook the request that
/// created it) is rebuilt from its metadata when that names one of our users and packages.
async fn lock_session<C: ConnectionTrait>(
    conn: &C,
    provider: &str,
    session: &SessionRef<'_>,
) -> Result<Option<checkout_session::Model>, DbErr> {
    let find = || {
        checkout_session::Entity::find_by_id(session.id.to_string())
            .lock_exclusive()
            .one(conn)
    };
    if let Some(row) = find().await? {
        return Ok(Some(row));
    }
    let (Some(user_id), Some(package_id)) = (session.user_id, session.package_id) else {
        return Ok(None);
    };
    let package = credit_package::Entity::find_by_id(package_id.to_string())
        .one(conn)
        .await?;
    let user = user::Entity::find_by_id(user_id.to_string())
        .one(conn)
        .await?;
    let (Some(package), Some(_)) = (package, user) else {
        return Ok(None);
    };
    record(
        conn,
        NewSession {
            id: session.id,
            user_id,
            package: &package,
            provider,
            url: "",
            success_url: "",
            cancel_url: "",
        },
    )
    .await?;
    find().await
}

async fn apply_change<C: ConnectionTrait>(
    conn: &C,
    row: &checkout_session::Model,
    change: SessionChange,
) -> Result<Outcome, LedgerError> {
    let now = Utc::now();
    let update = checkout_session::Entity::update_many()
        .filter(checkout_session::Column::Id.eq(row.id.as_str()));
    let outcome = match change {
        SessionChange::Completed { paid: true } | SessionChange::AsyncPaymentSucceeded => {
            let note = Some(format!(
                "{} credits, package {}",
                row.credits, row.package_id
            ));
            let applied = credits::grant_in(
                conn,
                &row.user_id,
                row.credits,
                EntryKind::Purchase,
                &row.id,
                note,
            )
            .await?;
            update
                .col_expr(checkout_session::Column::Status, Expr::value("complete"))
                .col_expr(checkout_session::Column::PaymentStatus, Expr::value("paid"))
                .col_expr(
                    checkout_session::Column::CompletedAt,
                    Expr::value(row.completed_at.unwrap_or(now)),
                )
                .exec(conn)
                .await?;
            match applied {
                Applied::Now => Outcome::Granted {
                    credits: row.credits,
                },
                Applied::Already => Outcome::AlreadyGranted,
            }
        }
        SessionChange::Completed { paid: false } => {
            // A delayed payment method: the money arrives (or not) in a later event.
            if row.status == "open" {
                update
                    .col_expr(checkout_session::Column::Status, Expr::value("complete"))
                    .col_expr(checkout_session::Column::CompletedAt, Expr::value(now))
                    .exec(conn)
                    .await?;
            }
            Outcome::NotPaid
        }
        SessionChange::AsyncPaymentFailed => {
            if row.payment_status != "paid" {
                update
                    .col_expr(checkout_session::Column::Status, Expr::value("failed"))
                    .exec(conn)
                    .await?;
            }
            Outcome::Failed
        }
        SessionChange::Expired => {
            if row.status == "open" {
                update
                    .col_expr(checkout_session::Column::Status, Expr::value("expired"))
                    .exec(conn)
                    .await?;
            }
            Outcome::Expired
        }
    };
    Ok(outcome)
}

/// A user's own session, its package, and whether its credits are in the ledger.
pub struct SessionView {
    pub session: checkout_session::Model,
    pub package: Option<credit_package::Model>,
    pub credits_applied: bool,
}

pub async fn find_for_user(
    db: &DatabaseConnection,
    session_id: &str,
    user_id: &str,
) -> Result<Option<SessionView>, DbErr> {
    let Some(session) = checkout_session::Entity::find_by_id(session_id.to_string())
        .filter(checkout_session::Column::UserId.eq(user_id))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let package = credit_package::Entity::find_by_id(session.package_id.clone())
        .one(db)
        .await?;
    let credits_applied = credit_ledger::Entity::find()
        .filter(credit_ledger::Column::Kind.eq(EntryKind::Purchase.as_str()))
        .filter(credit_ledger::Column::Reference.eq(session.id.as_str()))
        .one(db)
        .await?
        .is_some();
    Ok(Some(SessionView {
        session,
        package,
        credits_applied,
    }))
}

/// Any session by id (the development checkout page, which is not tied to a signed-in caller).
pub async fn find(
    db: &DatabaseConnection,
    session_id: &str,
) -> Result<Option<checkout_session::Model>, DbErr> {
    checkout_session::Entity::find_by_id(session_id.to_string())
        .one(db)
        .await
}

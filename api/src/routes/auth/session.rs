//! Refresh-token sessions: stored hashed, rotated on every use, revocable. A session is a
//! token family: each refresh trades its token for a new one and keeps the old one's hash as
//! retired. A retired token that comes back is a replay (a stolen copy, most likely) and
//! revokes the whole family, as the OAuth 2.0 Security BCP asks of refresh token rotation,
//! except within [`REUSE_GRACE`] of its rotation: two tabs that refresh with the same
//! cookie at once both stay signed in.

use chrono::{Duration, Utc};
use lectern_core::{
    db::begin_write,
    entities::{retired_refresh_token as retired, session},
    tokens::{REFRESH_TOKEN_TTL, hash_token, random_token},
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, Set, TransactionTrait,
};

/// How long after its rotation a refresh token still opens its session (without a new
/// token): long enough for tabs refreshing together, short enough to leave a stolen copy
/// little use.
pub const REUSE_GRACE: Duration = Duration::seconds(30);

/// What a refresh token is worth.
#[derive(Debug, PartialEq, Eq)]
pub enum Refresh {
    /// The session's current token: here is its successor (the presented one is retired).
    Rotated { user_id: String, token: String },
    /// Rotated moments ago by another request of the same browser, whose cookie already
    /// holds the successor: still signed in, no new token.
    Concurrent { user_id: String },
    /// Retired longer ago than the grace: a replay. The whole session was revoked.
    Replayed,
    /// Unknown or expired.
    Invalid,
}

/// Starts a session and returns its refresh token (the only time it exists in clear).
pub async fn create(
    db: &DatabaseConnection,
    user_id: &str,
    user_agent: Option<String>,
) -> Result<String, DbErr> {
    let token = random_token();
    let now = Utc::now();
    session::ActiveModel {
        id: Set(uuid::Uuid::new_v4().to_string()),
        user_id: Set(user_id.to_string()),
        token_hash: Set(hash_token(&token)),
        created_at: Set(now),
        expires_at: Set(now + REFRESH_TOKEN_TTL),
        last_used_at: Set(now),
        user_agent: Set(user_agent),
    }
    .insert(db)
    .await?;
    Ok(token)
}

/// Trades a refresh token for a new one (see [`Refresh`]).
pub async fn rotate(db: &DatabaseConnection, token: &str) -> Result<Refresh, DbErr> {
    let old_hash = hash_token(token);
    if let Some(existing) = session::Entity::find()
        .filter(session::Column::TokenHash.eq(old_hash.as_str()))
        .one(db)
        .await?
    {
        if existing.expires_at < Utc::now() {
            revoke_session(db, &existing.id).await?;
            return Ok(Refresh::Invalid);
        }
        let new_token = random_token();
        let now = Utc::now();
        // The new hash and the old one's retirement are written together, so that a
        // request that loses the race below finds the old token retired.
        let txn = begin_write(db).await?;
        // Conditional on the old hash: of two concurrent refreshes with one token, one wins.
        let updated = session::Entity::update_many()
            .col_expr(session::Column::TokenHash, hash_token(&new_token).into())
            .col_expr(session::Column::LastUsedAt, now.into())
            .col_expr(session::Column::ExpiresAt, (now + REFRESH_TOKEN_TTL).into())
            .filter(session::Column::Id.eq(existing.id.as_str()))
            .filter(session::Column::TokenHash.eq(old_hash.as_str()))
            .exec(&txn)
            .await?;
        if updated.rows_affected == 1 {
            retired::ActiveModel {
                token_hash: Set(old_hash.clone()),
                session_id: Set(existing.id.clone()),
                retired_at: Set(now),
            }
            .insert(&txn)
            .await?;
            txn.commit().await?;
            return Ok(Refresh::Rotated {
                user_id: existing.user_id,
                token: new_token,
            });
        }
        txn.rollback().await?;
    }
    retired_use(db, &old_hash).await
}

/// A token that is not (or no longer) a session's current one: a concurrent refresh
/// within the grace, a replay after it, or nothing.
async fn retired_use(db: &DatabaseConnection, hash: &str) -> Result<Refresh, DbErr> {
    let Some(retired) = retired::Entity::find_by_id(hash.to_string())
        .one(db)
        .await?
    else {
        return Ok(Refresh::Invalid);
    };
    let Some(family) = session::Entity::find_by_id(retired.session_id.clone())
        .one(db)
        .await?
    else {
        return Ok(Refresh::Invalid);
    };
    // Only the token retired last (its successor not yet used) has a grace: an older one
    // coming back is a replay however recent.
    let retired_since = retired::Entity::find()
        .filter(retired::Column::SessionId.eq(family.id.as_str()))
        .filter(retired::Column::RetiredAt.gt(retired.retired_at))
        .count(db)
        .await?;
    if retired_since == 0
        && Utc::now() - retired.retired_at <= REUSE_GRACE
        && family.expires_at > Utc::now()
    {
        return Ok(Refresh::Concurrent {
            user_id: family.user_id,
        });
    }
    tracing::warn!(
        session = %family.id,
        user = %family.user_id,
        "a rotated refresh token was used again: the session is revoked"
    );
    revoke_session(db, &family.id).await?;
    Ok(Refresh::Replayed)
}

/// Ends the session that `token` belongs to, current or recently retired.
pub async fn revoke(db: &DatabaseConnection, token: &str) -> Result<(), DbErr> {
    let hash = hash_token(token);
    let current = session::Entity::find()
        .filter(session::Column::TokenHash.eq(hash.as_str()))
        .one(db)
        .await?
        .map(|s| s.id);
    let id = match current {
        Some(id) => Some(id),
        None => retired::Entity::find_by_id(hash)
            .one(db)
            .await?
            .map(|r| r.session_id),
    };
    if let Some(id) = id {
        revoke_session(db, &id).await?;
    }
    Ok(())
}

/// Deletes a session and its retired tokens.
async fn revoke_session(db: &DatabaseConnection, id: &str) -> Result<(), DbErr> {
    let txn = db.begin().await?;
    retired::Entity::delete_many()
        .filter(retired::Column::SessionId.eq(id))
        .exec(&txn)
        .await?;
    session::Entity::delete_by_id(id.to_string())
        .exec(&txn)
        .await?;
    txn.commit().await
}

//! Refresh-token sessions: stored hashed, rotated on every use, revocable.

use chrono::Utc;
use lectern_core::{
    entities::session,
    tokens::{REFRESH_TOKEN_TTL, hash_token, random_token},
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, Set,
};

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

/// Trades a valid refresh token for a new one; the old one stops working at once.
/// Returns the user id and the new token, or `None` when the token is unknown or expired.
pub async fn rotate(
    db: &DatabaseConnection,
    token: &str,
) -> Result<Option<(String, String)>, DbErr> {
    let old_hash = hash_token(token);
    let Some(existing) = session::Entity::find()
        .filter(session::Column::TokenHash.eq(old_hash.as_str()))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    if existing.expires_at < Utc::now() {
        session::Entity::delete_by_id(existing.id).exec(db).await?;
        return Ok(None);
    }
    let new_token = random_token();
    let now = Utc::now();
    // Conditional on the old hash: of two concurrent refreshes with one token, one wins.
    let updated = session::Entity::update_many()
        .col_expr(session::Column::TokenHash, hash_token(&new_token).into())
        .col_expr(session::Column::LastUsedAt, now.into())
        .col_expr(session::Column::ExpiresAt, (now + REFRESH_TOKEN_TTL).into())
        .filter(session::Column::Id.eq(existing.id.as_str()))
        .filter(session::Column::TokenHash.eq(old_hash.as_str()))
        .exec(db)
        .await?;
    if updated.rows_affected != 1 {
        return Ok(None);
    }
    Ok(Some((existing.user_id, new_token)))
}

pub async fn revoke(db: &DatabaseConnection, token: &str) -> Result<(), DbErr> {
    session::Entity::delete_many()
        .filter(session::Column::TokenHash.eq(hash_token(token)))
        .exec(db)
        .await?;
    Ok(())
}

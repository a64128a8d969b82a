//! User records, keyed by identity issuer + subject (never by e-mail).

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DbErr, EntityTrait, IntoActiveModel,
    QueryFilter, Set, SqlErr,
};
use serde::Serialize;

use crate::credits::{self, Balance, EntryKind, LedgerError, SIGNUP_BONUS};
use crate::entities::user;

/// What an identity provider told us about the person signing in.
#[derive(Debug, Clone)]
pub struct Identity {
    pub issuer: String,
    pub subject: String,
    pub email: String,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
    pub name: Option<String>,
    pub picture: Option<String>,
}

#[derive(Debug)]
pub struct SignIn {
    pub user: user::Model,
    pub first_sign_in: bool,
}

/// Creates the user on first sign-in (with the sign-up bonus in the ledger) or records
/// the new login on later ones.
pub async fn sign_in(db: &DatabaseConnection, identity: &Identity) -> Result<SignIn, LedgerError> {
    if let Some(existing) = find_by_identity(db, identity).await? {
        let mut active = existing.into_active_model();
        active.last_login_at = Set(Utc::now());
        if identity.picture.is_some() {
            active.photo_url = Set(identity.picture.clone());
        }
        active.email = Set(identity.email.clone());
        let user = active.update(db).await?;
        return Ok(SignIn {
            user,
            first_sign_in: false,
        });
    }

    let (first, last, display) = names(identity);
    let now = Utc::now();
    let id = uuid::Uuid::new_v4().to_string();
    let txn = crate::db::begin_write(db).await?;
    let created = user::ActiveModel {
        id: Set(id.clone()),
        issuer: Set(identity.issuer.clone()),
        subject: Set(identity.subject.clone()),
        email: Set(identity.email.clone()),
        first_name: Set(first),
        last_name: Set(last),
        display_name: Set(display),
        photo_url: Set(identity.picture.clone()),
        created_at: Set(now),
        last_login_at: Set(now),
        pref_notifications: Set(true),
        pref_theme: Set("light".into()),
        stats_videos_generated: Set(0),
        stats_problems_solved: Set(0),
        stats_credits_used: Set(0),
        credits_available: Set(0),
        credits_total_purchased: Set(0),
        credits_total_used: Set(0),
        credits_last_purchase: Set(None),
        subscription_status: Set("free".into()),
    }
    .insert(&txn)
    .await;
    match created {
        Ok(_) => {}
        // Two first sign-ins raced; the other one created the account.
        Err(err) if matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            drop(txn);
            let user = find_by_identity(db, identity)
                .await?
                .ok_or(LedgerError::UnknownUser)?;
            return Ok(SignIn {
                user,
                first_sign_in: false,
            });
        }
        Err(err) => return Err(err.into()),
    }
    credits::grant_in(&txn, &id, SIGNUP_BONUS, EntryKind::SignupBonus, &id, None).await?;
    txn.commit().await?;
    let user = user::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(LedgerError::UnknownUser)?;
    Ok(SignIn {
        user,
        first_sign_in: true,
    })
}

pub async fn find(db: &DatabaseConnection, id: &str) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find_by_id(id.to_string()).one(db).await
}

async fn find_by_identity(
    db: &DatabaseConnection,
    identity: &Identity,
) -> Result<Option<user::Model>, DbErr> {
    user::Entity::find()
        .filter(user::Column::Issuer.eq(identity.issuer.as_str()))
        .filter(user::Column::Subject.eq(identity.subject.as_str()))
        .one(db)
        .await
}

fn names(identity: &Identity) -> (String, String, String) {
    let full = identity.name.clone().filter(|n| !n.trim().is_empty());
    let mut first = identity.given_name.clone().unwrap_or_default();
    let mut last = identity.family_name.clone().unwrap_or_default();
    if first.is_empty()
        && last.is_empty()
        && let Some(full) = &full
    {
        let mut parts = full.trim().splitn(2, ' ');
        first = parts.next().unwrap_or_default().to_string();
        last = parts.next().unwrap_or_default().trim().to_string();
    }
    let display = full.unwrap_or_else(|| {
        let joined = format!("{first} {last}").trim().to_string();
        if joined.is_empty() {
            identity
                .email
                .split('@')
                .next()
                .unwrap_or_default()
                .to_string()
        } else {
            joined
        }
    });
    (first, last, display)
}

/// SPEC.md section 3's user document, as the web app reads it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = User))]
#[serde(rename_all = "camelCase")]
pub struct UserDocument {
    pub uid: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub display_name: String,
    #[serde(rename = "photoURL")]
    #[cfg_attr(feature = "openapi", schema(required))]
    pub photo_url: Option<String>,
    pub created_at: chrono::DateTime<Utc>,
    pub last_login_at: chrono::DateTime<Utc>,
    pub credits: Balance,
    pub preferences: Preferences,
    pub stats: Stats,
    pub is_host: bool,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Preferences {
    pub notifications: bool,
    pub theme: String,
}

#[derive(Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = UserStats))]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    pub videos_generated: i64,
    pub problems_solved: i64,
    pub credits_used: i64,
}

impl UserDocument {
    pub fn new(user: &user::Model, host_emails: &[String]) -> Self {
        Self {
            uid: user.id.clone(),
            email: user.email.clone(),
            first_name: user.first_name.clone(),
            last_name: user.last_name.clone(),
            display_name: user.display_name.clone(),
            photo_url: user.photo_url.clone(),
            created_at: user.created_at,
            last_login_at: user.last_login_at,
            credits: Balance::from(user),
            preferences: Preferences {
                notifications: user.pref_notifications,
                theme: user.pref_theme.clone(),
            },
            stats: Stats {
                videos_generated: user.stats_videos_generated,
                problems_solved: user.stats_problems_solved,
                credits_used: user.stats_credits_used,
            },
            is_host: host_emails.contains(&user.email.to_lowercase()),
        }
    }
}

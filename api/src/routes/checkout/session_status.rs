//! `GET /api/checkout-session/{id}`: what the confirmation screen waits on. The caller's own
//! sessions only; anyone else's looks like nothing exists there.

use axum::{
    Json,
    extract::{Path, State},
};
use chrono::{DateTime, Utc};
use lectern_core::checkout;
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    error::{ApiResult, ErrorBody, OrNotFound, responses::NotSignedIn},
    extract::AuthUser,
    state::AppState,
};

#[derive(Debug, Serialize, ToSchema)]
pub struct PackageSummary {
    id: String,
    name: String,
    credits: i64,
    price: i64,
    currency: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CheckoutSessionStatus {
    session_id: String,
    /// `open`, `complete`, `expired` or `failed`.
    status: String,
    payment_status: String,
    /// True once the webhook has put the package's credits in the ledger.
    credits_applied: bool,
    credits: i64,
    amount: i64,
    currency: String,
    #[schema(required)]
    package: Option<PackageSummary>,
    created_at: DateTime<Utc>,
    #[schema(required)]
    completed_at: Option<DateTime<Utc>>,
}

/// The caller's own checkout session and whether its credits are in: what the confirmation
/// screen waits on.
#[utoipa::path(
    get,
    path = "/api/checkout-session/{id}",
    tag = "credits",
    params(("id" = String, Path, description = "The checkout session's id")),
    responses(
        (status = 200, description = "The session", body = CheckoutSessionStatus),
        NotSignedIn,
        (status = 404, description = "No such session of the caller's", body = ErrorBody),
    )
)]
pub async fn checkout_session(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<CheckoutSessionStatus>> {
    let view = checkout::find_for_user(&state.db, &id, &caller.id)
        .await?
        .or_not_found("Checkout session")?;
    let session = view.session;
    Ok(Json(CheckoutSessionStatus {
        session_id: session.id,
        status: session.status,
        payment_status: session.payment_status,
        credits_applied: view.credits_applied,
        credits: session.credits,
        amount: session.amount,
        currency: session.currency,
        package: view.package.map(|p| PackageSummary {
            id: p.id,
            name: p.name,
            credits: p.credits,
            price: p.price,
            currency: p.currency,
        }),
        created_at: session.created_at,
        completed_at: session.completed_at,
    }))
}

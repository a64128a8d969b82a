//! Credit balance and the packages on sale.

use std::collections::BTreeMap;

use axum::{
    Json,
    extract::{Path, State},
};
use lectern_core::{credits, entities::credit_package};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{
        ApiResult,
        responses::{NotSignedIn, NotTheCaller},
    },
    extract::AuthUser,
    routes::ids::CallersId,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(balance))
        .routes(routes!(packages))
}

#[derive(Serialize, ToSchema)]
struct BalanceResponse {
    credits: credits::Balance,
}

/// The caller's credit balance.
#[utoipa::path(
    get,
    path = "/auth/user/{user_id}/credits",
    tag = "credits",
    params(CallersId),
    responses(
        (status = 200, description = "The balance", body = BalanceResponse),
        NotSignedIn,
        NotTheCaller,
    )
)]
async fn balance(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(CallersId { user_id }): Path<CallersId>,
) -> ApiResult<Json<BalanceResponse>> {
    caller.require_self(&user_id)?;
    let credits = credits::balance(&state.db, &user_id).await?;
    Ok(Json(BalanceResponse { credits }))
}

/// A package of credits on sale; prices in minor units.
#[derive(Serialize, ToSchema)]
struct CreditPackage {
    id: String,
    name: String,
    credits: i64,
    /// Minor currency units.
    price: i64,
    /// ISO 4217, lower case (`usd`).
    currency: String,
}

#[derive(Serialize, ToSchema)]
struct Packages {
    /// Keyed by package id.
    packages: BTreeMap<String, CreditPackage>,
}

/// The credit packages on sale, for anyone.
#[utoipa::path(
    get,
    path = "/credit-packages",
    tag = "credits",
    responses((status = 200, description = "The packages, keyed by id", body = Packages))
)]
async fn packages(State(state): State<AppState>) -> ApiResult<Json<Packages>> {
    let rows = credit_package::Entity::find()
        .filter(credit_package::Column::Active.eq(true))
        .order_by_asc(credit_package::Column::SortOrder)
        .all(&state.db)
        .await?;
    let packages = rows
        .into_iter()
        .map(|p| {
            let package = CreditPackage {
                id: p.id.clone(),
                name: p.name,
                credits: p.credits,
                price: p.price,
                currency: p.currency,
            };
            (p.id, package)
        })
        .collect();
    Ok(Json(Packages { packages }))
}

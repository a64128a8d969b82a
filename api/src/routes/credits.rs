//! Credit balance and the packages on sale.

use axum::{
    Json, Router,
    extract::{Path, State},
    routing::get,
};
use lectern_core::{credits, entities::credit_package};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::{error::ApiResult, extract::AuthUser, state::AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/user/{user_id}/credits", get(balance))
        .route("/credit-packages", get(packages))
}

#[derive(Serialize)]
struct BalanceResponse {
    credits: credits::Balance,
}

async fn balance(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(user_id): Path<String>,
) -> ApiResult<Json<BalanceResponse>> {
    caller.require_self(&user_id)?;
    let credits = credits::balance(&state.db, &user_id).await?;
    Ok(Json(BalanceResponse { credits }))
}

/// `{"packages": {"<id>": {id, name, credits, price}}}`, prices in minor units.
async fn packages(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    let rows = credit_package::Entity::find()
        .filter(credit_package::Column::Active.eq(true))
        .order_by_asc(credit_package::Column::SortOrder)
        .all(&state.db)
        .await?;
    let packages: Map<String, Value> = rows
        .into_iter()
        .map(|p| {
            let value = json!({
                "id": p.id,
                "name": p.name,
                "credits": p.credits,
                "price": p.price,
                "currency": p.currency,
            });
            (p.id, value)
        })
        .collect();
    Ok(Json(json!({ "packages": packages })))
}

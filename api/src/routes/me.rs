//! The signed-in user's own record.

use axum::{Json, Router, extract::State, routing::get};
use lectern_core::users::{self, UserDocument};

use crate::{
    error::{ApiError, ApiResult},
    extract::AuthUser,
    state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/me", get(me))
}

async fn me(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Json<UserDocument>> {
    let user = users::find(&state.db, &caller.id)
        .await?
        .ok_or_else(|| ApiError::Unauthorized("Account no longer exists".into()))?;
    Ok(Json(UserDocument::new(&user, &state.config.host_emails)))
}

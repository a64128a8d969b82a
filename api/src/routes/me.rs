//! The signed-in user's own record.

use axum::{Json, extract::State};
use lectern_core::users::{self, UserDocument};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    extract::AuthUser,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(me))
}

/// The caller's user record, with the host flag.
#[utoipa::path(
    get,
    path = "/me",
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's record", body = UserDocument),
        (status = 401, description = "Not signed in, or the account no longer exists", body = ErrorBody),
    )
)]
async fn me(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Json<UserDocument>> {
    let user = users::find(&state.db, &caller.id)
        .await?
        .ok_or_else(|| ApiError::Unauthorized("Account no longer exists".into()))?;
    Ok(Json(UserDocument::new(&user, &state.config.host_emails)))
}

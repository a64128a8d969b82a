//! `POST /api/create-checkout-session`: the package and its price come from the database;
//! the client names only the package, itself, and where to come back to.

use std::sync::Arc;

use axum::{Extension, Json, extract::State};
use lectern_core::{
    checkout::{self, NewSession},
    entities::{credit_package, user},
};
use sea_orm::EntityTrait;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Checkout, provider::SessionRequest};
use crate::{
    error::{
        ApiError, ApiResult, ErrorBody, FieldError, OrNotFound,
        responses::{NotSignedIn, NotTheCaller},
    },
    extract::{AuthUser, ValidJson},
    state::AppState,
};

/// SPEC.md section 7. Any other field (a price, a credit count) is refused, not ignored.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateCheckoutRequest {
    package_id: String,
    /// The caller's own id.
    user_id: String,
    /// Where to come back after paying: on this app's origin; may hold
    /// `{CHECKOUT_SESSION_ID}`.
    #[schema(schema_with = return_url_schema)]
    success_url: String,
    /// Where to come back when the buyer gives up: on this app's origin.
    #[schema(schema_with = return_url_schema)]
    cancel_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreateCheckoutResponse {
    session_id: String,
    /// The payment page to send the buyer to.
    url: String,
}

/// Stripe's limit on return addresses.
const MAX_URL_LEN: usize = 2048;

fn return_url_schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .max_length(Some(MAX_URL_LEN))
        .into()
}

/// Starts buying a credit package: the package's price comes from the server; credits are
/// granted by the payment provider's webhook only.
#[utoipa::path(
    post,
    path = "/api/create-checkout-session",
    tag = "credits",
    request_body = CreateCheckoutRequest,
    responses(
        (status = 200, description = "The session and its payment page", body = CreateCheckoutResponse),
        NotSignedIn,
        NotTheCaller,
        (status = 422, description = "An unknown package or a return address elsewhere", body = ErrorBody),
        (status = 502, description = "The payment provider failed", body = ErrorBody),
    )
)]
pub async fn create_checkout_session(
    State(state): State<AppState>,
    Extension(checkout): Extension<Arc<Checkout>>,
    caller: AuthUser,
    ValidJson(body): ValidJson<CreateCheckoutRequest>,
) -> ApiResult<Json<CreateCheckoutResponse>> {
    caller.require_self(&body.user_id)?;

    let mut errors = Vec::new();
    for (field, value) in [
        ("success_url", &body.success_url),
        ("cancel_url", &body.cancel_url),
    ] {
        if let Err(msg) = check_return_url(value, &state.config.allowed_origins) {
            errors.push(FieldError::new(&["body", field], msg, "value_error"));
        }
    }
    let package = credit_package::Entity::find_by_id(body.package_id.clone())
        .one(&state.db)
        .await?
        .filter(|p| p.active);
    if package.is_none() {
        errors.push(FieldError::new(
            &["body", "package_id"],
            format!("Unknown credit package {:?}", body.package_id),
            "value_error",
        ));
    }
    let Some(package) = package.filter(|_| errors.is_empty()) else {
        return Err(ApiError::Validation(errors));
    };

    let buyer = user::Entity::find_by_id(caller.id.clone())
        .one(&state.db)
        .await?
        .or_not_found("User")?;
    let created = checkout
        .provider
        .create_session(
            &state.config.origin(),
            &SessionRequest {
                user_id: &buyer.id,
                email: &buyer.email,
                package: &package,
                success_url: &body.success_url,
                cancel_url: &body.cancel_url,
            },
        )
        .await?;
    checkout::record(
        &state.db,
        NewSession {
            id: &created.id,
            user_id: &buyer.id,
            package: &package,
            provider: checkout.provider.name(),
            url: &created.url,
            success_url: &body.success_url,
            cancel_url: &body.cancel_url,
        },
    )
    .await?;
    tracing::info!(session = %created.id, package = %package.id, "checkout session created");
    Ok(Json(CreateCheckoutResponse {
        session_id: created.id,
        url: created.url,
    }))
}

/// A return address must be on one of our own origins, so a checkout cannot be turned into
/// a redirect to somewhere else.
fn check_return_url(value: &str, allowed_origins: &[String]) -> Result<(), String> {
    if value.len() > MAX_URL_LEN {
        return Err(format!("Must be at most {MAX_URL_LEN} characters"));
    }
    let url = url::Url::parse(value).map_err(|_| "Must be an absolute URL".to_string())?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err("Must be an http(s) URL".into());
    }
    let origin = url.origin().ascii_serialization();
    if !allowed_origins.contains(&origin) {
        return Err(format!(
            "Must be on this app's origin ({})",
            allowed_origins.join(", ")
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check_return_url;

    fn allowed() -> Vec<String> {
        vec![
            "https://lectern.example".into(),
            "http://localhost:5173".into(),
        ]
    }

    #[test]
    fn own_origins_are_accepted_with_the_session_template() {
        let ok = "https://lectern.example/purchase-success?session_id={CHECKOUT_SESSION_ID}";
        assert!(check_return_url(ok, &allowed()).is_ok());
        assert!(check_return_url("http://localhost:5173/credits", &allowed()).is_ok());
    }

    #[test]
    fn other_origins_and_lookalikes_are_refused() {
        for bad in [
            "https://evil.example/purchase-success",
            "https://lectern.example.evil.example/x",
            "https://lectern.example@evil.example/x",
            "http://lectern.example/credits",
            "javascript:alert(1)",
            "/purchase-success",
        ] {
            assert!(
                check_return_url(bad, &allowed()).is_err(),
                "{bad} should be refused"
            );
        }
    }
}

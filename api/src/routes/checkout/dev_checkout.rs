//! The development checkout of the embedded default: a hosted-checkout page served by Lectern
//! itself. Pay sends a Stripe-signed `checkout.session.completed` to our own webhook over
//! HTTP, exactly as Stripe would, then returns to the success URL; Cancel returns to the
//! cancel URL. Never mounted in production or when Stripe keys are configured.

use std::{sync::Arc, time::Duration};

use axum::{
    Extension, Router,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Redirect, Response},
    routing::{get, post},
};
use chrono::Utc;
use lectern_core::{
    checkout,
    entities::{checkout_session, credit_package, user},
};
use sea_orm::EntityTrait;
use serde_json::{Value, json};

use super::{Checkout, signature::sign};
use crate::{routes::auth::cookies::check_origin, spa::html_escape, state::AppState};

const PAGE: &str = include_str!("dev_checkout.html");

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/dev-checkout/{id}", get(page))
        .route("/dev-checkout/{id}/pay", post(pay))
}

async fn page(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    let Ok(Some(session)) = checkout::find(&state.db, &id).await else {
        return notice(
            StatusCode::NOT_FOUND,
            "Checkout not found",
            "This checkout link is not valid.",
            None,
        );
    };
    if session.provider != "development" {
        return notice(
            StatusCode::NOT_FOUND,
            "Checkout not found",
            "This checkout link is not valid.",
            None,
        );
    }
    match session.status.as_str() {
        "open" => {}
        "complete" => {
            let back = success_url(&session);
            return notice(
                StatusCode::OK,
                "Already paid",
                "This checkout has been paid. Your credits are on your account.",
                Some((back.as_str(), "Return to Lectern")),
            );
        }
        _ => {
            return notice(
                StatusCode::GONE,
                "Checkout closed",
                "This checkout is no longer open. Start a new purchase from the credits page.",
                Some((session.cancel_url.as_str(), "Return to Lectern")),
            );
        }
    }
    let package = credit_package::Entity::find_by_id(session.package_id.clone())
        .one(&state.db)
        .await
        .ok()
        .flatten();
    let email = user::Entity::find_by_id(session.user_id.clone())
        .one(&state.db)
        .await
        .ok()
        .flatten()
        .map(|u| u.email)
        .unwrap_or_default();
    let name = package
        .map(|p| p.name)
        .unwrap_or_else(|| session.package_id.clone());
    let price = format_price(session.amount, &session.currency);
    let html = PAGE
        .replace("{{package}}", &html_escape(&name))
        .replace("{{credits}}", &session.credits.to_string())
        .replace("{{price}}", &html_escape(&price))
        .replace("{{email}}", &html_escape(&email))
        .replace("{{session_id}}", &html_escape(&session.id))
        .replace(
            "{{pay_action}}",
            &format!("/dev-checkout/{}/pay", html_escape(&session.id)),
        )
        .replace("{{cancel_url}}", &html_escape(&session.cancel_url));
    no_store(crate::security::page(html))
}

/// Sends the event Stripe would send for a paid session to our own webhook, signed with the
/// development secret, and continues to the success URL once it has been accepted.
async fn pay(
    State(state): State<AppState>,
    Extension(checkout): Extension<Arc<Checkout>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if check_origin(&headers, &state.config).is_err() {
        return notice(
            StatusCode::FORBIDDEN,
            "Payment refused",
            "This payment did not come from the checkout page.",
            None,
        );
    }
    let session = match checkout::find(&state.db, &id).await {
        Ok(Some(session)) if session.provider == "development" => session,
        _ => {
            return notice(
                StatusCode::NOT_FOUND,
                "Checkout not found",
                "This checkout link is not valid.",
                None,
            );
        }
    };
    if session.status != "open" && session.payment_status != "paid" {
        return notice(
            StatusCode::GONE,
            "Checkout closed",
            "This checkout is no longer open. Start a new purchase from the credits page.",
            Some((session.cancel_url.as_str(), "Return to Lectern")),
        );
    }

    let payload = completed_event(&session).to_string();
    let timestamp = Utc::now().timestamp();
    let signature = sign(checkout.secret(), timestamp, &payload);
    let webhook = format!("{}/api/stripe/webhook", state.config.origin());
    let delivered = reqwest::Client::new()
        .post(&webhook)
        .timeout(Duration::from_secs(15))
        .header("content-type", "application/json")
        .header("stripe-signature", format!("t={timestamp},v1={signature}"))
        .body(payload)
        .send()
        .await;
    match delivered {
        Ok(response) if response.status().is_success() => {
            no_store(Redirect::to(&success_url(&session)).into_response())
        }
        Ok(response) => {
            tracing::error!(status = %response.status(), "the webhook refused the development payment");
            payment_failed(&session)
        }
        Err(err) => {
            tracing::error!(error = %err, %webhook, "could not deliver the development payment");
            payment_failed(&session)
        }
    }
}

fn payment_failed(session: &checkout_session::Model) -> Response {
    notice(
        StatusCode::BAD_GATEWAY,
        "Payment not recorded",
        "The payment could not be recorded, and nothing was charged. Please try again.",
        Some((
            format!("/dev-checkout/{}", session.id).as_str(),
            "Try again",
        )),
    )
}

/// Stripe replaces `{CHECKOUT_SESSION_ID}` in the success URL; so do we.
fn success_url(session: &checkout_session::Model) -> String {
    session
        .success_url
        .replace("{CHECKOUT_SESSION_ID}", &session.id)
}

/// A `checkout.session.completed` event with a complete Checkout Session object, in the
/// shape of Stripe's API reference.
fn completed_event(session: &checkout_session::Model) -> Value {
    json!({
        "id": format!("evt_dev_{}", uuid::Uuid::new_v4().simple()),
        "object": "event",
        "api_version": null,
        "created": Utc::now().timestamp(),
        "livemode": false,
        "pending_webhooks": 1,
        "request": { "id": null, "idempotency_key": null },
        "type": "checkout.session.completed",
        "data": { "object": session_object(session) }
    })
}

/// A paid Checkout Session object with every field Stripe documents (two halves only to keep
/// `json!` within the default macro recursion limit).
fn session_object(session: &checkout_session::Model) -> Value {
    let created = session.created_at.timestamp();
    let mut object = json!({
        "id": session.id,
        "object": "checkout.session",
        "after_expiration": null,
        "allow_promotion_codes": null,
        "amount_subtotal": session.amount,
        "amount_total": session.amount,
        "automatic_tax": { "enabled": false, "liability": null, "provider": null, "status": null },
        "billing_address_collection": null,
        "cancel_url": session.cancel_url,
        "client_reference_id": session.user_id,
        "client_secret": null,
        "consent": null,
        "consent_collection": null,
        "created": created,
        "currency": session.currency,
        "custom_fields": [],
        "custom_text": {
            "after_submit": null,
            "shipping_address": null,
            "submit": null,
            "terms_of_service_acceptance": null
        },
        "customer": null,
        "customer_creation": "if_required",
        "customer_details": null,
        "customer_email": null,
        "expires_at": created + 24 * 3600,
        "invoice": null,
        "invoice_creation": null,
        "livemode": false,
        "locale": null
    });
    let rest = json!({
        "metadata": {
            "user_id": session.user_id,
            "package_id": session.package_id,
            "credits": session.credits.to_string()
        },
        "mode": "payment",
        "payment_intent": format!("pi_dev_{}", uuid::Uuid::new_v4().simple()),
        "payment_link": null,
        "payment_method_collection": "if_required",
        "payment_method_options": {},
        "payment_method_types": ["card"],
        "payment_status": "paid",
        "phone_number_collection": { "enabled": false },
        "recovered_from": null,
        "setup_intent": null,
        "shipping_address_collection": null,
        "shipping_cost": null,
        "shipping_options": [],
        "status": "complete",
        "submit_type": null,
        "subscription": null,
        "success_url": session.success_url,
        "total_details": { "amount_discount": 0, "amount_shipping": 0, "amount_tax": 0 },
        "ui_mode": "hosted",
        "url": null
    });
    if let (Some(object), Value::Object(rest)) = (object.as_object_mut(), rest) {
        object.extend(rest);
    }
    object
}

/// Minor units as the buyer reads them, e.g. `$9.99`.
fn format_price(minor: i64, currency: &str) -> String {
    let amount = format!("{}.{:02}", minor / 100, minor % 100);
    match currency.to_lowercase().as_str() {
        "usd" => format!("${amount}"),
        "eur" => format!("€{amount}"),
        "gbp" => format!("£{amount}"),
        other => format!("{amount} {}", other.to_uppercase()),
    }
}

fn no_store(mut response: Response) -> Response {
    response.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    response
}

/// A short page in the checkout's own frame: a heading, a sentence and at most one link.
fn notice(status: StatusCode, title: &str, text: &str, link: Option<(&str, &str)>) -> Response {
    let action = link
        .map(|(href, label)| {
            format!(
                "<a class=\"btn btn--pay\" href=\"{}\">{}</a>",
                html_escape(href),
                html_escape(label)
            )
        })
        .unwrap_or_default();
    let body = format!(
        "<main class=\"notice\"><div class=\"brand\"><span class=\"brand__mark\">L</span>Lectern</div>\
         <h1>{}</h1><p>{}</p>{action}</main>",
        html_escape(title),
        html_escape(text)
    );
    let style = PAGE
        .split("<style>")
        .nth(1)
        .and_then(|rest| rest.split("</style>").next())
        .unwrap_or_default();
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{} · Lectern checkout</title><style>{style}</style></head><body>{body}</body></html>",
        html_escape(title)
    );
    no_store((status, crate::security::page(html)).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_read_like_money() {
        assert_eq!(format_price(999, "usd"), "$9.99");
        assert_eq!(format_price(1999, "eur"), "€19.99");
        assert_eq!(format_price(500, "chf"), "5.00 CHF");
    }
}

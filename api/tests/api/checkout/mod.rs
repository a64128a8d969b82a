//! Buying credits: checkout sessions through a Stripe stand-in, Stripe-signed webhooks, and
//! the development checkout. After every test the ledger sum equals the balance.

mod create;
mod dev_checkout;
mod stripe_stand_in;
mod webhook;

use hmac::{Hmac, Mac};
use lectern_core::credits;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::Sha256;

use crate::helpers::{SignedIn, TestApp, spawn_app_with};
use stripe_stand_in::{SECRET_KEY, StripeStandIn};

pub const WEBHOOK_SECRET: &str = "whsec_test_lectern_webhook_secret";

/// An app configured for Stripe, pointed at a fresh stand-in.
pub async fn spawn_stripe_app() -> (TestApp, StripeStandIn) {
    let stripe = StripeStandIn::start().await;
    let app = spawn_app_with(vec![
        ("stripe_secret_key", SECRET_KEY.to_string()),
        ("stripe_webhook_secret", WEBHOOK_SECRET.to_string()),
        ("stripe_api_base", stripe.base_url.clone()),
    ])
    .await;
    (app, stripe)
}

pub fn uid(me: &SignedIn) -> &str {
    me.user["uid"].as_str().unwrap()
}

/// The request the web app sends (SPEC.md section 7).
pub fn checkout_body(app: &TestApp, me: &SignedIn, package_id: &str) -> Value {
    json!({
        "package_id": package_id,
        "user_id": uid(me),
        "success_url": app.url("/purchase-success?session_id={CHECKOUT_SESSION_ID}"),
        "cancel_url": app.url("/credits"),
    })
}

pub async fn post_checkout(app: &TestApp, token: &str, body: &Value) -> reqwest::Response {
    app.client
        .post(app.url("/api/create-checkout-session"))
        .bearer_auth(token)
        .json(body)
        .send()
        .await
        .unwrap()
}

/// Creates a session for `package_id` and returns its id.
pub async fn start_checkout(app: &TestApp, me: &SignedIn, package_id: &str) -> String {
    let response = post_checkout(app, &me.access_token, &checkout_body(app, me, package_id)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    body["session_id"].as_str().unwrap().to_string()
}

/// `t=<unix>,v1=<hex hmac_sha256(secret, "<t>.<payload>")>`, as Stripe signs.
pub fn v1_signature(secret: &str, timestamp: i64, payload: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{timestamp}.{payload}").as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

pub fn stripe_signature(secret: &str, timestamp: i64, payload: &str) -> String {
    format!(
        "t={timestamp},v1={}",
        v1_signature(secret, timestamp, payload)
    )
}

pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// A Stripe event about a checkout session, with our user and package in its metadata.
pub fn session_event(
    event_type: &str,
    session_id: &str,
    user_id: &str,
    payment_status: &str,
    status: &str,
) -> String {
    let metadata = json!({ "user_id": user_id, "package_id": "pro", "credits": "25" });
    let mut session =
        stripe_stand_in::session_object(session_id, status, payment_status, 999, metadata);
    session["client_reference_id"] = json!(user_id);
    event(event_type, session)
}

pub fn event(event_type: &str, object: Value) -> String {
    json!({
        "id": format!("evt_{}", uuid::Uuid::new_v4().simple()),
        "object": "event",
        "api_version": "2025-09-30.clover",
        "created": now(),
        "data": { "object": object },
        "livemode": false,
        "pending_webhooks": 1,
        "request": { "id": null, "idempotency_key": null },
        "type": event_type
    })
    .to_string()
}

pub async fn deliver(app: &TestApp, payload: &str, signature: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/stripe/webhook"))
        .header("content-type", "application/json")
        .header("stripe-signature", signature)
        .body(payload.to_string())
        .send()
        .await
        .unwrap()
}

/// Delivers `payload` signed now with the app's webhook secret.
pub async fn deliver_signed(app: &TestApp, payload: &str) -> reqwest::Response {
    deliver(
        app,
        payload,
        &stripe_signature(WEBHOOK_SECRET, now(), payload),
    )
    .await
}

pub async fn available(app: &TestApp, user_id: &str) -> i64 {
    credits::balance(&app.db, user_id).await.unwrap().available
}

pub async fn assert_ledger_matches_balance(app: &TestApp, user_id: &str) {
    let balance = credits::balance(&app.db, user_id).await.unwrap();
    let sum = credits::ledger_sum(&app.db, user_id).await.unwrap();
    assert_eq!(balance.available, sum, "balance must equal the ledger sum");
}

/// How many purchase entries the ledger holds for one checkout session.
pub async fn purchase_entries(app: &TestApp, session_id: &str) -> usize {
    use lectern_core::entities::credit_ledger;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    credit_ledger::Entity::find()
        .filter(credit_ledger::Column::Kind.eq("purchase"))
        .filter(credit_ledger::Column::Reference.eq(session_id))
        .all(&app.db)
        .await
        .unwrap()
        .len()
}

pub async fn session_status(app: &TestApp, token: &str, session_id: &str) -> reqwest::Response {
    app.get_authed(&format!("/api/checkout-session/{session_id}"), token)
        .await
}

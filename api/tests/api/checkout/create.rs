use reqwest::StatusCode;
use serde_json::{Value, json};

use super::stripe_stand_in::field;
use super::*;
use crate::helpers::browser;

#[tokio::test]
async fn a_stripe_session_is_created_with_the_database_price_and_our_metadata() {
    let (app, stripe) = spawn_stripe_app().await;
    let me = app.sign_in("stripe-buyer@example.com").await;

    let response = post_checkout(&app, &me.access_token, &checkout_body(&app, &me, "pro")).await;

    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    let session_id = body["session_id"].as_str().unwrap();
    assert!(session_id.starts_with("cs_test_"), "{session_id}");
    assert_eq!(
        body["url"].as_str().unwrap(),
        format!("https://checkout.stripe.com/c/pay/{session_id}#fidkdWxOYHwnPyd1blpxYHZxWjA0")
    );
    let requests = stripe.requests();
    assert_eq!(requests.len(), 1);
    let form = &requests[0];
    assert_eq!(field(form, "mode"), Some("payment"));
    assert_eq!(
        field(form, "line_items[0][price_data][unit_amount]"),
        Some("999")
    );
    assert_eq!(
        field(form, "line_items[0][price_data][currency]"),
        Some("usd")
    );
    assert_eq!(field(form, "line_items[0][quantity]"), Some("1"));
    assert_eq!(field(form, "client_reference_id"), Some(uid(&me)));
    assert_eq!(field(form, "metadata[user_id]"), Some(uid(&me)));
    assert_eq!(field(form, "metadata[package_id]"), Some("pro"));
    assert_eq!(field(form, "metadata[credits]"), Some("25"));
    assert_eq!(
        field(form, "success_url"),
        Some(
            app.url("/purchase-success?session_id={CHECKOUT_SESSION_ID}")
                .as_str()
        )
    );
    assert_eq!(
        field(form, "cancel_url"),
        Some(app.url("/credits").as_str())
    );
    assert_eq!(
        field(form, "customer_email"),
        Some("stripe-buyer@example.com")
    );

    let status: Value = session_status(&app, &me.access_token, session_id)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["status"], "open");
    assert_eq!(status["credits_applied"], false);
    assert_eq!(status["package"]["name"], "Pro Pack");
    assert_eq!(status["amount"], 999);
    assert_eq!(
        available(&app, uid(&me)).await,
        10,
        "creating a session grants nothing"
    );
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn a_price_or_credit_count_sent_by_the_client_is_refused() {
    let (app, stripe) = spawn_stripe_app().await;
    let me = app.sign_in("haggler@example.com").await;
    for (key, value) in [
        ("price", json!(1)),
        ("credits", json!(1000)),
        ("amount", json!(1)),
    ] {
        let mut body = checkout_body(&app, &me, "pro");
        body[key] = value;

        let response = post_checkout(&app, &me.access_token, &body).await;

        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY, "{key}");
        let detail: Value = response.json().await.unwrap();
        assert_eq!(detail["detail"][0]["type"], "extra_forbidden", "{detail}");
    }
    assert!(
        stripe.requests().is_empty(),
        "nothing reached the payment provider"
    );
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn an_unknown_package_is_refused_with_422() {
    let (app, stripe) = spawn_stripe_app().await;
    let me = app.sign_in("unknown-pack@example.com").await;

    let response = post_checkout(&app, &me.access_token, &checkout_body(&app, &me, "mega")).await;

    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["detail"][0]["loc"], json!(["body", "package_id"]));
    assert!(stripe.requests().is_empty());
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn return_urls_off_our_origin_are_refused_with_422() {
    let (app, stripe) = spawn_stripe_app().await;
    let me = app.sign_in("redirected@example.com").await;
    let mut body = checkout_body(&app, &me, "starter");
    body["success_url"] = json!("https://evil.example/purchase-success");
    body["cancel_url"] = json!("not a url");

    let response = post_checkout(&app, &me.access_token, &body).await;

    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = response.json().await.unwrap();
    let locs: Vec<&Value> = body["detail"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["loc"])
        .collect();
    assert_eq!(
        locs,
        vec![
            &json!(["body", "success_url"]),
            &json!(["body", "cancel_url"])
        ]
    );
    assert!(stripe.requests().is_empty());
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn a_checkout_for_another_user_answers_404_and_one_without_a_token_401() {
    let (app, stripe) = spawn_stripe_app().await;
    let alice = app.sign_in("alice-pays@example.com").await;
    let bob = app
        .sign_in_with(&browser(), "bob-benefits@example.com")
        .await;

    let for_bob = post_checkout(&app, &alice.access_token, &checkout_body(&app, &bob, "pro")).await;
    let anonymous = app
        .client
        .post(app.url("/api/create-checkout-session"))
        .json(&checkout_body(&app, &alice, "pro"))
        .send()
        .await
        .unwrap();

    assert_eq!(for_bob.status(), StatusCode::NOT_FOUND);
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert!(stripe.requests().is_empty());
    assert_ledger_matches_balance(&app, uid(&alice)).await;
    assert_ledger_matches_balance(&app, uid(&bob)).await;
}

#[tokio::test]
async fn another_users_checkout_session_answers_404() {
    let (app, _stripe) = spawn_stripe_app().await;
    let alice = app.sign_in("alice-session@example.com").await;
    let bob = app.sign_in_with(&browser(), "bob-snoops@example.com").await;
    let session_id = start_checkout(&app, &alice, "pro").await;

    let snooped = session_status(&app, &bob.access_token, &session_id).await;
    let missing = session_status(&app, &alice.access_token, "cs_test_nothing_here").await;

    assert_eq!(snooped.status(), StatusCode::NOT_FOUND);
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        session_status(&app, &alice.access_token, &session_id)
            .await
            .status(),
        StatusCode::OK
    );
    assert_ledger_matches_balance(&app, uid(&alice)).await;
    assert_ledger_matches_balance(&app, uid(&bob)).await;
}

#[tokio::test]
async fn a_payment_provider_failure_answers_502_and_records_nothing() {
    let stripe = StripeStandIn::start().await;
    let app = crate::helpers::spawn_app_with(vec![
        ("stripe_secret_key", "sk_test_not_the_right_key".to_string()),
        ("stripe_webhook_secret", WEBHOOK_SECRET.to_string()),
        ("stripe_api_base", stripe.base_url.clone()),
    ])
    .await;
    let me = app.sign_in("declined@example.com").await;

    let response = post_checkout(&app, &me.access_token, &checkout_body(&app, &me, "pro")).await;

    assert_eq!(response.status(), StatusCode::BAD_GATEWAY);
    let body: Value = response.json().await.unwrap();
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("payment provider"),
        "{body}"
    );
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

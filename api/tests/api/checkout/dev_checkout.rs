use reqwest::{StatusCode, header};
use serde_json::{Value, json};

use super::*;
use crate::helpers::{location, spawn_app};

#[tokio::test]
async fn the_development_checkout_pays_through_the_signed_webhook_and_returns_to_success() {
    let app = spawn_app().await;
    let me = app.sign_in("dev-buyer@example.com").await;
    let response = post_checkout(&app, &me.access_token, &checkout_body(&app, &me, "pro")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    let session_id = body["session_id"].as_str().unwrap().to_string();
    let url = body["url"].as_str().unwrap().to_string();
    assert_eq!(url, app.url(&format!("/dev-checkout/{session_id}")));

    let page = app.client.get(&url).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.unwrap();
    for text in [
        "Pro Pack",
        "25 credits",
        "Pay $9.99",
        "TEST MODE",
        "dev-buyer@example.com",
    ] {
        assert!(html.contains(text), "the checkout page shows {text}");
    }
    assert!(
        html.contains(&format!("href=\"{}\"", app.url("/credits"))),
        "Cancel returns to /credits"
    );
    assert_eq!(
        available(&app, uid(&me)).await,
        10,
        "opening the page grants nothing"
    );

    let paid = app
        .client
        .post(format!("{url}/pay"))
        .header(header::ORIGIN, &app.address)
        .send()
        .await
        .unwrap();

    assert_eq!(paid.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        location(&paid),
        app.url(&format!("/purchase-success?session_id={session_id}"))
    );
    assert_eq!(available(&app, uid(&me)).await, 35);
    let status: Value = session_status(&app, &me.access_token, &session_id)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["credits_applied"], true);
    let again = app
        .client
        .get(&url)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        again.contains("Already paid"),
        "a paid checkout cannot be paid twice from its page"
    );
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn paying_twice_through_the_development_checkout_grants_once() {
    let app = spawn_app().await;
    let me = app.sign_in("double-click@example.com").await;
    let session_id = start_checkout(&app, &me, "starter").await;
    for _ in 0..2 {
        let paid = app
            .client
            .post(app.url(&format!("/dev-checkout/{session_id}/pay")))
            .header(header::ORIGIN, &app.address)
            .send()
            .await
            .unwrap();
        assert_eq!(paid.status(), StatusCode::SEE_OTHER);
    }
    assert_eq!(available(&app, uid(&me)).await, 20);
    assert_eq!(purchase_entries(&app, &session_id).await, 1);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn a_development_payment_from_another_origin_is_refused() {
    let app = spawn_app().await;
    let me = app.sign_in("csrf-target@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;

    let forged = app
        .client
        .post(app.url(&format!("/dev-checkout/{session_id}/pay")))
        .header(header::ORIGIN, "https://evil.example")
        .send()
        .await
        .unwrap();

    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    assert_eq!(available(&app, uid(&me)).await, 10);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn the_development_webhook_refuses_events_not_signed_with_its_generated_secret() {
    let app = spawn_app().await;
    let me = app.sign_in("dev-forger@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;
    let paid = session_event(
        "checkout.session.completed",
        &session_id,
        uid(&me),
        "paid",
        "complete",
    );

    let forged = deliver_signed(&app, &paid).await;

    assert_eq!(forged.status(), StatusCode::BAD_REQUEST);
    assert_eq!(available(&app, uid(&me)).await, 10);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn an_unknown_development_checkout_answers_404() {
    let app = spawn_app().await;
    let page = app.get("/dev-checkout/cs_test_dev_nothing").await;
    assert_eq!(page.status(), StatusCode::NOT_FOUND);
    assert!(page.text().await.unwrap().contains("Checkout not found"));
}

#[tokio::test]
async fn with_stripe_configured_the_development_checkout_is_not_mounted() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("real-money@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;

    let pay = app
        .client
        .post(app.url(&format!("/dev-checkout/{session_id}/pay")))
        .header(header::ORIGIN, &app.address)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    let page = app.get(&format!("/dev-checkout/{session_id}")).await;

    assert_ne!(pay.status(), StatusCode::SEE_OTHER);
    assert!(!page.text().await.unwrap().contains("TEST MODE"));
    assert_eq!(available(&app, uid(&me)).await, 10);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

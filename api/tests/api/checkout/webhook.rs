use std::sync::Arc;

use reqwest::StatusCode;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use super::*;

#[tokio::test]
async fn a_paid_completed_session_grants_its_package_and_counts_as_purchased() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("paid@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;
    let paid = session_event(
        "checkout.session.completed",
        &session_id,
        uid(&me),
        "paid",
        "complete",
    );

    let response = deliver_signed(&app, &paid).await;

    assert_eq!(response.status(), StatusCode::OK);
    let balance = credits::balance(&app.db, uid(&me)).await.unwrap();
    assert_eq!(balance.available, 35);
    assert_eq!(balance.total_purchased, 25);
    assert!(balance.last_purchase.is_some());
    let status: Value = session_status(&app, &me.access_token, &session_id)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["credits_applied"], true);
    assert_eq!(status["status"], "complete");
    assert_eq!(status["payment_status"], "paid");
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn the_same_event_once_then_ten_times_concurrently_while_polled_grants_once() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("redelivered@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;
    let paid = session_event(
        "checkout.session.completed",
        &session_id,
        uid(&me),
        "paid",
        "complete",
    );
    let before: Value = session_status(&app, &me.access_token, &session_id)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(before["credits_applied"], false);

    assert_eq!(deliver_signed(&app, &paid).await.status(), StatusCode::OK);
    let app = Arc::new(app);
    let deliveries: Vec<_> = (0..10)
        .map(|_| {
            let (app, paid) = (app.clone(), paid.clone());
            tokio::spawn(async move { deliver_signed(&app, &paid).await.status() })
        })
        .collect();
    let poller = {
        let (app, token, id) = (app.clone(), me.access_token.clone(), session_id.clone());
        tokio::spawn(async move {
            let mut seen = Vec::new();
            for _ in 0..10 {
                let response = session_status(&app, &token, &id).await;
                assert_eq!(response.status(), StatusCode::OK);
                let body: Value = response.json().await.unwrap();
                seen.push(body["credits_applied"].as_bool().unwrap());
            }
            seen
        })
    };

    for delivery in deliveries {
        assert_eq!(delivery.await.unwrap(), StatusCode::OK);
    }
    assert!(
        poller.await.unwrap().iter().all(|applied| *applied),
        "applied stays applied"
    );
    assert_eq!(purchase_entries(&app, &session_id).await, 1);
    assert_eq!(available(&app, uid(&me)).await, 35);
    assert_eq!(
        credits::balance(&app.db, uid(&me))
            .await
            .unwrap()
            .total_purchased,
        25
    );
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn ten_concurrent_first_deliveries_grant_once() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("stampede@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;
    let app = Arc::new(app);
    // Different event ids for the same session, as Stripe's completed and a retried copy.
    let deliveries: Vec<_> = (0..10)
        .map(|_| {
            let app = app.clone();
            let event = session_event(
                "checkout.session.completed",
                &session_id,
                uid(&me),
                "paid",
                "complete",
            );
            tokio::spawn(async move { deliver_signed(&app, &event).await.status() })
        })
        .collect();

    for delivery in deliveries {
        assert_eq!(delivery.await.unwrap(), StatusCode::OK);
    }
    assert_eq!(purchase_entries(&app, &session_id).await, 1);
    assert_eq!(available(&app, uid(&me)).await, 35);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn async_payment_succeeded_before_completed_grants_once() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("out-of-order@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;
    let succeeded = session_event(
        "checkout.session.async_payment_succeeded",
        &session_id,
        uid(&me),
        "paid",
        "complete",
    );
    let completed = session_event(
        "checkout.session.completed",
        &session_id,
        uid(&me),
        "unpaid",
        "complete",
    );

    assert_eq!(
        deliver_signed(&app, &succeeded).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        deliver_signed(&app, &completed).await.status(),
        StatusCode::OK
    );

    assert_eq!(purchase_entries(&app, &session_id).await, 1);
    assert_eq!(available(&app, uid(&me)).await, 35);
    let status: Value = session_status(&app, &me.access_token, &session_id)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        status["payment_status"], "paid",
        "a late unpaid event does not undo the payment"
    );
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn an_unpaid_session_grants_nothing_until_its_payment_succeeds() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("delayed@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;
    let completed = session_event(
        "checkout.session.completed",
        &session_id,
        uid(&me),
        "unpaid",
        "complete",
    );

    assert_eq!(
        deliver_signed(&app, &completed).await.status(),
        StatusCode::OK
    );
    assert_eq!(available(&app, uid(&me)).await, 10);
    let status: Value = session_status(&app, &me.access_token, &session_id)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (
            status["status"].as_str(),
            status["credits_applied"].as_bool()
        ),
        (Some("complete"), Some(false))
    );

    let succeeded = session_event(
        "checkout.session.async_payment_succeeded",
        &session_id,
        uid(&me),
        "paid",
        "complete",
    );
    assert_eq!(
        deliver_signed(&app, &succeeded).await.status(),
        StatusCode::OK
    );
    assert_eq!(available(&app, uid(&me)).await, 35);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn a_failed_async_payment_grants_nothing() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("bounced@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;
    let completed = session_event(
        "checkout.session.completed",
        &session_id,
        uid(&me),
        "unpaid",
        "complete",
    );
    let failed = session_event(
        "checkout.session.async_payment_failed",
        &session_id,
        uid(&me),
        "unpaid",
        "complete",
    );

    assert_eq!(
        deliver_signed(&app, &completed).await.status(),
        StatusCode::OK
    );
    assert_eq!(deliver_signed(&app, &failed).await.status(), StatusCode::OK);

    assert_eq!(available(&app, uid(&me)).await, 10);
    assert_eq!(purchase_entries(&app, &session_id).await, 0);
    let status: Value = session_status(&app, &me.access_token, &session_id)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["status"], "failed");
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn one_changed_byte_of_the_body_is_refused_with_400() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("tamper@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;
    let paid = session_event(
        "checkout.session.completed",
        &session_id,
        uid(&me),
        "paid",
        "complete",
    );
    let signature = stripe_signature(WEBHOOK_SECRET, now(), &paid);
    let tampered = paid.replacen("\"credits\":\"25\"", "\"credits\":\"95\"", 1);
    assert_eq!(tampered.len(), paid.len());
    assert_eq!(
        paid.bytes()
            .zip(tampered.bytes())
            .filter(|(a, b)| a != b)
            .count(),
        1
    );

    let response = deliver(&app, &tampered, &signature).await;

    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(available(&app, uid(&me)).await, 10);
    assert_eq!(
        deliver(&app, &paid, &signature).await.status(),
        StatusCode::OK,
        "the original passes"
    );
    assert_eq!(available(&app, uid(&me)).await, 35);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn a_signature_301_seconds_old_is_refused_and_299_seconds_is_accepted() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("stale@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;
    let paid = session_event(
        "checkout.session.completed",
        &session_id,
        uid(&me),
        "paid",
        "complete",
    );

    let stale = deliver(
        &app,
        &paid,
        &stripe_signature(WEBHOOK_SECRET, now() - 301, &paid),
    )
    .await;

    assert_eq!(stale.status(), StatusCode::BAD_REQUEST);
    assert_eq!(available(&app, uid(&me)).await, 10);
    let fresh = deliver(
        &app,
        &paid,
        &stripe_signature(WEBHOOK_SECRET, now() - 299, &paid),
    )
    .await;
    assert_eq!(fresh.status(), StatusCode::OK);
    assert_eq!(available(&app, uid(&me)).await, 35);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn a_wrong_secret_or_a_missing_signature_is_refused_with_400() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("forger@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;
    let paid = session_event(
        "checkout.session.completed",
        &session_id,
        uid(&me),
        "paid",
        "complete",
    );

    let forged = deliver(
        &app,
        &paid,
        &stripe_signature("whsec_guessed", now(), &paid),
    )
    .await;
    let unsigned = app
        .client
        .post(app.url("/api/stripe/webhook"))
        .header("content-type", "application/json")
        .body(paid.clone())
        .send()
        .await
        .unwrap();

    assert_eq!(forged.status(), StatusCode::BAD_REQUEST);
    assert_eq!(unsigned.status(), StatusCode::BAD_REQUEST);
    let body: Value = forged.json().await.unwrap();
    assert_eq!(body["detail"], "Invalid signature");
    assert_eq!(available(&app, uid(&me)).await, 10);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn any_of_several_v1_signatures_may_match_during_secret_rotation() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("rotation@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;
    let paid = session_event(
        "checkout.session.completed",
        &session_id,
        uid(&me),
        "paid",
        "complete",
    );
    let t = now();
    let header = format!(
        "t={t},v1={},v1={},v0=ignored",
        v1_signature("whsec_old_secret", t, &paid),
        v1_signature(WEBHOOK_SECRET, t, &paid)
    );

    assert_eq!(deliver(&app, &paid, &header).await.status(), StatusCode::OK);
    assert_eq!(available(&app, uid(&me)).await, 35);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn unknown_events_are_acknowledged_and_recorded() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("bystander@example.com").await;
    let customer = json!({ "id": "cus_123", "object": "customer", "email": "x@example.com" });
    let payload = event("customer.created", customer);
    let event_id = serde_json::from_str::<Value>(&payload).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();

    let response = deliver_signed(&app, &payload).await;

    assert_eq!(response.status(), StatusCode::OK);
    let recorded = app
        .db
        .query_one_raw(sea_orm::Statement::from_string(
            app.db.get_database_backend(),
            format!("SELECT outcome FROM webhook_events WHERE id = '{event_id}'"),
        ))
        .await
        .unwrap()
        .expect("the event is recorded");
    assert_eq!(
        recorded.try_get::<String>("", "outcome").unwrap(),
        "ignored"
    );
    assert_eq!(available(&app, uid(&me)).await, 10);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn a_session_that_is_not_ours_grants_nothing() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("neighbour@example.com").await;
    let stranger =
        stripe_stand_in::session_object("cs_test_other_app", "complete", "paid", 999, json!({}));

    let response = deliver_signed(&app, &event("checkout.session.completed", stranger)).await;

    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(purchase_entries(&app, "cs_test_other_app").await, 0);
    assert_eq!(available(&app, uid(&me)).await, 10);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

#[tokio::test]
async fn a_database_failure_answers_500_with_nothing_written_and_the_retry_grants() {
    let (app, _stripe) = spawn_stripe_app().await;
    let me = app.sign_in("retry@example.com").await;
    let session_id = start_checkout(&app, &me, "pro").await;
    let paid = session_event(
        "checkout.session.completed",
        &session_id,
        uid(&me),
        "paid",
        "complete",
    );
    // The event record is the last write of the transaction: without its table, the grant
    // before it must be rolled back.
    app.db
        .execute_unprepared("ALTER TABLE webhook_events RENAME TO webhook_events_away")
        .await
        .unwrap();

    let failed = deliver_signed(&app, &paid).await;

    assert_eq!(failed.status(), StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(available(&app, uid(&me)).await, 10);
    assert_eq!(purchase_entries(&app, &session_id).await, 0);
    let status: Value = session_status(&app, &me.access_token, &session_id)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["status"], "open");
    assert_ledger_matches_balance(&app, uid(&me)).await;

    app.db
        .execute_unprepared("ALTER TABLE webhook_events_away RENAME TO webhook_events")
        .await
        .unwrap();
    assert_eq!(deliver_signed(&app, &paid).await.status(), StatusCode::OK);
    assert_eq!(available(&app, uid(&me)).await, 35);
    assert_ledger_matches_balance(&app, uid(&me)).await;
}

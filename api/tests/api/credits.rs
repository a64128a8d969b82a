use std::sync::Arc;

use lectern_core::credits::{self, Applied, EntryKind, LedgerError};
use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{spawn_app, spawn_app_with};

async fn assert_ledger_matches_balance(db: &sea_orm::DatabaseConnection, user_id: &str) {
    let balance = credits::balance(db, user_id).await.unwrap();
    let sum = credits::ledger_sum(db, user_id).await.unwrap();
    assert_eq!(balance.available, sum, "balance must equal the ledger sum");
}

#[tokio::test]
async fn a_user_reads_their_own_balance() {
    let app = spawn_app().await;
    let me = app.sign_in("reader@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let response = app
        .get_authed(&format!("/api/auth/user/{uid}/credits"), &me.access_token)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["credits"]["available"], 10);
    assert_eq!(body["credits"]["total_purchased"], 0);
    assert_eq!(body["credits"]["total_used"], 0);
    assert_eq!(body["credits"]["last_purchase"], Value::Null);
    assert_eq!(body["credits"]["subscription_status"], "free");
}

#[tokio::test]
async fn another_users_balance_answers_404() {
    let app = spawn_app().await;
    let alice = app.sign_in("alice@example.com").await;
    let bob = app
        .sign_in_with(&crate::helpers::browser(), "bob@example.com")
        .await;
    let bob_uid = bob.user["uid"].as_str().unwrap();
    let response = app
        .get_authed(
            &format!("/api/auth/user/{bob_uid}/credits"),
            &alice.access_token,
        )
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body: Value = response.json().await.unwrap();
    assert!(body["detail"].is_string());
}

#[tokio::test]
async fn the_balance_needs_a_bearer_token() {
    let app = spawn_app().await;
    let response = app.get("/api/auth/user/anyone/credits").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["detail"], "Not authenticated");
}

#[tokio::test]
async fn packages_are_listed_without_sign_in_from_the_database() {
    let app = spawn_app().await;
    let response = app.get("/api/credit-packages").await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    let packages = &body["packages"];
    assert_eq!(packages["starter"]["name"], "Starter Pack");
    assert_eq!(packages["starter"]["credits"], 10);
    assert_eq!(packages["starter"]["price"], 499);
    assert_eq!(packages["pro"]["name"], "Pro Pack");
    assert_eq!(packages["pro"]["credits"], 25);
    assert_eq!(packages["pro"]["price"], 999);
    assert_eq!(packages["unlimited"]["name"], "Power Pack");
    assert_eq!(packages["unlimited"]["credits"], 60);
    assert_eq!(packages["unlimited"]["price"], 1999);
}

#[tokio::test]
async fn a_reservation_is_taken_once_and_refunded_once() {
    let app = spawn_app().await;
    let me = app.sign_in("spender@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();

    assert_eq!(
        credits::reserve(&app.db, uid, 2, "job-1").await.unwrap(),
        Applied::Now
    );
    assert_eq!(
        credits::reserve(&app.db, uid, 2, "job-1").await.unwrap(),
        Applied::Already
    );
    let balance = credits::balance(&app.db, uid).await.unwrap();
    assert_eq!((balance.available, balance.total_used), (8, 2));

    assert_eq!(
        credits::refund(&app.db, "job-1").await.unwrap(),
        Applied::Now
    );
    assert_eq!(
        credits::refund(&app.db, "job-1").await.unwrap(),
        Applied::Already
    );
    let balance = credits::balance(&app.db, uid).await.unwrap();
    assert_eq!((balance.available, balance.total_used), (10, 0));
    assert!(matches!(
        credits::refund(&app.db, "never-reserved").await,
        Err(LedgerError::NothingToRefund(_))
    ));
    assert_ledger_matches_balance(&app.db, uid).await;
}

#[tokio::test]
async fn a_reservation_beyond_the_balance_is_refused_and_changes_nothing() {
    let app = spawn_app().await;
    let me = app.sign_in("short@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let err = credits::reserve(&app.db, uid, 11, "big-job")
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            LedgerError::Insufficient {
                required: 11,
                available: 10
            }
        ),
        "{err}"
    );
    assert_eq!(credits::balance(&app.db, uid).await.unwrap().available, 10);
    // The refused reservation left no entry behind: it cannot be refunded.
    assert!(credits::refund(&app.db, "big-job").await.is_err());
    assert_ledger_matches_balance(&app.db, uid).await;
}

#[tokio::test]
async fn a_purchase_grant_is_applied_once_and_counts_as_purchased() {
    let app = spawn_app().await;
    let me = app.sign_in("buyer@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    for _ in 0..3 {
        credits::grant(&app.db, uid, 25, EntryKind::Purchase, "cs_test_1")
            .await
            .unwrap();
    }
    let balance = credits::balance(&app.db, uid).await.unwrap();
    assert_eq!(balance.available, 35);
    assert_eq!(balance.total_purchased, 25);
    assert!(balance.last_purchase.is_some());
    assert_ledger_matches_balance(&app.db, uid).await;
}

#[tokio::test]
async fn fifty_concurrent_reservations_against_ten_credits_take_exactly_ten() {
    let app = spawn_app_with(vec![]).await;
    let me = app.sign_in("crowd@example.com").await;
    let uid: Arc<str> = me.user["uid"].as_str().unwrap().into();
    let db = app.db.clone();
    let tasks: Vec<_> = (0..50)
        .map(|i| {
            let db = db.clone();
            let uid = uid.clone();
            tokio::spawn(async move { credits::reserve(&db, &uid, 1, &format!("job-{i}")).await })
        })
        .collect();
    let mut succeeded = 0;
    let mut refused = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(Applied::Now) => succeeded += 1,
            Err(LedgerError::Insufficient { .. }) => refused += 1,
            other => panic!("unexpected outcome {other:?}"),
        }
    }
    assert_eq!((succeeded, refused), (10, 40));
    let balance = credits::balance(&db, &uid).await.unwrap();
    assert_eq!(balance.available, 0);
    assert_eq!(balance.total_used, 10);
    assert_ledger_matches_balance(&db, &uid).await;
}

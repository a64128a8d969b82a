//! Limits and back-pressure (issue 52): per-user rates, the hour's free previews counted
//! atomically, a cap on each user's unfinished jobs, a queue depth beyond which free work
//! waits, and sign-in attempts per address. Every refusal is a 429 or 503 with
//! `Retry-After` and a plain `{"detail": ...}`.

use futures_util::{StreamExt, stream};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};

use crate::helpers::{SignedIn, TestApp, browser, spawn_app, spawn_app_with};

async fn generate(app: &TestApp, me: &SignedIn, topic: &str, dry_run: bool) -> reqwest::Response {
    let uid = me.user["uid"].as_str().unwrap();
    app.client
        .post(app.url("/api/video/generate"))
        .bearer_auth(&me.access_token)
        .json(&json!({"user_id": uid, "topic": topic, "dry_run": dry_run}))
        .send()
        .await
        .unwrap()
}

/// Sends `count` requests of `me`, `at_once` at a time, and returns each answer's status,
/// `Retry-After` and detail.
async fn flood(
    app: &TestApp,
    me: &SignedIn,
    count: usize,
    at_once: usize,
    dry_run: bool,
) -> Vec<(StatusCode, Option<u64>, Value)> {
    stream::iter(0..count)
        .map(|i| async move {
            let response = generate(app, me, &format!("Topic {i}"), dry_run).await;
            let status = response.status();
            let retry_after = response
                .headers()
                .get(header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse().ok());
            let body: Value = response.json().await.unwrap_or_default();
            (status, retry_after, body)
        })
        .buffer_unordered(at_once)
        .collect()
        .await
}

/// Every refusal is a 429 or 503 with a `Retry-After` of at least a second and a sentence.
fn assert_refusals_say_when(answers: &[(StatusCode, Option<u64>, Value)]) {
    for (status, retry_after, body) in answers {
        if *status == StatusCode::ACCEPTED {
            continue;
        }
        assert!(
            *status == StatusCode::TOO_MANY_REQUESTS || *status == StatusCode::SERVICE_UNAVAILABLE,
            "{status}: {body}"
        );
        assert!(retry_after.is_some_and(|s| s >= 1), "{status}: {body}");
        let detail = body["detail"].as_str().unwrap_or_default();
        assert!(detail.contains("Try again"), "{detail}");
    }
}

fn accepted(answers: &[(StatusCode, Option<u64>, Value)]) -> usize {
    answers
        .iter()
        .filter(|(status, ..)| *status == StatusCode::ACCEPTED)
        .count()
}

#[tokio::test]
async fn six_hundred_previews_thirty_two_at_a_time_accept_exactly_the_hours_allowance() {
    // Only the hour's allowance is in play here: the rate and the queue cap are wide open.
    let app = spawn_app_with(vec![
        ("work_per_minute", "100000".into()),
        ("user_queue_limit", "100000".into()),
    ])
    .await;
    let me = app.sign_in("eager@example.com").await;
    let answers = flood(&app, &me, 600, 32, true).await;
    assert_eq!(
        accepted(&answers),
        lectern_core::jobs::FREE_PREVIEWS_PER_HOUR as usize,
        "exactly the allowance, however the requests interleave"
    );
    assert_refusals_say_when(&answers);
}

#[tokio::test]
async fn a_burst_of_a_thousand_free_requests_is_refused_after_the_limit_while_another_users_paid_job_starts_at_once()
 {
    let app = spawn_app().await;
    let flooder = app.sign_in("flood@example.com").await;
    let payer = app.sign_in_with(&browser(), "payer@example.com").await;
    let flood_app = &app;
    let flooding = flood(flood_app, &flooder, 1000, 32, true);
    let paying = async {
        // In the middle of the flood.
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        let started = std::time::Instant::now();
        let response = generate(&app, &payer, "Volcanoes", false).await;
        (response.status(), started.elapsed())
    };
    let (answers, (paid, waited)) = tokio::join!(flooding, paying);
    assert_eq!(paid, StatusCode::ACCEPTED, "the paid job starts");
    assert!(
        waited < std::time::Duration::from_secs(5),
        "the paid job waited {waited:?}"
    );
    let allowed = accepted(&answers);
    assert!(
        (1..=20).contains(&allowed),
        "{allowed} accepted of a burst of 1000 (20 a minute allowed)"
    );
    assert_refusals_say_when(&answers);
}

#[tokio::test]
async fn a_users_unfinished_jobs_are_capped() {
    let app = spawn_app_with(vec![("user_queue_limit", "2".into())]).await;
    let me = app.sign_in("busy@example.com").await;
    assert_eq!(
        generate(&app, &me, "One", false).await.status(),
        StatusCode::ACCEPTED
    );
    assert_eq!(
        generate(&app, &me, "Two", false).await.status(),
        StatusCode::ACCEPTED
    );
    let third = generate(&app, &me, "Three", false).await;
    assert_eq!(third.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(third.headers().contains_key(header::RETRY_AFTER));
    let body: Value = third.json().await.unwrap();
    let detail = body["detail"].as_str().unwrap();
    assert!(detail.contains("2 jobs queued or running"), "{detail}");
    // Another user is not held up by this one's queue.
    let other = app.sign_in_with(&browser(), "calm@example.com").await;
    assert_eq!(
        generate(&app, &other, "Four", false).await.status(),
        StatusCode::ACCEPTED
    );
    // Nothing was charged for the refused job: 10 - 2.
    let uid = me.user["uid"].as_str().unwrap();
    assert_eq!(
        lectern_core::credits::balance(&app.db, uid)
            .await
            .unwrap()
            .available,
        8
    );
}

#[tokio::test]
async fn beyond_the_queue_depth_free_previews_wait_with_503_and_paid_jobs_still_queue() {
    let app = spawn_app_with(vec![("free_queue_limit", "3".into())]).await;
    let first = app.sign_in("early@example.com").await;
    for topic in ["A", "B", "C"] {
        assert_eq!(
            generate(&app, &first, topic, false).await.status(),
            StatusCode::ACCEPTED
        );
    }
    let late = app.sign_in_with(&browser(), "late@example.com").await;
    let preview = generate(&app, &late, "Preview", true).await;
    assert_eq!(preview.status(), StatusCode::SERVICE_UNAVAILABLE);
    let retry: u64 = preview.headers()[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry >= 1);
    let body: Value = preview.json().await.unwrap();
    assert!(body["detail"].as_str().unwrap().contains("busy"), "{body}");
    assert_eq!(
        generate(&app, &late, "Paid", false).await.status(),
        StatusCode::ACCEPTED
    );
}

#[tokio::test]
async fn a_flood_of_sign_ins_from_one_address_gets_429_with_retry_after() {
    let app = spawn_app().await;
    let start = |client: reqwest::Client, forwarded: &'static str| {
        let url = app.url("/auth/google/start?login_hint=flood@example.com");
        async move {
            client
                .get(url)
                .header("x-forwarded-for", forwarded)
                .send()
                .await
                .unwrap()
        }
    };
    let client = browser();
    let mut statuses = Vec::new();
    for _ in 0..40 {
        statuses.push(start(client.clone(), "198.51.100.7").await);
    }
    let refused: Vec<_> = statuses
        .iter()
        .filter(|r| r.status() == StatusCode::TOO_MANY_REQUESTS)
        .collect();
    assert_eq!(refused.len(), 10, "30 a minute from one address");
    assert!(refused[0].headers().contains_key(header::RETRY_AFTER));
    // Another address, and this computer itself, are not held up.
    assert_eq!(
        start(client.clone(), "198.51.100.8").await.status(),
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        app.get("/auth/google/start").await.status(),
        StatusCode::SEE_OTHER
    );
}

/// Two API replicas sharing one PostgreSQL database (and, when the harness names one, one
/// Redis queue), as a scaled deployment runs them; `None` (skipped) without PostgreSQL.
async fn two_replicas(settings: Vec<(&'static str, String)>) -> Option<(TestApp, TestApp)> {
    let Some(database) = crate::helpers::test_database_url().await else {
        eprintln!("skipped: LECTERN_TEST_DATABASE_URL names no PostgreSQL");
        return None;
    };
    let mut shared = settings;
    shared.push(("database_url", database));
    if let Some(redis) = std::env::var("LECTERN_TEST_REDIS_URL")
        .ok()
        .filter(|s| !s.is_empty())
    {
        shared.push(("queue_url", redis));
        shared.push((
            "queue_name",
            format!("lectern-replicas-{}", uuid::Uuid::new_v4().simple()),
        ));
    }
    let first = spawn_app_with(shared.clone()).await;
    let second = spawn_app_with(shared).await;
    Some((first, second))
}

/// Sends `count` requests of `me`, `at_once` at a time, to the two replicas in turn.
async fn flood_both(
    apps: (&TestApp, &TestApp),
    me: &SignedIn,
    count: usize,
    at_once: usize,
    dry_run: bool,
) -> Vec<(StatusCode, Option<u64>, Value)> {
    stream::iter(0..count)
        .map(|i| async move {
            let app = if i % 2 == 0 { apps.0 } else { apps.1 };
            let response = generate(app, me, &format!("Topic {i}"), dry_run).await;
            let status = response.status();
            let retry_after = response
                .headers()
                .get(header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse().ok());
            let body: Value = response.json().await.unwrap_or_default();
            (status, retry_after, body)
        })
        .buffer_unordered(at_once)
        .collect()
        .await
}

/// Issue 52: the per-user rate holds across replicas. Each replica's in-memory limiter
/// would let 6 through; together they still accept 6 in the minute, not 12.
#[tokio::test]
async fn two_replicas_together_accept_one_users_rate_once() {
    let Some((first, second)) = two_replicas(vec![
        ("work_per_minute", "6".into()),
        ("user_queue_limit", "100000".into()),
    ])
    .await
    else {
        return;
    };
    let me = first.sign_in("twice@example.com").await;
    let answers = flood_both((&first, &second), &me, 60, 12, true).await;
    assert_eq!(accepted(&answers), 6, "6 a minute, over both replicas");
    assert_refusals_say_when(&answers);
    let refused = answers
        .iter()
        .find(|(status, ..)| *status == StatusCode::TOO_MANY_REQUESTS)
        .unwrap();
    assert!(
        refused.1.is_some_and(|s| (1..=60).contains(&s)),
        "{refused:?}"
    );
    // Another user is not held up by this one.
    let other = second.sign_in_with(&browser(), "calm@example.com").await;
    assert_eq!(
        generate(&first, &other, "Calm", true).await.status(),
        StatusCode::ACCEPTED
    );
}

/// Issue 52: the cap on a user's unfinished jobs holds across replicas: requests racing at
/// both are counted one after the other.
#[tokio::test]
async fn two_replicas_together_hold_one_users_queue_cap() {
    let Some((first, second)) = two_replicas(vec![
        ("work_per_minute", "100000".into()),
        ("user_queue_limit", "4".into()),
    ])
    .await
    else {
        return;
    };
    let me = first.sign_in("racing@example.com").await;
    let answers = flood_both((&first, &second), &me, 40, 16, false).await;
    assert_eq!(
        accepted(&answers),
        4,
        "4 unfinished at most, over both replicas"
    );
    assert_refusals_say_when(&answers);
    let uid = me.user["uid"].as_str().unwrap();
    assert_eq!(
        lectern_core::jobs::unfinished_for_user(&first.db, uid)
            .await
            .unwrap(),
        4
    );
    // Nothing was charged for the refused ones: 10 - 4.
    assert_eq!(
        lectern_core::credits::balance(&first.db, uid)
            .await
            .unwrap()
            .available,
        6
    );
}

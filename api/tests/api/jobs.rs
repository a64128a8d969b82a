//! Video jobs through the API, without workers: validation, charging, cancelling, access.
//! (Workers running the jobs are tested in the `lectern` crate.)

use lectern_core::credits;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, browser, spawn_app};

async fn generate(app: &TestApp, token: &str, body: Value) -> reqwest::Response {
    app.client
        .post(app.url("/api/video/generate"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

async fn available(app: &TestApp, uid: &str) -> i64 {
    credits::balance(&app.db, uid).await.unwrap().available
}

async fn assert_ledger_matches(app: &TestApp, uid: &str) {
    assert_eq!(
        credits::ledger_sum(&app.db, uid).await.unwrap(),
        available(app, uid).await,
        "balance must equal the ledger sum"
    );
}

#[tokio::test]
async fn a_video_request_is_queued_and_charged_once() {
    let app = spawn_app().await;
    let me = app.sign_in("maker@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let response = generate(
        &app,
        &me.access_token,
        json!({"user_id": uid, "topic": "Photosynthesis", "level": 1, "duration": 3}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    assert_eq!(started["status"], "queued");
    assert_eq!(started["cost"], 1);
    assert_eq!(available(&app, uid).await, 9);

    let job_id = started["job_id"].as_str().unwrap();
    let status: Value = app
        .get_authed(&format!("/api/job/{job_id}/status"), &me.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["status"], "queued");
    assert_eq!(status["progress"], 0);
    assert_eq!(status["current_step"], "Queued for processing...");
    assert_eq!(status["title"], "Photosynthesis");
    assert_eq!(status["video_url"], Value::Null);

    let list: Value = app
        .get_authed("/api/jobs", &me.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list["jobs"][0]["job_id"], job_id);
    assert_ledger_matches(&app, uid).await;
}

#[tokio::test]
async fn ten_minutes_and_more_cost_two_credits_and_a_dry_run_costs_nothing() {
    let app = spawn_app().await;
    let me = app.sign_in("long@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let long: Value = generate(
        &app,
        &me.access_token,
        json!({"user_id": uid, "topic": "Rome", "duration": 10}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(long["cost"], 2);
    let dry: Value = generate(
        &app,
        &me.access_token,
        json!({"user_id": uid, "topic": "Rome", "duration": 10, "dry_run": true}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(dry["cost"], 0);
    assert_eq!(available(&app, uid).await, 8);
    assert_ledger_matches(&app, uid).await;
}

#[tokio::test]
async fn bad_requests_get_a_422_naming_the_field_and_charge_nothing() {
    let app = spawn_app().await;
    let me = app.sign_in("careless@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let long_topic = "x".repeat(10_000);
    let cases = [
        (json!({"topic": "Cells"}), "user_id"),
        (json!({"user_id": uid, "topic": ""}), "topic"),
        (json!({"user_id": uid, "topic": "   "}), "topic"),
        (json!({"user_id": uid, "topic": long_topic}), "topic"),
        (
            json!({"user_id": uid, "topic": "Cells", "duration": 0}),
            "duration",
        ),
        (
            json!({"user_id": uid, "topic": "Cells", "duration": 99}),
            "duration",
        ),
        (
            json!({"user_id": uid, "topic": "Cells", "duration": "five"}),
            "duration",
        ),
        (
            json!({"user_id": uid, "topic": "Cells", "level": "expert"}),
            "level",
        ),
        (
            json!({"user_id": uid, "topic": "Cells", "level": 7}),
            "level",
        ),
        (json!({"user_id": uid, "topic": 42}), "topic"),
        (
            json!({"user_id": uid, "topic": "Cells", "wpm": 1000}),
            "wpm",
        ),
        (
            json!({"user_id": uid, "topic": "Cells", "colour": "blue"}),
            "colour",
        ),
    ];
    for (body, field) in cases {
        let response = generate(&app, &me.access_token, body.clone()).await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}"
        );
        let detail: Value = response.json().await.unwrap();
        let locs: Vec<String> = detail["detail"]
            .as_array()
            .unwrap_or_else(|| panic!("{detail}"))
            .iter()
            .map(|e| e["loc"].to_string())
            .collect();
        assert!(locs.iter().any(|l| l.contains(field)), "{body}: {detail}");
    }
    let malformed = app
        .client
        .post(app.url("/api/video/generate"))
        .bearer_auth(&me.access_token)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(malformed.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let list: Value = app
        .get_authed("/api/jobs", &me.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        list["jobs"].as_array().unwrap().len(),
        0,
        "no job was created"
    );
    assert_eq!(available(&app, uid).await, 10, "nothing was charged");
}

/// Issue 18: what cannot be drawn on a slide or spoken is refused at submit, before any
/// credit is reserved, with a `detail` naming the field and the character as the learner
/// sees it (never its code point: issue 54); the awkward
/// topics the slides can lay out (long words, URLs, other scripts, markup characters) pass.
#[tokio::test]
async fn characters_the_slides_cannot_draw_are_refused_at_submit_and_cost_nothing() {
    let app = spawn_app().await;
    let me = app.sign_in("emoji@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    for (topic, named) in [
        ("Rockets \u{1F680} and orbits", "\"\u{1F680}\""),
        ("\u{6771}\u{4EAC} history", "\"\u{6771}\""),
        ("Bell\u{7} ringing", "control character"),
    ] {
        let body = json!({"user_id": uid, "topic": topic});
        let response = generate(&app, &me.access_token, body.clone()).await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}"
        );
        let detail: Value = response.json().await.unwrap();
        let error = &detail["detail"][0];
        assert_eq!(error["loc"], json!(["body", "topic"]), "{detail}");
        let msg = error["msg"].as_str().unwrap();
        assert!(msg.contains(named), "{detail}");
        assert!(!msg.contains("U+"), "no code point is shown: {detail}");
    }
    let problem = app
        .client
        .post(app.url("/api/video/generate-solution"))
        .bearer_auth(&me.access_token)
        .json(&json!({"user_id": uid, "problem_text": "Solve 2x + 1 = 5 \u{1F914}"}))
        .send()
        .await
        .unwrap();
    assert_eq!(problem.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let detail: Value = problem.json().await.unwrap();
    assert_eq!(
        detail["detail"][0]["loc"],
        json!(["body", "problem_text"]),
        "{detail}"
    );
    assert_eq!(available(&app, uid).await, 10, "nothing was charged");

    for topic in [
        "Pneumonoultramicroscopicsilicovolcanoconiosis",
        "std::collections::HashMap::with_capacity_and_hasher",
        "Reading Hebrew right to left: \u{5E9}\u{5DC}\u{5D5}\u{5DD}",
        "x < y & y > z, #tags, $100, C:\\Users",
        "Multi\nline\ttopic",
    ] {
        let body = json!({"user_id": uid, "topic": topic, "dry_run": true});
        let response = generate(&app, &me.access_token, body.clone()).await;
        assert_eq!(response.status(), StatusCode::ACCEPTED, "{body}");
    }
}

#[tokio::test]
async fn the_user_id_must_be_the_callers() {
    let app = spawn_app().await;
    let me = app.sign_in("me@example.com").await;
    let other = app.sign_in_with(&browser(), "other@example.com").await;
    let response = generate(
        &app,
        &me.access_token,
        json!({"user_id": other.user["uid"], "topic": "Cells"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn twenty_concurrent_submissions_with_ten_credits_accept_exactly_ten() {
    // Credits alone decide here: the per-minute rate is opened wide.
    let app = crate::helpers::spawn_app_with(vec![("work_per_minute", "1000".into())]).await;
    let me = app.sign_in("eager@example.com").await;
    let uid = me.user["uid"].as_str().unwrap().to_string();
    let requests = (0..20).map(|i| {
        let client = app.client.clone();
        let url = app.url("/api/video/generate");
        let token = me.access_token.clone();
        let uid = uid.clone();
        async move {
            client
                .post(url)
                .bearer_auth(token)
                .json(&json!({"user_id": uid, "topic": format!("Topic {i}"), "duration": 1}))
                .send()
                .await
                .unwrap()
                .status()
        }
    });
    let statuses = futures::future::join_all(requests).await;
    let accepted = statuses
        .iter()
        .filter(|s| **s == StatusCode::ACCEPTED)
        .count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::PAYMENT_REQUIRED)
        .count();
    assert_eq!((accepted, refused), (10, 10), "{statuses:?}");
    assert_eq!(available(&app, &uid).await, 0);
    let list: Value = app
        .get_authed("/api/jobs", &me.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list["jobs"].as_array().unwrap().len(), 10);
    assert_ledger_matches(&app, &uid).await;

    let broke = generate(
        &app,
        &me.access_token,
        json!({"user_id": uid, "topic": "One more"}),
    )
    .await;
    assert_eq!(broke.status(), StatusCode::PAYMENT_REQUIRED);
    let body: Value = broke.json().await.unwrap();
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("Not enough credits")
    );
}

#[tokio::test]
async fn cancelling_a_queued_job_refunds_it_once() {
    let app = spawn_app().await;
    let me = app.sign_in("changed-mind@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let started: Value = generate(
        &app,
        &me.access_token,
        json!({"user_id": uid, "topic": "Tides"}),
    )
    .await
    .json()
    .await
    .unwrap();
    let job_id = started["job_id"].as_str().unwrap();
    assert_eq!(available(&app, uid).await, 9);

    let cancel = |app: &TestApp| {
        app.client
            .post(app.url(&format!("/api/job/{job_id}/cancel")))
            .bearer_auth(&me.access_token)
            .send()
    };
    let first = cancel(&app).await.unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    let body: Value = first.json().await.unwrap();
    assert_eq!(body["status"], "cancelled");
    let again = cancel(&app).await.unwrap();
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(available(&app, uid).await, 10);
    assert_ledger_matches(&app, uid).await;
}

#[tokio::test]
async fn another_users_job_and_media_answer_404() {
    let app = spawn_app().await;
    let owner = app.sign_in("owner@example.com").await;
    let uid = owner.user["uid"].as_str().unwrap();
    let started: Value = generate(
        &app,
        &owner.access_token,
        json!({"user_id": uid, "topic": "Owls"}),
    )
    .await
    .json()
    .await
    .unwrap();
    let job_id = started["job_id"].as_str().unwrap();
    let intruder = app.sign_in_with(&browser(), "intruder@example.com").await;
    for path in [
        format!("/api/job/{job_id}/status"),
        format!("/api/video/{job_id}"),
        format!("/api/media/subtitles/{job_id}"),
        format!("/api/media/thumbnail/{job_id}"),
    ] {
        let response = app.get_authed(&path, &intruder.access_token).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let cancel = app
        .client
        .post(app.url(&format!("/api/job/{job_id}/cancel")))
        .bearer_auth(&intruder.access_token)
        .send()
        .await
        .unwrap();
    assert_eq!(cancel.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        available(&app, uid).await,
        9,
        "the intruder could not cancel it"
    );
}

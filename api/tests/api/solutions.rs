//! Problem-solution jobs through the API, without workers: validation, defaults and
//! aliases, the one-credit charge, the free reading of a problem (`POST /api/problems/read`),
//! and the refusal of problems that are neither read nor solved before anything is charged.
//! (Workers solving them are tested in the `lectern` crate.)

use lectern_core::{credits, jobs};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, browser, spawn_app, spawn_app_with};

async fn solve(app: &TestApp, token: &str, body: Value) -> reqwest::Response {
    app.client
        .post(app.url("/api/video/generate-solution"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

async fn available(app: &TestApp, uid: &str) -> i64 {
    credits::balance(&app.db, uid).await.unwrap().available
}

async fn job_count(app: &TestApp, token: &str) -> usize {
    let list: Value = app
        .get_authed("/api/jobs", token)
        .await
        .json()
        .await
        .unwrap();
    list["jobs"].as_array().unwrap().len()
}

/// The parameters the job was stored with, as the worker will read them.
async fn stored_params(app: &TestApp, job_id: &str) -> Value {
    let job = jobs::find(&app.db, job_id).await.unwrap().unwrap();
    assert_eq!(job.kind, "problem");
    serde_json::from_str(&job.params).unwrap()
}

fn first_error(body: &Value) -> &Value {
    &body["detail"]
        .as_array()
        .unwrap_or_else(|| panic!("{body}"))[0]
}

#[tokio::test]
async fn a_problem_is_queued_with_the_spec_defaults_and_charged_one_credit() {
    let app = spawn_app().await;
    let me = app.sign_in("student@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let response = solve(
        &app,
        &me.access_token,
        json!({"user_id": uid, "problem_text": "  2x + 3 = 11  "}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    assert_eq!(started["status"], "queued");
    assert_eq!(started["cost"], 1);
    assert_eq!(started["title"], "2x + 3 = 11");
    assert_eq!(available(&app, uid).await, 9);

    let job_id = started["job_id"].as_str().unwrap();
    let params = stored_params(&app, job_id).await;
    assert_eq!(params["problem_text"], "2x + 3 = 11");
    assert_eq!(params["subject"], "math");
    assert_eq!(params["problem_type"], "homework");
    assert_eq!(params["detail_level"], 2);
    assert_eq!(params["duration_minutes"], 3);
    assert_eq!(params["show_work"], true);
    assert_eq!(params["is_global"], false);
    assert_eq!(params["dry_run"], false);

    let status: Value = app
        .get_authed(&format!("/api/job/{job_id}/status"), &me.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["kind"], "problem");
    assert_eq!(status["status"], "queued");
    assert_eq!(status["current_step"], "Queued for processing...");
    assert_eq!(status["cost"], 1);
    assert_eq!(
        credits::ledger_sum(&app.db, uid).await.unwrap(),
        9,
        "the ledger agrees with the balance"
    );
}

#[tokio::test]
async fn problem_and_duration_are_accepted_as_aliases() {
    let app = spawn_app().await;
    let me = app.sign_in("alias@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let response = solve(
        &app,
        &me.access_token,
        json!({
            "user_id": uid,
            "problem": "x^2 - 5x + 6 = 0",
            "duration": 7,
            "subject": "Algebra",
            "problem_type": "exam",
            "detail_level": "3",
            "show_work": false,
            "is_global": true,
        }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    let params = stored_params(&app, started["job_id"].as_str().unwrap()).await;
    assert_eq!(params["problem_text"], "x^2 - 5x + 6 = 0");
    assert_eq!(params["duration_minutes"], 7);
    assert_eq!(params["subject"], "Algebra");
    assert_eq!(params["problem_type"], "exam");
    assert_eq!(params["detail_level"], 3);
    assert_eq!(params["show_work"], false);
    assert_eq!(params["is_global"], true);
}

#[tokio::test]
async fn short_and_long_problems_get_the_spec_titles() {
    let app = spawn_app().await;
    let me = app.sign_in("titles@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let long = format!("{} = x + 1", "2 + ".repeat(40).trim_end_matches(" + "));
    let cases = [
        ("x=4".to_string(), "Problem Solution: x=4".to_string()),
        ("x + 1 = 2".to_string(), "x + 1 = 2".to_string()),
        (
            long.clone(),
            format!("{}...", long.chars().take(97).collect::<String>()),
        ),
    ];
    for (problem, title) in cases {
        let response = solve(
            &app,
            &me.access_token,
            json!({"user_id": uid, "problem_text": problem, "dry_run": true}),
        )
        .await;
        assert_eq!(response.status(), StatusCode::ACCEPTED, "{problem}");
        let started: Value = response.json().await.unwrap();
        assert_eq!(started["title"], title.as_str(), "{problem}");
    }
    assert_eq!(jobs::problem_title("  math "), "Problem Solution: math");
    assert_eq!(jobs::problem_title("MATH"), "Problem Solution: MATH");
    assert_eq!(jobs::problem_title(&"y".repeat(100)), "y".repeat(100));
}

#[tokio::test]
async fn a_dry_run_charges_nothing() {
    let app = spawn_app().await;
    let me = app.sign_in("planner@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let started: Value = solve(
        &app,
        &me.access_token,
        json!({"user_id": uid, "problem_text": "d/dx(x^3 + 2x)", "dry_run": true}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(started["cost"], 0);
    assert_eq!(available(&app, uid).await, 10);
}

#[tokio::test]
async fn bad_requests_get_a_422_naming_the_field_and_charge_nothing() {
    let app = spawn_app().await;
    let me = app.sign_in("careless-solver@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let ok = "2x + 3 = 11";
    let cases = [
        (json!({"problem_text": ok}), "user_id"),
        (json!({"user_id": "", "problem_text": ok}), "user_id"),
        (json!({"user_id": uid}), "problem_text"),
        (
            json!({"user_id": uid, "problem_text": "   "}),
            "problem_text",
        ),
        (
            json!({"user_id": uid, "problem_text": "1 + ".repeat(600)}),
            "problem_text",
        ),
        (json!({"user_id": uid, "problem_text": 42}), "problem_text"),
        (
            json!({"user_id": uid, "problem_text": ok, "video_duration": 0}),
            "video_duration",
        ),
        (
            json!({"user_id": uid, "problem_text": ok, "duration": 11}),
            "video_duration",
        ),
        (
            json!({"user_id": uid, "problem_text": ok, "video_duration": "three"}),
            "video_duration",
        ),
        (
            json!({"user_id": uid, "problem_text": ok, "detail_level": 0}),
            "detail_level",
        ),
        (
            json!({"user_id": uid, "problem_text": ok, "detail_level": 4}),
            "detail_level",
        ),
        (
            json!({"user_id": uid, "problem_text": ok, "detail_level": "hard"}),
            "detail_level",
        ),
        (
            json!({"user_id": uid, "problem_text": ok, "show_work": "yes"}),
            "show_work",
        ),
        (
            json!({"user_id": uid, "problem_text": ok, "subject": "s".repeat(61)}),
            "subject",
        ),
        (
            json!({"user_id": uid, "problem_text": ok, "problem_type": "t".repeat(61)}),
            "problem_type",
        ),
        (
            json!({"user_id": uid, "problem_text": ok, "colour": "blue"}),
            "colour",
        ),
    ];
    for (body, field) in cases {
        let response = solve(&app, &me.access_token, body.clone()).await;
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
    let missing_user: Value = solve(&app, &me.access_token, json!({"problem_text": ok}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        first_error(&missing_user)["msg"],
        "User ID is required for problem solving"
    );
    assert_eq!(
        job_count(&app, &me.access_token).await,
        0,
        "no job was created"
    );
    assert_eq!(available(&app, uid).await, 10, "nothing was charged");
}

#[tokio::test]
async fn without_a_language_model_a_problem_the_solver_cannot_handle_is_refused_before_any_charge()
{
    let app = spawn_app().await;
    let me = app.sign_in("curious@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    for problem in [
        "Why is the sky blue?",
        "Balance the equation H2 + O2 -> H2O",
        "x^5 - x + 1 = 0",
        "sin(x) = 1/2",
    ] {
        let response = solve(
            &app,
            &me.access_token,
            json!({"user_id": uid, "problem_text": problem, "subject": "physics"}),
        )
        .await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{problem}"
        );
        let body: Value = response.json().await.unwrap();
        let error = first_error(&body);
        assert_eq!(error["type"], "needs_language_model", "{body}");
        assert_eq!(error["loc"], json!(["body", "problem_text"]));
        // The refusal quotes the problem and says how to write one Lectern can solve.
        let msg = error["msg"].as_str().unwrap();
        assert!(msg.contains(&format!("\"{problem}\"")), "{body}");
        assert!(
            msg.contains("without a language model") || msg.contains("for example"),
            "{body}"
        );
    }
    let undefined: Value = solve(
        &app,
        &me.access_token,
        json!({"user_id": uid, "problem_text": "7 / (3 - 3)"}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(first_error(&undefined)["type"], "no_answer");
    assert!(
        first_error(&undefined)["msg"]
            .as_str()
            .unwrap()
            .contains("by zero"),
        "{undefined}"
    );
    assert_eq!(
        job_count(&app, &me.access_token).await,
        0,
        "no job was created"
    );
    assert_eq!(available(&app, uid).await, 10, "nothing was charged");
    assert_eq!(credits::ledger_sum(&app.db, uid).await.unwrap(), 10);
}

#[tokio::test]
async fn a_word_problem_whose_set_up_leaves_out_an_amount_is_refused_before_any_charge() {
    let app = spawn_app().await;
    let me = app.sign_in("taxed@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let problem =
        "A train travels 240 km in 3 hours and then 100 km more. What is its average speed?";
    let reading: Value = read_problem(
        &app,
        Some(&me.access_token),
        json!({"problem_text": problem}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(reading["solvable"], false, "{reading}");
    assert_eq!(reading["reading"], "240 km / 3 h", "{reading}");
    let detail = reading["detail"].as_str().unwrap();
    assert!(detail.contains("does not use 100 km"), "{reading}");

    let response = solve(
        &app,
        &me.access_token,
        json!({"user_id": uid, "problem_text": problem}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = response.json().await.unwrap();
    assert_eq!(first_error(&body)["type"], "needs_language_model", "{body}");
    assert_eq!(first_error(&body)["msg"].as_str(), Some(detail), "{body}");
    assert_eq!(
        job_count(&app, &me.access_token).await,
        0,
        "no job was created"
    );
    assert_eq!(available(&app, uid).await, 10, "nothing was charged");
}

#[tokio::test]
async fn with_a_language_model_configured_any_problem_is_accepted() {
    let app = spawn_app_with(vec![
        ("llm_base_url", "http://127.0.0.1:9/v1".to_string()),
        ("llm_model", "stand-in".to_string()),
    ])
    .await;
    let me = app.sign_in("physicist@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let response = solve(
        &app,
        &me.access_token,
        json!({"user_id": uid, "problem_text": "Why is the sky blue?", "subject": "physics"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    assert_eq!(available(&app, uid).await, 9);
    let capabilities: Value = app
        .get("/api/video-functions-status")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(capabilities["problem_solving"]["available"], true);
}

#[tokio::test]
async fn the_user_id_must_be_the_callers_and_a_signed_out_caller_is_refused() {
    let app = spawn_app().await;
    let me = app.sign_in("me-solver@example.com").await;
    let other = app
        .sign_in_with(&browser(), "other-solver@example.com")
        .await;
    let response = solve(
        &app,
        &me.access_token,
        json!({"user_id": other.user["uid"], "problem_text": "2x + 3 = 11"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let anonymous = app
        .client
        .post(app.url("/api/video/generate-solution"))
        .json(&json!({"user_id": other.user["uid"], "problem_text": "2x + 3 = 11"}))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let uid = other.user["uid"].as_str().unwrap();
    assert_eq!(available(&app, uid).await, 10);
}

#[tokio::test]
async fn a_user_out_of_credits_gets_a_402_and_no_job() {
    let app = spawn_app().await;
    let me = app.sign_in("spent@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    for _ in 0..10 {
        let response = solve(
            &app,
            &me.access_token,
            json!({"user_id": uid, "problem_text": "3 + 4 * 2"}),
        )
        .await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
    }
    let broke = solve(
        &app,
        &me.access_token,
        json!({"user_id": uid, "problem_text": "3 + 4 * 2"}),
    )
    .await;
    assert_eq!(broke.status(), StatusCode::PAYMENT_REQUIRED);
    assert_eq!(job_count(&app, &me.access_token).await, 10);
    assert_eq!(available(&app, uid).await, 0);
}

async fn read_problem(app: &TestApp, token: Option<&str>, body: Value) -> reqwest::Response {
    let request = app.client.post(app.url("/api/problems/read")).json(&body);
    match token {
        Some(token) => request.bearer_auth(token),
        None => request,
    }
    .send()
    .await
    .unwrap()
}

#[tokio::test]
async fn reading_a_problem_is_free_and_says_how_lectern_reads_it() {
    let app = spawn_app().await;
    let me = app.sign_in("reader@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let response = read_problem(
        &app,
        Some(&me.access_token),
        json!({"problem_text": "Find the limit of (x^2 - 1)/(x - 1) as x approaches 1"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let reading: Value = response.json().await.unwrap();
    assert_eq!(
        reading,
        json!({
            "reading": "lim_(x->1) ((x^2 - 1)/(x - 1))",
            "kind": "limit",
            "solvable": true,
            "detail": "Lectern reads this as: lim_(x->1) ((x^2 - 1)/(x - 1))",
        })
    );
    let discount: Value = read_problem(
        &app,
        Some(&me.access_token),
        json!({"problem": "A $60 jacket is 25% off. What is the sale price?"}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(discount["reading"], "$60 - 25% of $60");
    assert_eq!(discount["kind"], "word_problem");
    let unread: Value = read_problem(
        &app,
        Some(&me.access_token),
        json!({"problem_text": "Why is the sky blue?"}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(unread["solvable"], false);
    assert_eq!(unread["reading"], "");
    assert!(
        unread["detail"]
            .as_str()
            .unwrap()
            .contains("\"Why is the sky blue?\""),
        "{unread}"
    );

    let missing = read_problem(&app, Some(&me.access_token), json!({})).await;
    assert_eq!(missing.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let signed_out = read_problem(&app, None, json!({"problem_text": "2x = 4"})).await;
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(available(&app, uid).await, 10, "reading is free");
    assert_eq!(job_count(&app, &me.access_token).await, 0);
}

#[tokio::test]
async fn readings_are_limited_per_user_and_minute() {
    let app = spawn_app().await;
    let me = app.sign_in("eager-reader@example.com").await;
    let mut statuses = Vec::new();
    for _ in 0..61 {
        let response = read_problem(
            &app,
            Some(&me.access_token),
            json!({"problem_text": "What is 15% of 80?"}),
        )
        .await;
        statuses.push(response.status());
    }
    assert!(
        statuses[..60].iter().all(|s| *s == StatusCode::OK),
        "{statuses:?}"
    );
    assert_eq!(statuses[60], StatusCode::TOO_MANY_REQUESTS);
    // Another user is not held back.
    let other = app
        .sign_in_with(&browser(), "another-reader@example.com")
        .await;
    let response = read_problem(
        &app,
        Some(&other.access_token),
        json!({"problem_text": "What is 15% of 80?"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn without_a_language_model_a_problem_in_words_the_solver_reads_is_accepted_and_an_unreadable_one_refused_before_any_charge()
 {
    let app = spawn_app().await;
    let me = app.sign_in("word-problems@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    for problem in [
        "A $60 jacket is 25% off. What is the sale price?",
        "Find the limit of (x^2 - 1)/(x - 1) as x approaches 1",
        "log base 2 of (x + 1) = 3",
        "Solve x^2 - 5x + 6 > 0",
    ] {
        let response = solve(
            &app,
            &me.access_token,
            json!({"user_id": uid, "problem_text": problem}),
        )
        .await;
        assert_eq!(response.status(), StatusCode::ACCEPTED, "{problem}");
    }
    assert_eq!(available(&app, uid).await, 6, "one credit each");

    let response = solve(
        &app,
        &me.access_token,
        json!({"user_id": uid, "problem_text": "A farmer has 17 sheep and all but 9 run away. How many are left?"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = response.json().await.unwrap();
    let msg = first_error(&body)["msg"].as_str().unwrap();
    assert!(msg.contains("problem in words"), "{body}");
    assert!(msg.contains("A farmer has 17 sheep"), "{body}");
    assert_eq!(available(&app, uid).await, 6, "nothing more was charged");
    assert_eq!(job_count(&app, &me.access_token).await, 4);
}

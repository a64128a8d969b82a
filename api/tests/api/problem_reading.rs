//! Problems in words read by the configured language model before anything is charged
//! (issue 51), against a local stand-in that speaks the chat-completions wire format: the
//! model's reading is answered by `POST /api/problems/read` and kept for the job, a confirmed
//! reading is checked against the words, and words neither reader reads are refused with a
//! 422 before any charge.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use axum::{Router, extract::State, routing::post};
use lectern_core::{credits, jobs};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_app_with};

const AGES: &str = "Ann is 6 years older than Ben, and their ages total 40. How old is Ben?";

type Shared<T> = Arc<Mutex<T>>;

/// The stand-in's replies still to give and the requests it was sent.
type StandInState = (Shared<VecDeque<String>>, Shared<Vec<Value>>);

/// Answers each chat completion with the next notation (the last one repeats) and counts
/// the requests.
struct ModelStandIn {
    base_url: String,
    requests: Shared<Vec<Value>>,
}

impl ModelStandIn {
    async fn start(notations: &[&str]) -> ModelStandIn {
        let replies: VecDeque<String> = notations.iter().map(|n| n.to_string()).collect();
        let state: StandInState = (Arc::new(Mutex::new(replies)), Shared::default());
        let requests = state.1.clone();
        let app = Router::new()
            .route("/v1/chat/completions", post(chat))
            .with_state(state);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        ModelStandIn { base_url, requests }
    }

    async fn app(&self) -> TestApp {
        spawn_app_with(vec![
            ("llm_base_url", self.base_url.clone()),
            ("llm_model", "stand-in".to_string()),
        ])
        .await
    }

    fn requests(&self) -> usize {
        self.requests.lock().unwrap().len()
    }
}

async fn chat(State((replies, requests)): State<StandInState>, body: String) -> axum::Json<Value> {
    requests
        .lock()
        .unwrap()
        .push(serde_json::from_str(&body).unwrap_or(Value::Null));
    let notation = {
        let mut replies = replies.lock().unwrap();
        if replies.len() > 1 {
            replies.pop_front().unwrap()
        } else {
            replies.front().cloned().unwrap_or_default()
        }
    };
    axum::Json(json!({
        "id": "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
        "object": "chat.completion",
        "created": 1741569952,
        "model": "stand-in",
        "choices": [{
            "index": 0,
            "message": { "role": "assistant", "content": json!({"notation": notation}).to_string(), "refusal": null, "annotations": [] },
            "logprobs": null,
            "finish_reason": "stop"
        }],
        "usage": { "prompt_tokens": 19, "completion_tokens": 10, "total_tokens": 29 },
        "service_tier": "default"
    }))
}

async fn post_json(app: &TestApp, path: &str, token: &str, body: Value) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

async fn available(app: &TestApp, uid: &str) -> i64 {
    credits::balance(&app.db, uid).await.unwrap().available
}

fn first_error(body: &Value) -> &Value {
    &body["detail"]
        .as_array()
        .unwrap_or_else(|| panic!("{body}"))[0]
}

#[tokio::test]
async fn the_models_reading_is_shown_and_kept_for_the_job_asking_the_model_once() {
    let model = ModelStandIn::start(&["b + (b + 6) = 40"]).await;
    let app = model.app().await;
    let me = app.sign_in("wordy@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();

    let response = post_json(
        &app,
        "/api/problems/read",
        &me.access_token,
        json!({"problem_text": AGES}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let reading: Value = response.json().await.unwrap();
    assert_eq!(
        reading,
        json!({
            "reading": "b + (b + 6) = 40",
            "kind": "linear_equation",
            "solvable": true,
            "detail": "Lectern reads this as: b + (b + 6) = 40",
        })
    );
    assert_eq!(available(&app, uid).await, 10, "reading is free");

    let response = post_json(
        &app,
        "/api/video/generate-solution",
        &me.access_token,
        json!({"user_id": uid, "problem_text": AGES}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    let job = jobs::find(&app.db, started["job_id"].as_str().unwrap())
        .await
        .unwrap()
        .unwrap();
    let params: Value = serde_json::from_str(&job.params).unwrap();
    assert_eq!(params["problem_text"], AGES);
    assert_eq!(
        params["reading"], "b + (b + 6) = 40",
        "the job solves the reading"
    );
    assert_eq!(available(&app, uid).await, 9);
    assert_eq!(model.requests(), 1, "the reading shown is the one kept");
}

#[tokio::test]
async fn words_the_model_cannot_read_are_refused_before_any_charge() {
    let model = ModelStandIn::start(&["Ben is seventeen", "17"]).await;
    let app = model.app().await;
    let me = app.sign_in("unread@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let problem = "Ann is 7 years older than Ben, and their ages total 41. How old is Ben?";

    let reading: Value = post_json(
        &app,
        "/api/problems/read",
        &me.access_token,
        json!({"problem_text": problem}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(reading["reading"], "");
    assert_eq!(reading["kind"], "not_understood");
    assert_eq!(reading["solvable"], false);
    let detail = reading["detail"].as_str().unwrap();
    assert!(detail.starts_with("Lectern could not read"), "{detail}");
    assert!(detail.contains("for example"), "{detail}");

    let response = post_json(
        &app,
        "/api/video/generate-solution",
        &me.access_token,
        json!({"user_id": uid, "problem_text": problem}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = response.json().await.unwrap();
    assert_eq!(first_error(&body)["type"], "not_understood", "{body}");
    assert_eq!(first_error(&body)["msg"].as_str(), Some(detail), "{body}");
    assert_eq!(available(&app, uid).await, 10, "nothing was charged");
    let job_list: Value = app
        .get_authed("/api/jobs", &me.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert!(job_list["jobs"].as_array().unwrap().is_empty(), "no job");
    assert_eq!(
        model.requests(),
        2,
        "one answer and one re-ask, kept for submit"
    );
}

#[tokio::test]
async fn a_confirmed_reading_is_checked_against_the_words_without_asking_the_model() {
    let model = ModelStandIn::start(&["never asked"]).await;
    let app = model.app().await;
    let me = app.sign_in("corrector@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let problem = "Ann is 8 years older than Ben, and their ages total 42. How old is Ben?";

    let response = post_json(
        &app,
        "/api/video/generate-solution",
        &me.access_token,
        json!({"user_id": uid, "problem_text": problem, "reading": "b + b = 42"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        first_error(&body)["loc"],
        json!(["body", "reading"]),
        "{body}"
    );
    assert_eq!(first_error(&body)["type"], "reading_not_usable", "{body}");
    let msg = first_error(&body)["msg"].as_str().unwrap();
    assert!(msg.contains("does not use 8"), "{msg}");
    assert_eq!(available(&app, uid).await, 10);

    let response = post_json(
        &app,
        "/api/video/generate-solution",
        &me.access_token,
        json!({"user_id": uid, "problem_text": problem, "reading": " b + (b + 8) = 42 "}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    assert_eq!(available(&app, uid).await, 9);
    assert_eq!(model.requests(), 0);
}

#[tokio::test]
async fn without_a_model_a_confirmed_reading_the_solver_solves_is_accepted() {
    let app = spawn_app().await;
    let me = app.sign_in("offline-corrector@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let response = post_json(
        &app,
        "/api/video/generate-solution",
        &me.access_token,
        json!({"user_id": uid, "problem_text": AGES, "reading": "b + (b + 6) = 40"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let words_only = post_json(
        &app,
        "/api/video/generate-solution",
        &me.access_token,
        json!({"user_id": uid, "problem_text": AGES}),
    )
    .await;
    assert_eq!(words_only.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(available(&app, uid).await, 9);
}

#[tokio::test]
async fn a_model_that_does_not_answer_is_a_502_before_any_charge() {
    let app = spawn_app_with(vec![
        ("llm_base_url", "http://127.0.0.1:9/v1".to_string()),
        ("llm_model", "stand-in".to_string()),
    ])
    .await;
    let me = app.sign_in("unanswered@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let response = post_json(
        &app,
        "/api/video/generate-solution",
        &me.access_token,
        json!({"user_id": uid, "problem_text": "Ann is 9 years older than Ben, and their ages total 43. How old is Ben?"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::BAD_GATEWAY);
    let body: Value = response.json().await.unwrap();
    assert!(
        body["detail"].as_str().unwrap().contains("did not answer"),
        "{body}"
    );
    assert_eq!(available(&app, uid).await, 10);
}

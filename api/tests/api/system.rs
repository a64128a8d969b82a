use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::spawn_app;

#[tokio::test]
async fn health_answers_ok_with_the_database_reachable() {
    let app = spawn_app().await;
    let response = app.get("/health").await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["database"], "ok");
}

#[tokio::test]
async fn debug_names_the_engines_and_no_secret() {
    let app = spawn_app().await;
    let body = app.get("/debug").await.text().await.unwrap();
    let json: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["name"], "lectern");
    assert!(
        json["engines"]["identity"]
            .as_str()
            .unwrap()
            .contains("development")
    );
    assert!(
        json["engines"]["payments"]
            .as_str()
            .unwrap()
            .contains("development checkout")
    );
    assert!(
        !body.contains("test-secret"),
        "the signing key leaked into /debug"
    );
    assert!(
        !body.contains("postgres://"),
        "a connection string leaked into /debug"
    );
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_status() {
    let app = spawn_app().await;
    app.get("/health").await;
    let text = app.get("/metrics").await.text().await.unwrap();
    assert!(text.contains("lectern_http_requests_total"), "{text}");
    assert!(text.contains("route=\"/health\""), "{text}");
    assert!(
        text.contains("lectern_http_request_duration_seconds_bucket"),
        "{text}"
    );
}

#[tokio::test]
async fn unknown_api_paths_answer_json_404() {
    let app = spawn_app().await;
    let response = app.get("/api/does-not-exist").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["detail"], "Not found");
}

#[tokio::test]
async fn other_paths_serve_the_web_app_or_say_it_is_not_built() {
    let app = spawn_app().await;
    let response = app.get("/library/courses").await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(response.text().await.unwrap().contains("not built"));
}

#[tokio::test]
async fn responses_carry_nosniff() {
    let app = spawn_app().await;
    let response = app.get("/health").await;
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
}

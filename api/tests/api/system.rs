use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{spawn_app, spawn_app_with};

#[tokio::test]
async fn health_answers_ok_with_the_database_reachable() {
    let app = spawn_app().await;
    let response = app.get("/health").await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["database"], "ok");
    assert_eq!(body["queue"], "ok");
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

/// The value of the series `name{queue="<queue>"}` in a Prometheus text page.
fn gauge_of(text: &str, name: &str, queue: &str) -> Option<f64> {
    let series = format!("{name}{{queue=\"{queue}\"}} ");
    text.lines()
        .find_map(|line| line.strip_prefix(series.as_str()))
        .and_then(|value| value.trim().parse().ok())
}

#[tokio::test]
async fn metrics_count_the_waiting_jobs_and_the_paid_ones_among_them() {
    // A queue name of its own: the gauges are shared by every app in this test process.
    let queue = format!("lectern-metrics-{}", uuid::Uuid::new_v4().simple());
    let app = spawn_app_with(vec![("queue_name", queue.clone())]).await;
    let me = app.sign_in("waiting@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    for (topic, dry_run) in [("Paid A", false), ("Paid B", false), ("Preview", true)] {
        let response = app
            .client
            .post(app.url("/api/video/generate"))
            .bearer_auth(&me.access_token)
            .json(&serde_json::json!({"user_id": uid, "topic": topic, "dry_run": dry_run}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::ACCEPTED, "{topic}");
    }
    let text = app.get("/metrics").await.text().await.unwrap();
    assert_eq!(
        gauge_of(&text, "lectern_queue_depth", &queue),
        Some(3.0),
        "{text}"
    );
    assert_eq!(
        gauge_of(&text, "lectern_queue_depth_paid", &queue),
        Some(2.0),
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

#[tokio::test]
async fn every_response_carries_a_content_security_policy_that_forbids_framing() {
    let app = spawn_app().await;
    for path in [
        "/health",
        "/",
        "/library",
        "/api/credit-packages",
        "/api/nothing-here",
    ] {
        let response = app.get(path).await;
        let headers = response.headers();
        let policy = headers["content-security-policy"].to_str().unwrap();
        for directive in [
            "default-src 'self'",
            "script-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(
                policy.contains(directive),
                "{path}: {directive} in {policy}"
            );
        }
        assert!(
            !policy
                .split(';')
                .any(|d| d.trim().starts_with("script-src") && d.contains("unsafe")),
            "{path}: no unsafe script source in {policy}"
        );
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert!(
            headers.get("strict-transport-security").is_none(),
            "{path}: no HSTS over plain HTTP"
        );
    }
}

#[tokio::test]
async fn hsts_is_sent_when_the_public_url_is_https() {
    let app = spawn_app_with(vec![("public_url", "https://lectern.example".into())]).await;
    let response = app.get("/health").await;
    assert_eq!(
        response.headers()["strict-transport-security"],
        "max-age=31536000; includeSubDomains"
    );
}

#[tokio::test]
async fn a_sign_in_result_page_may_run_its_own_script_and_no_other() {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let app = spawn_app().await;
    let response = app.get("/auth/google/callback?code=x&state=unknown").await;
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    let page = response.text().await.unwrap();
    let script = page
        .split("<script>")
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("the result page has its script");
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(script.as_bytes()));
    assert!(
        policy.contains(&format!("script-src 'self' 'sha256-{hash}'")),
        "{policy}"
    );
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
}

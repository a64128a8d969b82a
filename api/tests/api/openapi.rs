//! The OpenAPI document: served to anyone, true to the routes, and the web app's generated
//! types in step with it.

use std::path::Path;

use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::spawn_app;

const REGENERATE: &str =
    "just openapi   (or: cargo run -p lectern-api --example openapi && cd web && npm run gen:api)";

/// The stale check: `web/src/types/openapi.json` and `limits.ts` are what Rust writes now.
/// (`web/src/types/openapi.test.ts` checks `openapi.ts` against `openapi.json` in turn.)
#[test]
fn the_web_types_are_what_the_api_describes_now() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/types");
    let mut stale = Vec::new();
    for (name, expected) in lectern_api::openapi::web_types() {
        let path = dir.join(name);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != expected {
            let line = committed
                .lines()
                .zip(expected.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| committed.lines().count().min(expected.lines().count()));
            stale.push(format!(
                "web/src/types/{name} differs from what the API describes now (first at line {})",
                line + 1
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "{}\nRegenerate with: {REGENERATE}",
        stale.join("\n")
    );
}

fn operations(document: &Value) -> Vec<(Method, String, Value)> {
    let mut found = Vec::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("a path item") {
            if let Ok(method) = method.to_uppercase().parse::<Method>() {
                found.push((method, path.clone(), operation.clone()));
            }
        }
    }
    found
}

#[tokio::test]
async fn the_document_is_served_to_anyone_as_openapi_3_1() {
    let app = spawn_app().await;
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    let served: Value = response.json().await.unwrap();
    assert_eq!(served["openapi"], "3.1.0");
    let written: Value = serde_json::from_str(&lectern_api::openapi::to_json()).unwrap();
    assert_eq!(served, written);
}

/// Every `$ref` names a schema the document holds, and every operation has its own id (the
/// generated web types are keyed by them).
#[test]
fn the_document_is_whole() {
    let document = serde_json::to_value(lectern_api::openapi::document()).unwrap();
    let text = document.to_string();
    let schemas = document["components"]["schemas"].as_object().unwrap();
    for reference in text.split(r#""$ref":""#).skip(1) {
        let target = reference.split('"').next().unwrap();
        let name = target
            .strip_prefix("#/components/schemas/")
            .unwrap_or_else(|| panic!("{target} is not a schema reference"));
        assert!(schemas.contains_key(name), "{target} names no schema");
    }
    let mut ids: Vec<String> = operations(&document)
        .into_iter()
        .map(|(_, _, operation)| operation["operationId"].as_str().unwrap().to_string())
        .collect();
    let count = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), count, "two operations share an operationId");
}

/// What the web app calls (`web/src/features/*/api`, `web/src/lib`), each described.
#[test]
fn every_call_of_the_web_app_is_described_with_its_errors() {
    let document = lectern_api::openapi::document();
    let document = serde_json::to_value(&document).unwrap();
    let calls = [
        ("get", "/health"),
        ("get", "/debug"),
        ("post", "/auth/refresh"),
        ("post", "/auth/logout"),
        ("get", "/auth/google/start"),
        ("get", "/api/me"),
        ("get", "/api/video-functions-status"),
        ("post", "/api/video/generate"),
        ("post", "/api/video/generate-solution"),
        ("post", "/api/generate-course"),
        ("post", "/api/generate-lesson-video"),
        ("post", "/api/generate-all-lesson-videos"),
        ("get", "/api/job/{id}/status"),
        ("post", "/api/job/{id}/cancel"),
        ("get", "/api/courses/{id}"),
        ("get", "/api/auth/user/{user_id}/credits"),
        ("get", "/api/credit-packages"),
        ("post", "/api/create-checkout-session"),
        ("get", "/api/checkout-session/{id}"),
        ("get", "/api/auth/user/{user_id}/search"),
        ("get", "/api/library/videos/{id}"),
        ("patch", "/api/library/videos/{id}"),
        ("patch", "/api/library/courses/{id}"),
        ("delete", "/api/library/videos/{id}"),
        ("delete", "/api/library/courses/{id}"),
        ("get", "/api/public/explore/courses"),
        ("get", "/api/public/explore/videos"),
        ("get", "/api/public/courses/{id}"),
        ("get", "/api/media/subtitles/{id}"),
        ("get", "/api/media/thumbnail/{id}"),
        ("get", "/api/media/course-thumbnail/{id}"),
        ("get", "/api/video/{id}"),
        ("get", "/api/sources"),
        ("post", "/api/sources"),
        ("get", "/api/sources/{id}"),
        ("delete", "/api/sources/{id}"),
    ];
    for (method, path) in calls {
        let operation = &document["paths"][path][method];
        assert!(operation.is_object(), "{method} {path} is not described");
        let responses = operation["responses"].as_object().unwrap();
        for (status, response) in responses {
            let Some(content) = response.get("content").filter(|_| status.starts_with('4')) else {
                continue;
            };
            if content.get("text/html").is_some() {
                // The sign-in's result page, shown in the popup or the browser.
                assert!(path.starts_with("/auth/google/"), "{method} {path}: HTML");
                continue;
            }
            assert_eq!(
                content["application/json"]["schema"]["$ref"], "#/components/schemas/ErrorBody",
                "{method} {path} answers {status} without the {{detail}} shape"
            );
        }
        let body = &operation["requestBody"]["content"]["application/json"]["schema"];
        if method == "post" && path.starts_with("/api/") && !path.ends_with("/cancel") {
            assert!(body.is_object(), "{method} {path} has no request body");
        }
    }
    let video = &document["components"]["schemas"]["GenerateVideo"]["properties"];
    assert_eq!(video["wpm"]["minimum"], 80);
    assert_eq!(video["wpm"]["maximum"], 250);
    assert_eq!(video["duration"]["maximum"], 15);
    assert_eq!(
        document["components"]["schemas"]["ErrorBody"]["properties"]["detail"]["$ref"],
        "#/components/schemas/Detail"
    );
}

/// Every described operation is served at its path (never the `/api` fallback, a 405 or the
/// single-page app), and one that asks for a bearer token refuses a call without one.
#[tokio::test]
async fn every_described_operation_is_routed_and_guarded_as_described() {
    let app = spawn_app().await;
    let document = serde_json::to_value(lectern_api::openapi::document()).unwrap();
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let operations = operations(&document);
    assert!(operations.len() >= 35, "{} operations", operations.len());
    for (method, path, operation) in operations {
        let concrete = path
            .replace("{id}", "no-such-id")
            .replace("{user_id}", "no-such-user");
        let mut request = client.request(method.clone(), app.url(&concrete));
        if method != Method::GET && method != Method::DELETE {
            request = request
                .header("content-type", "application/json")
                .header("origin", &app.address)
                .body("{}");
        }
        let response = request.send().await.unwrap();
        let status = response.status();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let text = response.text().await.unwrap_or_default();
        assert_ne!(
            status,
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path} is not routed"
        );
        assert!(
            !(status == StatusCode::NOT_FOUND && text.contains(r#""detail":"Not found""#)),
            "{method} {path} fell through to the API's fallback"
        );
        assert!(
            !content_type.starts_with("text/html") || path.starts_with("/auth/google"),
            "{method} {path} was answered by the single-page app"
        );
        if operation["security"] == serde_json::json!([{ "bearer": [] }]) {
            assert_eq!(
                status,
                StatusCode::UNAUTHORIZED,
                "{method} {path} needs a bearer token but answered without one: {text}"
            );
        }
    }
}

/// Issue 52: what a client needs to know about the limits is in the document. Every
/// operation that takes a body describes the 413 of a body over 2 MB; every 429, and the 503
/// of a busy queue, names its `Retry-After` header.
#[test]
fn every_body_may_be_too_large_and_every_wait_says_when_to_ask_again() {
    let document = serde_json::to_value(lectern_api::openapi::document()).unwrap();
    let mut bodies = 0;
    let mut waits = 0;
    for (method, path, operation) in operations(&document) {
        let responses = &operation["responses"];
        if operation.get("requestBody").is_some() {
            bodies += 1;
            assert_eq!(
                responses["413"]["content"]["application/json"]["schema"]["$ref"],
                "#/components/schemas/ErrorBody",
                "{method} {path} takes a body but describes no 413"
            );
        }
        for (status, response) in responses.as_object().unwrap() {
            let says_retry = response["description"]
                .as_str()
                .unwrap_or_default()
                .contains("Retry-After");
            if status == "429" || (status == "503" && says_retry) {
                waits += 1;
                assert_eq!(
                    response["headers"]["Retry-After"]["schema"]["type"], "integer",
                    "{method} {path}: its {status} names no Retry-After header"
                );
            }
        }
    }
    let started = &document["paths"]["/api/video/generate"]["post"]["responses"];
    assert!(started["429"]["headers"]["Retry-After"].is_object());
    assert!(started["503"]["headers"]["Retry-After"].is_object());
    assert!(started["413"].is_object());
    assert!(bodies >= 14 && waits >= 8, "{bodies} bodies, {waits} waits");
}

/// What the document says of 413 is what the server does: every described operation that
/// takes a body answers a 3 MB one with 413 and a `{"detail": ...}`.
#[tokio::test]
async fn every_operation_that_takes_a_body_answers_413_to_three_megabytes() {
    let app = spawn_app().await;
    let me = app.sign_in("big@example.com").await;
    let document = serde_json::to_value(lectern_api::openapi::document()).unwrap();
    let big = format!(r#"{{"topic":"{}"}}"#, "a".repeat(3 * 1024 * 1024));
    let mut checked = 0;
    for (method, path, operation) in operations(&document) {
        if operation.get("requestBody").is_none() {
            continue;
        }
        let uid = me.user["uid"].as_str().unwrap();
        let concrete = path.replace("{id}", "no-such-id").replace("{user_id}", uid);
        let response = app
            .client
            .request(method.clone(), app.url(&concrete))
            .bearer_auth(&me.access_token)
            .header("content-type", "application/json")
            .header("origin", &app.address)
            .header("stripe-signature", "t=1,v1=00")
            .body(big.clone())
            .send()
            .await
            .unwrap();
        let status = response.status();
        let body: Value = response.json().await.unwrap_or_default();
        assert_eq!(
            status,
            StatusCode::PAYLOAD_TOO_LARGE,
            "{method} {path}: {body}"
        );
        assert!(
            body["detail"].as_str().unwrap().contains("2 MB"),
            "{method} {path}: {body}"
        );
        checked += 1;
    }
    assert!(checked >= 14, "{checked} operations take a body");
}

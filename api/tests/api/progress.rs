//! A learner's progress in their videos: the player's report is idempotent, the report
//! recorded last wins, the furthest point only grows, a video watched to 90% is complete,
//! and the course page counts its lessons and checkpoints. Another user's video is a 404.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    courses::post,
    helpers::spawn_app,
    library::{Seed, seed_video},
};

fn report(position: f64, furthest: f64, at: &str, checkpoints: Value) -> Value {
    json!({
        "position_seconds": position,
        "furthest_seconds": furthest,
        "checkpoints": checkpoints,
        "recorded_at": at,
    })
}

#[tokio::test]
async fn progress_keeps_the_last_report_and_the_furthest_point_and_completes_at_ninety_percent() {
    let app = spawn_app().await;
    let me = app.sign_in("learner@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let token = &me.access_token;
    // A one-minute video.
    let seeded = seed_video(&app, uid, Seed::default()).await;
    let path = format!("/api/video/{}/progress", seeded.id);

    let before: Value = app.get_authed(&path, token).await.json().await.unwrap();
    assert_eq!(before["furthest_seconds"], 0.0);
    assert_eq!(before["completed"], false);
    assert_eq!(before["recorded_at"], Value::Null);
    assert_eq!(before["duration_seconds"], 60.0);

    let first = report(
        20.0,
        30.0,
        "2026-11-26T10:00:00Z",
        json!([{"question": 0, "correct": true}, {"question": 1, "correct": false}]),
    );
    let saved = post(&app, token, &path, first.clone()).await;
    assert_eq!(saved.status(), StatusCode::OK);
    let saved: Value = saved.json().await.unwrap();
    assert_eq!(saved["position_seconds"], 20.0);
    assert_eq!(saved["furthest_seconds"], 30.0);
    assert_eq!(saved["checkpoints_correct"], 1);
    assert_eq!(saved["checkpoints_answered"], 2);
    // The same report again changes nothing.
    let again: Value = post(&app, token, &path, first).await.json().await.unwrap();
    assert_eq!(again, saved);
    // By the job's id too (the player's address carries it).
    let by_job: Value = app
        .get_authed(&format!("/api/video/{}/progress", seeded.job_id), token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(by_job, saved);

    // A tab that was offline sends an older report: it rewinds nothing, but its furthest
    // point still counts.
    let stale = report(5.0, 40.0, "2026-11-26T09:00:00Z", json!([]));
    let now: Value = post(&app, token, &path, stale).await.json().await.unwrap();
    assert_eq!(now["position_seconds"], 20.0);
    assert_eq!(now["furthest_seconds"], 40.0);
    assert_eq!(now["checkpoints_answered"], 2);
    assert_eq!(now["completed"], false);

    // Rewatching from the start later: the position moves back, the furthest point stays;
    // 54 of 60 seconds watched completes the video, and it stays completed.
    let rewatch = report(
        54.0,
        54.0,
        "2026-11-26T11:00:00Z",
        json!([{"question": 0, "correct": true}, {"question": 1, "correct": true}, {"question": 2, "correct": null}]),
    );
    let done: Value = post(&app, token, &path, rewatch)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(done["completed"], true);
    assert_eq!(done["checkpoints_correct"], 2);
    assert_eq!(
        done["checkpoints_answered"], 2,
        "a skipped question is not answered"
    );
    // The library lists it as watched (and nothing for a video not started).
    let other = seed_video(&app, uid, Seed::default()).await;
    let library: Value = app
        .get_authed(&format!("/api/auth/user/{uid}/search"), token)
        .await
        .json()
        .await
        .unwrap();
    let watched = &library["progress"]["videos"];
    assert_eq!(watched[&seeded.id]["completed"], true);
    assert_eq!(watched[&seeded.id]["furthest_seconds"], 54.0);
    assert_eq!(watched[&other.id], Value::Null);
    let back = report(3.0, 3.0, "2026-11-26T12:00:00Z", json!([]));
    let back: Value = post(&app, token, &path, back).await.json().await.unwrap();
    assert_eq!(back["position_seconds"], 3.0);
    assert_eq!(back["furthest_seconds"], 54.0);
    assert_eq!(back["completed"], true);
    // Beyond the end is the end.
    let past = report(500.0, 900.0, "2026-11-26T13:00:00Z", json!([]));
    let past: Value = post(&app, token, &path, past).await.json().await.unwrap();
    assert_eq!(past["furthest_seconds"], 60.0);
}

#[tokio::test]
async fn a_bad_report_names_its_field_and_another_users_video_is_a_404() {
    let app = spawn_app().await;
    let me = app.sign_in("owner@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let seeded = seed_video(&app, uid, Seed::default()).await;
    let path = format!("/api/video/{}/progress", seeded.id);

    let cases = [
        (
            report(-1.0, 0.0, "2026-11-26T10:00:00Z", json!([])),
            "position_seconds",
        ),
        (
            report(
                1.0,
                1.0,
                "2026-11-26T10:00:00Z",
                json!([{"question": 0, "correct": true}, {"question": 0, "correct": false}]),
            ),
            "checkpoints",
        ),
        (
            report(1.0, 1.0, "2999-01-01T00:00:00Z", json!([])),
            "recorded_at",
        ),
    ];
    for (body, field) in cases {
        let refused = post(&app, &me.access_token, &path, body).await;
        assert_eq!(
            refused.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}"
        );
        let body: Value = refused.json().await.unwrap();
        assert_eq!(body["detail"][0]["loc"], json!(["body", field]), "{body}");
    }
    let no_time = post(
        &app,
        &me.access_token,
        &path,
        json!({"position_seconds": 1.0}),
    )
    .await;
    assert_eq!(no_time.status(), StatusCode::UNPROCESSABLE_ENTITY);

    let other = app.sign_in("other@example.com").await;
    let refused = post(
        &app,
        &other.access_token,
        &path,
        report(1.0, 1.0, "2026-11-26T10:00:00Z", json!([])),
    )
    .await;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    let refused = app.get_authed(&path, &other.access_token).await;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    let anonymous = app.get(&path).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}

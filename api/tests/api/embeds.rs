//! Issue 17 through the API: the embeddable player pages and their frame policy, a published
//! video's public answer, the checkpoints of a transcript, and the printable study sheet.

use reqwest::{StatusCode, header};
use serde_json::{Value, json};

use crate::{
    helpers::{TestApp, browser, spawn_app, spawn_app_with},
    library::{Seed, patch, put_media, seed_video},
};

const INDEX: &str = "<!doctype html><title>Lectern</title><div id=\"root\"></div>";

/// A server whose web app is a one-line index.html.
async fn app_with_web() -> (TestApp, tempfile::TempDir) {
    let web = tempfile::tempdir().unwrap();
    std::fs::write(web.path().join("index.html"), INDEX).unwrap();
    let app = spawn_app_with(vec![("web_dir", web.path().display().to_string())]).await;
    (app, web)
}

fn frame_policy(response: &reqwest::Response) -> (Option<String>, String) {
    let frame_options = response
        .headers()
        .get(header::X_FRAME_OPTIONS)
        .map(|v| v.to_str().unwrap().to_string());
    let policy = response.headers()[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap()
        .to_string();
    let ancestors = policy
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("frame-ancestors"))
        .unwrap_or_default()
        .to_string();
    (frame_options, ancestors)
}

#[tokio::test]
async fn only_a_published_videos_embed_page_may_be_framed_and_an_unpublished_one_is_404() {
    let (app, _web) = app_with_web().await;
    let ada = app.sign_in("ada@example.com").await;
    let uid = ada.user["uid"].as_str().unwrap();
    let video = seed_video(
        &app,
        uid,
        Seed {
            title: "Tides",
            ..Seed::default()
        },
    )
    .await;
    let visitor = browser();
    let get = |path: String| {
        let visitor = visitor.clone();
        let url = app.url(&path);
        async move { visitor.get(url).send().await.unwrap() }
    };

    // Unpublished: the page and the API answer 404, and the page may still be framed, so
    // that the site embedding it shows why.
    for id in [&video.id, &video.job_id] {
        let page = get(format!("/embed/video/{id}")).await;
        assert_eq!(page.status(), StatusCode::NOT_FOUND);
        assert_eq!(frame_policy(&page), (None, "frame-ancestors *".into()));
        assert!(
            page.text()
                .await
                .unwrap()
                .contains("This video is not available")
        );
        let api = get(format!("/api/public/videos/{id}")).await;
        assert_eq!(api.status(), StatusCode::NOT_FOUND);
        assert_eq!(
            api.json::<Value>().await.unwrap(),
            json!({"detail": "Video not found"})
        );
    }

    let published = patch(
        &app,
        &ada.access_token,
        &format!("/api/library/videos/{}", video.id),
        json!({"is_public": true}),
    )
    .await;
    assert_eq!(published.status(), StatusCode::OK);
    for id in [&video.id, &video.job_id] {
        let page = get(format!("/embed/video/{id}")).await;
        assert_eq!(page.status(), StatusCode::OK);
        assert_eq!(frame_policy(&page), (None, "frame-ancestors *".into()));
        assert_eq!(page.text().await.unwrap(), INDEX);
        let api = get(format!("/api/public/videos/{id}")).await;
        assert_eq!(api.status(), StatusCode::OK);
        let body: Value = api.json().await.unwrap();
        assert_eq!(body["id"], video.id.as_str());
        assert_eq!(body["job_id"], video.job_id.as_str());
        assert_eq!(body["title"], "Tides");
        assert_eq!(body["duration"], "1:00");
        // A published video's media open without a token.
        assert_eq!(body["video_url"], format!("/api/video/{}", video.job_id));
        let media = get(body["subtitle_url"].as_str().unwrap().to_string()).await;
        assert_eq!(media.status(), StatusCode::OK);
    }

    // Nothing else may be framed: the app's other pages, the API, an unknown course's embed
    // aside (it is an embed page, framable, and 404).
    for path in ["/library", "/", "/api/public/explore/videos"] {
        let response = get(path.to_string()).await;
        assert_eq!(
            frame_policy(&response),
            (Some("DENY".into()), "frame-ancestors 'none'".into()),
            "{path}"
        );
    }
    let course = get("/embed/course/no-such-course".to_string()).await;
    assert_eq!(course.status(), StatusCode::NOT_FOUND);
    assert!(
        course
            .text()
            .await
            .unwrap()
            .contains("This course is not available")
    );
}

/// A transcript as the pipeline writes it, with two checkpoints and one the player could not
/// ask (no question).
fn transcript() -> Value {
    json!({
        "title": "Projectile Motion",
        "duration": 60.0,
        "scenes": [
            {"index": 0, "kind": "title", "heading": "Projectile Motion", "start": 0.0, "end": 10.0},
            {"index": 1, "kind": "bullets", "heading": "Two motions at once", "start": 10.0, "end": 30.0},
        ],
        "sentences": [{"text": "Welcome.", "start": 0.0, "end": 4.0, "scene": 0}],
        "checkpoints": [
            {"index": 0, "scene": 1, "question": "Which two motions?", "kind": "choice",
             "options": ["Horizontal and vertical", "Round and round"], "answer": 0,
             "explanation": "It moves sideways while it rises and falls.",
             "at": 29.75, "rewatch_from": 10.0, "heading": "Two motions at once"},
            {"index": 1, "scene": 1, "question": "How long is it in the air?", "kind": "number",
             "value": 2.04, "tolerance": 0.05, "unit": "s",
             "explanation": "About 2.04 seconds.",
             "at": 29.75, "rewatch_from": 10.0, "heading": "Two motions at once"},
            {"index": 2, "scene": 1, "kind": "choice"},
        ],
    })
}

fn storyboard() -> Value {
    json!({
        "version": 1, "title": "Projectile Motion", "subject": "Science", "level": 2,
        "target_minutes": 1.0, "wpm": 150, "origin": "model",
        "scenes": [
            {"kind": "title", "title": "Projectile Motion", "subtitle": null, "narration": ["Welcome."]},
            {"kind": "bullets", "heading": "Two motions at once", "items": ["Sideways at a steady speed", "Up and down under gravity"],
             "narration": ["It moves sideways.", "It rises and falls."]},
            {"kind": "summary", "heading": "Key takeaways", "points": ["Two motions at once"], "narration": ["Two motions."]},
        ],
        "checkpoints": [
            {"scene": 1, "question": "Which two motions does a projectile combine?", "kind": "choice",
             "options": ["Horizontal and vertical", "Round and round"], "answer": 0,
             "explanation": "It moves sideways while it rises and falls."},
        ],
    })
}

#[tokio::test]
async fn the_transcript_carries_the_checkpoints_and_the_study_sheet_is_a_pdf() {
    let app = spawn_app().await;
    let ada = app.sign_in("ada@example.com").await;
    let bob = app.sign_in("bob@example.com").await;
    let video = seed_video(
        &app,
        ada.user["uid"].as_str().unwrap(),
        Seed {
            title: "Projectile Motion",
            ..Seed::default()
        },
    )
    .await;
    let job = &video.job_id;
    put_media(
        &app,
        &format!("jobs/{job}/transcript.json"),
        transcript().to_string().as_bytes(),
    )
    .await;
    put_media(
        &app,
        &format!("jobs/{job}/storyboard.json"),
        storyboard().to_string().as_bytes(),
    )
    .await;

    let status: Value = app
        .get_authed(&format!("/api/job/{job}/status"), &ada.access_token)
        .await
        .json()
        .await
        .unwrap();
    let transcript_url = status["transcript_url"].as_str().unwrap();
    let study_sheet_url = status["study_sheet_url"].as_str().unwrap();
    assert!(study_sheet_url.starts_with(&format!("/api/media/study-sheet/{job}?t=")));

    let transcript: Value = browser()
        .get(app.url(transcript_url))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let checkpoints = transcript["checkpoints"].as_array().unwrap();
    assert_eq!(
        checkpoints.len(),
        2,
        "the one without a question is left out"
    );
    assert_eq!(
        checkpoints[0],
        json!({"index": 0, "question": "Which two motions?", "kind": "choice",
               "options": ["Horizontal and vertical", "Round and round"], "answer": 0,
               "value": null, "tolerance": null, "unit": null,
               "explanation": "It moves sideways while it rises and falls.",
               "at": 29.75, "rewatch_from": 10.0, "heading": "Two motions at once"})
    );
    assert_eq!(checkpoints[1]["kind"], "number");
    assert_eq!(checkpoints[1]["options"], json!([]));
    assert_eq!(checkpoints[1]["value"], 2.04);
    assert_eq!(checkpoints[1]["unit"], "s");

    let sheet = browser()
        .get(app.url(study_sheet_url))
        .send()
        .await
        .unwrap();
    assert_eq!(sheet.status(), StatusCode::OK);
    assert_eq!(sheet.headers()[header::CONTENT_TYPE], "application/pdf");
    assert!(
        sheet.headers()[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .contains("Projectile-Motion-study-sheet.pdf")
    );
    assert!(sheet.bytes().await.unwrap().starts_with(b"%PDF-"));

    // Without a token it is not there; another user's token finds nothing.
    let path = format!("/api/media/study-sheet/{job}");
    assert_eq!(
        browser().get(app.url(&path)).send().await.unwrap().status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get_authed(&path, &bob.access_token).await.status(),
        StatusCode::NOT_FOUND
    );
}

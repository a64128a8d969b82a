//! Video jobs end to end on the embedded default: the API and in-process apalis workers on
//! SQLite, the real pipeline (offline writer, espeak-ng), media in a local folder.

use std::{sync::Arc, time::Duration};

use lectern_api::Application;
use lectern_core::{Config, credits, storage::Storage};
use lectern_pipeline::{Pipeline, PipelineConfig, narration::TtsChoice, script::OpenAiWriterConfig};
use lectern_workers::Runtime;
use reqwest::{StatusCode, header};
use serde_json::{Value, json};

struct App {
    address: String,
    client: reqwest::Client,
    db: sea_orm::DatabaseConnection,
    storage: Storage,
    _dir: tempfile::TempDir,
}

fn fast_pipeline() -> PipelineConfig {
    PipelineConfig {
        tts: Some(TtsChoice::Espeak),
        ..PipelineConfig::default()
    }
}

async fn spawn(pipeline: PipelineConfig) -> App {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let dir = tempfile::tempdir().unwrap();
    let config = Config::from_pairs([
        ("public_url", address.clone()),
        ("data_dir", dir.path().display().to_string()),
        ("secret_key", "test-secret-test-secret-test-secret!".into()),
        ("web_dir", dir.path().join("none").display().to_string()),
    ])
    .unwrap();
    let storage = Storage::from_config(&config).unwrap();
    let app = Application::build(config, listener).await.unwrap();
    let runtime = Arc::new(Runtime {
        db: app.state().db.clone(),
        storage: storage.clone(),
        pipeline: Pipeline::new(pipeline).unwrap(),
        name: lectern_workers::unique_name(),
    });
    let queue = app.state().queue.clone();
    let db = app.state().db.clone();
    tokio::spawn(lectern_workers::run(runtime, queue, 1, std::future::pending()));
    tokio::spawn(app.run_until_stopped());
    App {
        address,
        client: reqwest::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap(),
        db,
        storage,
        _dir: dir,
    }
}

impl App {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Development sign-in with a login hint; returns (access token, user id).
    async fn sign_in(&self, email: &str) -> (String, String) {
        let mut url = self.url(&format!("/auth/google/start?login_hint={email}"));
        for _ in 0..3 {
            let response = self.client.get(&url).send().await.unwrap();
            let next = response.headers()[header::LOCATION].to_str().unwrap().to_string();
            url = if next.starts_with('/') { self.url(&next) } else { next };
        }
        let body: Value = self
            .client
            .post(self.url("/auth/refresh"))
            .header(header::ORIGIN, &self.address)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        (
            body["access_token"].as_str().unwrap().to_string(),
            body["user"]["uid"].as_str().unwrap().to_string(),
        )
    }

    async fn start_video(&self, token: &str, uid: &str, topic: &str, minutes: u32) -> String {
        let response = self
            .client
            .post(self.url("/api/video/generate"))
            .bearer_auth(token)
            .json(&json!({"user_id": uid, "topic": topic, "level": 1, "duration": minutes}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::ACCEPTED);
        let body: Value = response.json().await.unwrap();
        body["job_id"].as_str().unwrap().to_string()
    }

    async fn status(&self, token: &str, job_id: &str) -> Value {
        self.client
            .get(self.url(&format!("/api/job/{job_id}/status")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    /// Polls until the job is final, recording every progress value seen.
    async fn wait_final(&self, token: &str, job_id: &str) -> (Value, Vec<i64>) {
        let mut seen = Vec::new();
        for _ in 0..600 {
            let status = self.status(token, job_id).await;
            seen.push(status["progress"].as_i64().unwrap());
            if ["completed", "failed", "cancelled"].contains(&status["status"].as_str().unwrap()) {
                return (status, seen);
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        panic!("job {job_id} did not finish in 5 minutes");
    }
}

async fn assert_ledger_matches(app: &App, uid: &str) {
    let balance = credits::balance(&app.db, uid).await.unwrap();
    assert_eq!(credits::ledger_sum(&app.db, uid).await.unwrap(), balance.available);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_video_job_runs_to_a_playable_video_with_captions_in_the_library() {
    let app = spawn(fast_pipeline()).await;
    let (token, uid) = app.sign_in("learner@example.com").await;
    let job_id = app.start_video(&token, &uid, "The water cycle", 1).await;

    let (status, progress) = app.wait_final(&token, &job_id).await;
    assert_eq!(status["status"], "completed", "{status}");
    assert_eq!(status["progress"], 100);
    assert_eq!(status["current_step"], "Video ready for download!");
    assert!(status["smart_title"].as_str().is_some_and(|t| !t.is_empty()));
    assert!(progress.windows(2).all(|w| w[0] <= w[1]), "progress went backwards: {progress:?}");

    // The MP4 streams with HTTP Range through the media token in its URL.
    let video_url = app.url(status["video_url"].as_str().unwrap());
    let head = reqwest::Client::new()
        .get(&video_url)
        .header(header::RANGE, "bytes=0-1023")
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(head.headers()[header::CONTENT_TYPE], "video/mp4");
    assert!(head.headers()[header::CONTENT_RANGE].to_str().unwrap().starts_with("bytes 0-1023/"));
    let bytes = head.bytes().await.unwrap();
    assert_eq!(bytes.len(), 1024);
    assert_eq!(&bytes[4..8], b"ftyp");
    let download = reqwest::Client::new()
        .get(format!("{video_url}&download=1"))
        .send()
        .await
        .unwrap();
    assert!(download.headers()[header::CONTENT_DISPOSITION].to_str().unwrap().starts_with("attachment"));

    let vtt = reqwest::get(app.url(status["subtitle_url"].as_str().unwrap())).await.unwrap();
    assert_eq!(vtt.status(), StatusCode::OK);
    assert!(vtt.text().await.unwrap().starts_with("WEBVTT"));
    let chapters = reqwest::get(app.url(status["chapters_url"].as_str().unwrap())).await.unwrap();
    assert!(chapters.text().await.unwrap().contains("-->"));
    let transcript: Value = reqwest::get(app.url(status["transcript_url"].as_str().unwrap()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(!transcript["cues"].as_array().unwrap().is_empty());
    let thumbnail = reqwest::get(app.url(status["thumbnail_url"].as_str().unwrap()))
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert_eq!(&thumbnail[..3], &[0xFF, 0xD8, 0xFF], "a JPEG");

    // Without a token or with another job's token, nothing is served.
    let bare = reqwest::get(app.url(&format!("/api/video/{job_id}"))).await.unwrap();
    assert_eq!(bare.status(), StatusCode::UNAUTHORIZED);

    // In the library, charged once, stats counted.
    let library: Value = app
        .client
        .get(app.url(&format!("/api/auth/user/{uid}/search")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let videos = library["videos"].as_array().unwrap();
    assert_eq!(videos.len(), 1);
    assert_eq!(videos[0]["job_id"], job_id.as_str());
    assert_eq!(videos[0]["video_type"], "educational");
    assert!(videos[0]["title"].as_str().unwrap().starts_with("Beginner's Guide to"));
    let saved: Value = app
        .client
        .post(app.url(&format!("/api/user/{uid}/video-history")))
        .bearer_auth(&token)
        .json(&json!({"job_id": job_id, "title": "The water cycle"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(saved["video_id"], videos[0]["id"]);
    let balance = credits::balance(&app.db, &uid).await.unwrap();
    assert_eq!(balance.available, 9);
    assert_ledger_matches(&app, &uid).await;
    let me: Value = app
        .client
        .get(app.url("/api/me"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(me["stats"]["videosGenerated"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_that_always_fails_ends_failed_after_three_attempts_with_its_credit_refunded() {
    // A script writer that cannot be reached: every attempt fails in the script stage.
    let broken = PipelineConfig {
        llm: Some(OpenAiWriterConfig {
            base_url: "http://127.0.0.1:9/v1".into(),
            api_key: None,
            model: "none".into(),
            timeout: Duration::from_secs(2),
            attempts: 1,
            temperature: 0.2,
        }),
        ..fast_pipeline()
    };
    let app = spawn(broken).await;
    let (token, uid) = app.sign_in("unlucky@example.com").await;
    let job_id = app.start_video(&token, &uid, "Volcanoes", 1).await;
    let (status, _) = app.wait_final(&token, &job_id).await;
    assert_eq!(status["status"], "failed", "{status}");
    assert!(status["error"].as_str().unwrap().contains("script"), "{status}");
    let job = lectern_core::jobs::find(&app.db, &job_id).await.unwrap().unwrap();
    assert_eq!(job.attempts, 3);
    assert_eq!(credits::balance(&app.db, &uid).await.unwrap().available, 10, "refunded");
    assert_ledger_matches(&app, &uid).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_cancelled_while_rendering_is_refunded_and_leaves_no_video() {
    let app = spawn(fast_pipeline()).await;
    let (token, uid) = app.sign_in("hasty@example.com").await;
    let job_id = app.start_video(&token, &uid, "The French Revolution", 3).await;
    for _ in 0..240 {
        let status = app.status(&token, &job_id).await;
        if status["status"] == "processing" && status["progress"].as_i64().unwrap() > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let cancelled = app
        .client
        .post(app.url(&format!("/api/job/{job_id}/cancel")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(cancelled.status(), StatusCode::OK);
    // Give the worker time to notice and stop; the job must stay cancelled.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let status = app.status(&token, &job_id).await;
    assert_eq!(status["status"], "cancelled");
    assert_eq!(status["video_url"], Value::Null);
    assert_eq!(credits::balance(&app.db, &uid).await.unwrap().available, 10);
    assert_ledger_matches(&app, &uid).await;
    assert!(app.storage.size(&format!("jobs/{job_id}/video.mp4")).await.unwrap().is_none());
    let library: Value = app
        .client
        .get(app.url(&format!("/api/auth/user/{uid}/search")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(library["videos"].as_array().unwrap().is_empty());
}

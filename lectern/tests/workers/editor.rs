//! The storyboard editor end to end on the embedded default: a free preview, edited and
//! rendered exactly as edited; then one scene of the finished video changed, rendered as a
//! new version that speaks only that sentence again, free, with the captions changed only
//! there; versions listed, an older one restored, and every version's media deleted with
//! the video.

use std::time::Duration;

use lectern_core::jobs;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{self, Server, fast_pipeline};

const FIVE_MINUTES: Duration = Duration::from_secs(300);

async fn post(server: &Server, token: &str, path: &str, body: Value) -> reqwest::Response {
    server
        .client
        .post(server.url(path))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// The cue texts of a WebVTT file, in order.
async fn captions(server: &Server, status: &Value) -> Vec<String> {
    let vtt = reqwest::get(server.url(status["subtitle_url"].as_str().unwrap()))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    vtt.split("\n\n")
        .filter(|block| block.contains("-->"))
        .map(|block| {
            block
                .lines()
                .skip_while(|line| !line.contains("-->"))
                .skip(1)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

async fn job_result(server: &Server, job_id: &str) -> Value {
    let job = jobs::find(&server.db, job_id).await.unwrap().unwrap();
    serde_json::from_str(job.result.as_deref().unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_preview_is_rendered_as_edited_and_an_edit_of_one_scene_speaks_only_that_again() {
    let app = support::embedded(fast_pipeline()).await;
    let (token, uid) = app.sign_in("teacher@example.com").await;

    // Preview: free, the storyboard comes back with the job.
    let request = json!({"user_id": uid, "topic": "The water cycle", "level": 1, "duration": 1});
    let mut preview = request.clone();
    preview["dry_run"] = json!(true);
    let started = post(&app, &token, "/api/video/generate", preview).await;
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    let preview_job = started.json::<Value>().await.unwrap()["job_id"]
        .as_str()
        .unwrap()
        .to_string();
    let (planned, _) = app.wait_final(&token, &preview_job, FIVE_MINUTES).await;
    assert_eq!(planned["status"], "completed", "{planned}");
    assert_eq!(app.available(&uid).await, 10, "a preview is free");
    let mut storyboard = planned["result"]["storyboard"].clone();

    // Edit: one sentence changed, an equation scene added.
    let sentence = "Warm oceans lose water to the air.";
    storyboard["scenes"][1]["narration"][0] = json!(sentence);
    let equation = json!({
        "kind": "equation_steps", "heading": "Heat to evaporate water",
        "steps": [{"math": "Q = m L", "note": "mass times latent heat"}],
        "narration": ["Evaporating takes heat.", "It is the mass times the latent heat."],
    });
    storyboard["scenes"]
        .as_array_mut()
        .unwrap()
        .insert(2, equation);
    let frame = post(
        &app,
        &token,
        "/api/storyboards/preview-frame",
        json!({"storyboard": storyboard, "scene": 2}),
    )
    .await;
    assert_eq!(frame.status(), StatusCode::OK);
    assert_eq!(&frame.bytes().await.unwrap()[1..4], b"PNG");

    let mut render = request.clone();
    render["storyboard"] = storyboard.clone();
    let started = post(&app, &token, "/api/video/generate", render).await;
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    let started: Value = started.json().await.unwrap();
    assert_eq!(started["cost"], 1);
    let first_job = started["job_id"].as_str().unwrap().to_string();
    let (first, _) = app.wait_final(&token, &first_job, FIVE_MINUTES).await;
    assert_eq!(first["status"], "completed", "{first}");
    let before = captions(&app, &first).await;
    assert!(before.iter().any(|c| c == sentence), "{before:?}");
    assert!(
        before.iter().any(|c| c.contains("latent heat")),
        "{before:?}"
    );
    assert_eq!(app.available(&uid).await, 9);

    // The finished video's storyboard is the one rendered; one sentence of it edited.
    let stored = app
        .get_json(&token, &format!("/api/video/{first_job}/storyboard"))
        .await;
    assert_eq!(stored["scenes"], storyboard["scenes"]);
    let title_before = app
        .get_json(&token, &format!("/api/auth/user/{uid}/search"))
        .await["videos"][0]["title"]
        .clone();
    assert!(title_before.is_string(), "{title_before}");
    let mut edited = stored.clone();
    let replacement = "Warm seas lose water to the air.";
    edited["scenes"][1]["narration"][0] = json!(replacement);
    // The scene's heading (a definition's term) changed too: the video keeps its title, as
    // only a rename changes it.
    assert_eq!(edited["scenes"][1]["kind"], "definition", "{edited}");
    edited["scenes"][1]["term"] = json!("Water on the move");
    let path = format!("/api/video/{first_job}/revisions");
    let quote = post(
        &app,
        &token,
        &path,
        json!({"storyboard": edited, "dry_run": true}),
    )
    .await;
    assert_eq!(quote.status(), StatusCode::OK);
    let quote: Value = quote.json().await.unwrap();
    assert_eq!(
        quote,
        json!({"job_id": null, "cost": 0, "scenes_changed": 1})
    );
    let started = post(&app, &token, &path, json!({"storyboard": edited})).await;
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    let started: Value = started.json().await.unwrap();
    assert_eq!(started["cost"], 0);
    let edit_job = started["job_id"].as_str().unwrap().to_string();
    let (second, _) = app.wait_final(&token, &edit_job, FIVE_MINUTES).await;
    assert_eq!(second["status"], "completed", "{second}");

    // Only that sentence was spoken again, and only its caption changed.
    let result = job_result(&app, &edit_job).await;
    assert_eq!(result["sentences_spoken"], 1, "{result}");
    let total = result["sentences_reused"].as_u64().unwrap() + 1;
    assert_eq!(
        total,
        job_result(&app, &first_job).await["sentences_spoken"]
            .as_u64()
            .unwrap()
    );
    // Only that scene's pictures were drawn and encoded again: the others were copied from
    // the first version's video, which the worker fetched from storage with its index.
    let units = result["video_units"].as_u64().unwrap();
    let made_again = units - result["video_units_reused"].as_u64().unwrap();
    assert!(
        (1..=3).contains(&made_again) && made_again < units,
        "{result}"
    );
    let after = captions(&app, &second).await;
    assert_eq!(after.len(), before.len());
    let differing: Vec<(&String, &String)> =
        before.iter().zip(&after).filter(|(b, a)| b != a).collect();
    assert_eq!(
        differing,
        vec![(&sentence.to_string(), &replacement.to_string())]
    );
    assert_eq!(app.available(&uid).await, 9, "an edit of one scene is free");
    app.assert_ledger_matches(&uid).await;

    // The library shows the new version; both are listed; the old one can come back.
    let library = app
        .get_json(&token, &format!("/api/auth/user/{uid}/search"))
        .await;
    let videos = library["videos"].as_array().unwrap();
    assert_eq!(videos.len(), 1, "an edit is a version, not another video");
    assert_eq!(
        videos[0]["title"], title_before,
        "a heading is not the title"
    );
    assert_eq!(videos[0]["job_id"], edit_job.as_str());
    // The queue's toast and the player read the new version's title from its job; the
    // player at either version's address reads the library's record: each says the same.
    assert_eq!(second["smart_title"], title_before, "{second}");
    assert_eq!(second["title"], title_before, "{second}");
    for job in [&edit_job, &first_job] {
        let record = app
            .get_json(&token, &format!("/api/library/videos/{job}"))
            .await;
        assert_eq!(record["title"], title_before, "the player at {job}");
    }
    let video_id = videos[0]["id"].as_str().unwrap().to_string();
    let versions = app
        .get_json(&token, &format!("/api/video/{video_id}/revisions"))
        .await;
    let listed: Vec<(i64, &str, bool)> = versions["revisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["number"].as_i64().unwrap(),
                v["job_id"].as_str().unwrap(),
                v["current"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        vec![(2, edit_job.as_str(), true), (1, first_job.as_str(), false)]
    );
    let restored = post(
        &app,
        &token,
        &format!("/api/video/{video_id}/revisions/1/restore"),
        json!({}),
    )
    .await;
    assert_eq!(restored.status(), StatusCode::OK);
    let restored: Value = restored.json().await.unwrap();
    assert_eq!(restored["job_id"], first_job.as_str());

    // Deleting the video deletes every version's media.
    let deleted = app
        .client
        .delete(app.url(&format!("/api/library/videos/{video_id}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert!(deleted.status().is_success(), "{}", deleted.status());
    for job in [&first_job, &edit_job] {
        let left = app
            .storage
            .get_bytes(&jobs::media::video(job))
            .await
            .unwrap();
        assert!(left.is_none(), "the media of {job} are gone");
    }
}

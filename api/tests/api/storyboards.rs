//! The storyboard editor's routes: a slide drawn for a preview, the checks of an edited
//! storyboard (a 422 names the scene and field), what an edit costs, the limit on free
//! previews, and a video's versions. No worker runs here: started jobs stay queued with
//! their credits reserved (the workers' tests render them).

use lectern_core::{credits, entities::video, jobs, library::versions};
use reqwest::StatusCode;
use sea_orm::EntityTrait;
use serde_json::{Value, json};

use crate::{
    courses::post,
    helpers::{TestApp, spawn_app},
    library::{Seed, put_media, seed_video},
};

fn storyboard() -> Value {
    json!({
        "version": 1, "title": "Photosynthesis", "subject": "Science", "level": 2,
        "target_minutes": 1.0, "wpm": 150, "origin": "model",
        "scenes": [
            {"kind": "title", "title": "Photosynthesis", "subtitle": "How plants make sugar",
             "narration": ["Plants make their own food."]},
            {"kind": "definition", "term": "Chlorophyll",
             "definition": "The green pigment that absorbs light in plant cells.", "example": null,
             "narration": ["Chlorophyll absorbs red and blue light."]},
            {"kind": "equation_steps", "heading": "The overall reaction",
             "steps": [{"math": "6 C O_2 + 6 H_2 O -> C_6 H_12 O_6 + 6 O_2", "note": null}],
             "narration": ["Carbon dioxide and water become glucose and oxygen."]},
            {"kind": "bullets", "heading": "What it needs", "items": ["Light", "Water", "Carbon dioxide"],
             "narration": ["It needs light.", "It needs water.", "It needs carbon dioxide."]},
            {"kind": "summary", "heading": "Summary", "points": ["Light becomes chemical energy"],
             "narration": ["Light energy is stored as sugar."]}
        ]
    })
}

async fn available(app: &TestApp, uid: &str) -> i64 {
    credits::balance(&app.db, uid).await.unwrap().available
}

/// A finished video whose storyboard is [`storyboard`], as its first version.
async fn finished_video(app: &TestApp, uid: &str) -> (String, String) {
    let seeded = seed_video(app, uid, Seed::default()).await;
    put_media(
        app,
        &jobs::media::storyboard(&seeded.job_id),
        storyboard().to_string().as_bytes(),
    )
    .await;
    let model = video::Entity::find_by_id(seeded.id.clone())
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    versions::first_in(&app.db, &model).await.unwrap();
    (seeded.id, seeded.job_id)
}

fn locs(body: &Value) -> Vec<Vec<String>> {
    body["detail"]
        .as_array()
        .unwrap_or_else(|| panic!("a list of problems: {body}"))
        .iter()
        .map(|e| {
            e["loc"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap().to_string())
                .collect()
        })
        .collect()
}

fn loc(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|p| p.to_string()).collect()
}

#[tokio::test]
async fn a_scene_is_drawn_as_a_png_and_a_formula_that_does_not_typeset_is_named() {
    let app = spawn_app().await;
    let me = app.sign_in("drawer@example.com").await;
    let token = &me.access_token;
    let path = "/api/storyboards/preview-frame";

    let drawn = post(
        &app,
        token,
        path,
        json!({"storyboard": storyboard(), "scene": 2}),
    )
    .await;
    assert_eq!(drawn.status(), StatusCode::OK);
    assert_eq!(drawn.headers()["content-type"], "image/png");
    let png = drawn.bytes().await.unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // 960 x 540: the slide's own page, one pixel a point.
    assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), 960);
    assert_eq!(u32::from_be_bytes(png[20..24].try_into().unwrap()), 540);

    let mut broken = storyboard();
    broken["scenes"][2]["steps"][0]["math"] = json!("frac(a, ");
    let refused = post(&app, token, path, json!({"storyboard": broken, "scene": 2})).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(
        locs(&body),
        [loc(&["body", "storyboard", "scenes", "2"])],
        "{body}"
    );

    let mut empty = storyboard();
    empty["scenes"][3]["heading"] = json!("  ");
    let refused = post(&app, token, path, json!({"storyboard": empty, "scene": 3})).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(
        locs(&body),
        [loc(&["body", "storyboard", "scenes", "3", "heading"])]
    );
    assert_eq!(body["detail"][0]["msg"], "must not be empty");

    let beyond = post(
        &app,
        token,
        path,
        json!({"storyboard": storyboard(), "scene": 5}),
    )
    .await;
    assert_eq!(beyond.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = beyond.json().await.unwrap();
    assert_eq!(locs(&body), [loc(&["body", "scene"])]);

    let anonymous = app
        .client
        .post(app.url(path))
        .json(&json!({"storyboard": storyboard(), "scene": 0}))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_edit_of_up_to_three_scenes_is_free_and_of_more_costs_one_credit() {
    let app = spawn_app().await;
    let me = app.sign_in("fixer@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let token = &me.access_token;
    let (video_id, job_id) = finished_video(&app, uid).await;
    let path = format!("/api/video/{video_id}/revisions");

    let mut three = storyboard();
    for scene in 1..=3 {
        three["scenes"][scene]["narration"][0] = json!(format!("Changed sentence {scene}."));
    }
    let quote = post(
        &app,
        token,
        &path,
        json!({"storyboard": three, "dry_run": true}),
    )
    .await;
    assert_eq!(quote.status(), StatusCode::OK);
    let quote: Value = quote.json().await.unwrap();
    assert_eq!(
        quote,
        json!({"job_id": null, "cost": 0, "scenes_changed": 3})
    );

    let mut four = three.clone();
    four["scenes"][4]["points"][0] = json!("Light is stored as sugar");
    let quote: Value = post(
        &app,
        token,
        &path,
        json!({"storyboard": four, "dry_run": true}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(quote["cost"], 1);
    assert_eq!(quote["scenes_changed"], 4);
    assert_eq!(available(&app, uid).await, 10, "a quote charges nothing");

    // Started: the job reserves what the quote said; by the job id too.
    let started = post(
        &app,
        token,
        &format!("/api/video/{job_id}/revisions"),
        json!({"storyboard": four}),
    )
    .await;
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    let started: Value = started.json().await.unwrap();
    assert_eq!(started["cost"], 1);
    let job = jobs::find(&app.db, started["job_id"].as_str().unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(job.kind, jobs::JobKind::Revision);
    assert_eq!(job.credits_reserved, 1);
    let params: jobs::RevisionParams = serde_json::from_str(&job.params).unwrap();
    assert_eq!(params.video_id, video_id);
    assert_eq!(params.base_job_id, job_id);
    assert_eq!(params.scenes_changed, 4);
    assert_eq!(available(&app, uid).await, 9);

    let free = post(&app, token, &path, json!({"storyboard": three})).await;
    assert_eq!(free.status(), StatusCode::ACCEPTED);
    assert_eq!(available(&app, uid).await, 9, "three scenes are free");
}

#[tokio::test]
async fn an_invalid_or_unchanged_edit_is_a_422_and_another_users_video_a_404() {
    let app = spawn_app().await;
    let me = app.sign_in("careful@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let token = &me.access_token;
    let (video_id, _) = finished_video(&app, uid).await;
    let path = format!("/api/video/{video_id}/revisions");

    let same = post(&app, token, &path, json!({"storyboard": storyboard()})).await;
    assert_eq!(same.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = same.json().await.unwrap();
    assert_eq!(locs(&body), [loc(&["body", "storyboard"])]);

    let mut bad = storyboard();
    bad["scenes"][1]["narration"] = json!([]);
    bad["scenes"][2]["steps"][0]["math"] = json!("$x$");
    let refused = post(&app, token, &path, json!({"storyboard": bad})).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = refused.json().await.unwrap();
    let named = locs(&body);
    assert!(
        named.contains(&loc(&["body", "storyboard", "scenes", "1", "narration"])),
        "{body}"
    );
    assert!(
        named.contains(&loc(&[
            "body",
            "storyboard",
            "scenes",
            "2",
            "steps",
            "0",
            "math"
        ])),
        "{body}"
    );

    let missing = post(&app, token, &path, json!({})).await;
    assert_eq!(missing.status(), StatusCode::UNPROCESSABLE_ENTITY);

    let other = app.sign_in("someone-else@example.com").await;
    let mut edited = storyboard();
    edited["scenes"][1]["narration"][0] = json!("Mine now.");
    for answer in [
        post(
            &app,
            &other.access_token,
            &path,
            json!({"storyboard": edited}),
        )
        .await,
        app.get_authed(&path, &other.access_token).await,
        post(
            &app,
            &other.access_token,
            &format!("{path}/1/restore"),
            json!({}),
        )
        .await,
    ] {
        assert_eq!(answer.status(), StatusCode::NOT_FOUND);
    }
    assert_eq!(available(&app, uid).await, 10);
}

#[tokio::test]
async fn a_finished_edit_becomes_the_shown_version_and_the_first_can_come_back() {
    let app = spawn_app().await;
    let me = app.sign_in("versions@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let token = &me.access_token;
    let (video_id, first_job) = finished_video(&app, uid).await;

    // An edit's job completed by a worker (here by hand, as the worker would).
    let mut edited = storyboard();
    edited["scenes"][1]["narration"][0] = json!("Chlorophyll absorbs red and blue light best.");
    let started: Value = post(
        &app,
        token,
        &format!("/api/video/{video_id}/revisions"),
        json!({"storyboard": edited}),
    )
    .await
    .json()
    .await
    .unwrap();
    let edit_job = started["job_id"].as_str().unwrap().to_string();
    let jobs::Claim::Run(job) = jobs::claim(&app.db, &edit_job, "test-worker")
        .await
        .unwrap()
    else {
        panic!("the edit's job was not claimed")
    };
    let job = *job;
    put_media(
        &app,
        &jobs::media::transcript(&edit_job),
        b"{\"sentences\": []}",
    )
    .await;
    let applied = versions::complete_edit(
        &app.db,
        &job,
        jobs::Completion {
            result: json!({}),
            smart_title: None,
            step: "Video ready for download!".into(),
            video: None,
        },
        versions::NewVersion {
            video_id: video_id.clone(),
            scenes_changed: 1,
            transcript: Some("{\"sentences\": []}".into()),
        },
    )
    .await
    .unwrap();
    assert!(applied);

    let listed = app
        .get_authed(&format!("/api/video/{first_job}/revisions"), token)
        .await;
    assert_eq!(
        listed.status(),
        StatusCode::OK,
        "found by an old version's job id too"
    );
    let listed: Value = listed.json().await.unwrap();
    let revisions = listed["revisions"].as_array().unwrap();
    assert_eq!(revisions.len(), 2);
    assert_eq!(revisions[0]["number"], 2);
    assert_eq!(revisions[0]["job_id"], edit_job.as_str());
    assert_eq!(revisions[0]["current"], true);
    assert_eq!(revisions[0]["scenes_changed"], 1);
    assert_eq!(revisions[1]["number"], 1);
    assert_eq!(revisions[1]["current"], false);
    let item: Value = app
        .get_authed(&format!("/api/library/videos/{video_id}"), token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(item["job_id"], edit_job.as_str());

    let restore = post(
        &app,
        token,
        &format!("/api/video/{video_id}/revisions/1/restore"),
        json!({}),
    )
    .await;
    assert_eq!(restore.status(), StatusCode::OK);
    let restored: Value = restore.json().await.unwrap();
    assert_eq!(restored["job_id"], first_job.as_str());
    let none = post(
        &app,
        token,
        &format!("/api/video/{video_id}/revisions/7/restore"),
        json!({}),
    )
    .await;
    assert_eq!(none.status(), StatusCode::NOT_FOUND);
    let body: Value = none.json().await.unwrap();
    assert_eq!(body["detail"], "Version not found");
    for number in ["2147483648", "one"] {
        let none = post(
            &app,
            token,
            &format!("/api/video/{video_id}/revisions/{number}/restore"),
            json!({}),
        )
        .await;
        assert_eq!(none.status(), StatusCode::NOT_FOUND, "{number}");
    }
}

#[tokio::test]
async fn a_rendered_storyboard_is_checked_and_charged_by_its_length() {
    let app = spawn_app().await;
    let me = app.sign_in("previewer@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let token = &me.access_token;
    let request = |storyboard: Value| json!({"user_id": uid, "topic": "Photosynthesis", "duration": 1, "storyboard": storyboard});

    let mut marked = storyboard();
    marked["scenes"].as_array_mut().unwrap().push(json!({
        "kind": "solution_steps", "heading": "Solve",
        "steps": [{"parts": [{"math": "x = 2", "highlight": false}], "rule": null, "checked": true}],
        "answer": {"math": "x = 2", "checked": true},
        "narration": ["Subtract two from both sides.", "So x is two."]
    }));
    let started = post(&app, token, "/api/video/generate", request(marked)).await;
    assert_eq!(
        started.status(),
        StatusCode::ACCEPTED,
        "{}",
        started.text().await.unwrap()
    );
    let started: Value = started.json().await.unwrap();
    assert_eq!(started["cost"], 1);
    let job = jobs::find(&app.db, started["job_id"].as_str().unwrap())
        .await
        .unwrap()
        .unwrap();
    let params: jobs::VideoParams = serde_json::from_str(&job.params).unwrap();
    let kept = params.storyboard.unwrap();
    assert_eq!(
        kept["scenes"][5]["steps"][0]["checked"], false,
        "marks are the checker's"
    );
    assert_eq!(kept["scenes"][5]["answer"]["checked"], false);

    // Eleven minutes of narration at 80 words a minute is a long video: 2 credits.
    let mut long = storyboard();
    long["wpm"] = json!(80);
    long["target_minutes"] = json!(12.0);
    let sentence =
        "Plants use the energy of sunlight to turn water and carbon dioxide into sugar for growth.";
    for i in 0..10 {
        long["scenes"].as_array_mut().unwrap().push(json!({
            "kind": "bullets", "heading": format!("Part {i}"), "items": ["Light"],
            "narration": vec![sentence; 6],
        }));
    }
    let started = post(&app, token, "/api/video/generate", request(long)).await;
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    assert_eq!(started.json::<Value>().await.unwrap()["cost"], 2);

    let mut bad = storyboard();
    bad["scenes"][0]["kind"] = json!("bullets");
    let refused = post(&app, token, "/api/video/generate", request(bad)).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);

    let mut both = request(storyboard());
    both["dry_run"] = json!(true);
    let refused = post(&app, token, "/api/video/generate", both).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(locs(&body), [loc(&["body", "storyboard"])]);
    assert_eq!(available(&app, uid).await, 10 - 1 - 2);
}

/// A storyboard with a solution scene whose checks the solver made.
fn solved() -> Value {
    let mut solved = storyboard();
    solved["scenes"].as_array_mut().unwrap().push(json!({
        "kind": "solution_steps", "heading": "Solve",
        "steps": [{"parts": [{"math": "x = 2", "highlight": false}], "rule": null, "checked": true}],
        "answer": {"math": "x = 2", "checked": true},
        "narration": ["Subtract two from both sides.", "So x is two."]
    }));
    solved
}

#[tokio::test]
async fn a_previews_check_marks_stay_on_its_unchanged_scenes_only() {
    let app = spawn_app().await;
    let me = app.sign_in("checked-preview@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let token = &me.access_token;

    // A finished dry run whose storyboard carries the solver's marks.
    let dry = post(
        &app,
        token,
        "/api/video/generate",
        json!({"user_id": uid, "topic": "Solve x + 2 = 4", "duration": 1, "dry_run": true}),
    )
    .await;
    assert_eq!(dry.status(), StatusCode::ACCEPTED);
    let preview_id = dry.json::<Value>().await.unwrap()["job_id"]
        .as_str()
        .unwrap()
        .to_string();
    jobs::claim(&app.db, &preview_id, "test").await.unwrap();
    let job = jobs::find(&app.db, &preview_id).await.unwrap().unwrap();
    let completion = jobs::Completion {
        result: json!({"dry_run": true, "cost": 0, "storyboard": solved()}),
        smart_title: None,
        step: "Plan ready".into(),
        video: None,
    };
    assert!(jobs::complete(&app.db, &job, completion).await.unwrap());

    let render = |storyboard: Value, preview: &str| {
        json!({"user_id": uid, "topic": "Solve x + 2 = 4", "duration": 1,
               "storyboard": storyboard, "preview_job_id": preview})
    };
    // The check marks of the solution scene in the job a render started (and its id).
    let render_marks = async |storyboard: Value| {
        let started = post(
            &app,
            token,
            "/api/video/generate",
            render(storyboard, &preview_id),
        )
        .await;
        assert_eq!(
            started.status(),
            StatusCode::ACCEPTED,
            "{}",
            started.text().await.unwrap()
        );
        let started: Value = started.json().await.unwrap();
        let id = started["job_id"].as_str().unwrap().to_string();
        let job = jobs::find(&app.db, &id).await.unwrap().unwrap();
        let params: jobs::VideoParams = serde_json::from_str(&job.params).unwrap();
        let kept = params.storyboard.unwrap();
        let marks = (
            kept["scenes"][5]["steps"][0]["checked"].clone(),
            kept["scenes"][5]["answer"]["checked"].clone(),
        );
        (marks, id)
    };

    // Unchanged solution, a changed title: the solver's marks stay.
    let mut edited = solved();
    edited["scenes"][0]["subtitle"] = json!("Solving a first equation");
    let (marks, _) = render_marks(edited).await;
    assert_eq!(marks, (json!(true), json!(true)));

    // A changed step: the marks of that scene were not the solver's any more.
    let mut edited = solved();
    edited["scenes"][5]["steps"][0]["parts"][0]["math"] = json!("x = 3");
    let (marks, not_a_preview) = render_marks(edited).await;
    assert_eq!(marks, (json!(false), json!(false)));

    // Someone else's preview, or a job that is no preview, is refused by name.
    let other = app.sign_in("someone-else@example.com").await;
    let other_uid = other.user["uid"].as_str().unwrap();
    let refused = post(
        &app,
        &other.access_token,
        "/api/video/generate",
        json!({"user_id": other_uid, "topic": "Solve", "duration": 1,
               "storyboard": solved(), "preview_job_id": preview_id}),
    )
    .await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(locs(&body), [loc(&["body", "preview_job_id"])]);
    let refused = post(
        &app,
        token,
        "/api/video/generate",
        render(solved(), &not_a_preview),
    )
    .await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn free_previews_stop_at_the_hours_allowance_with_a_429() {
    // The hour's allowance alone: the per-minute rate and the queue cap are opened wide.
    let app = crate::helpers::spawn_app_with(vec![
        ("work_per_minute", "1000".into()),
        ("user_queue_limit", "1000".into()),
    ])
    .await;
    let me = app.sign_in("curious@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let preview = json!({"user_id": uid, "topic": "Tides", "duration": 1, "dry_run": true});
    for _ in 0..jobs::FREE_PREVIEWS_PER_HOUR {
        let started = post(
            &app,
            &me.access_token,
            "/api/video/generate",
            preview.clone(),
        )
        .await;
        assert_eq!(started.status(), StatusCode::ACCEPTED);
    }
    let refused = post(
        &app,
        &me.access_token,
        "/api/video/generate",
        preview.clone(),
    )
    .await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().contains_key(reqwest::header::RETRY_AFTER));
    let body: Value = refused.json().await.unwrap();
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("free previews of this hour"),
        "{body}"
    );
    // A paid video is still welcome, and another user's previews are their own.
    let mut paid = preview.clone();
    paid["dry_run"] = json!(false);
    let started = post(&app, &me.access_token, "/api/video/generate", paid).await;
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    let other = app.sign_in("other-curious@example.com").await;
    let mut theirs = preview.clone();
    theirs["user_id"] = other.user["uid"].clone();
    let started = post(&app, &other.access_token, "/api/video/generate", theirs).await;
    assert_eq!(started.status(), StatusCode::ACCEPTED);
}

/// A transcript whose checkpoints ask `questions` (each with options "yes" and "no").
fn transcript_asking(questions: &[&str]) -> String {
    let checkpoints: Vec<Value> = questions
        .iter()
        .map(|q| json!({"question": q, "kind": "choice", "options": ["yes", "no"], "answer": 0, "explanation": "", "at": 1.0, "rewatch_from": 0.0, "heading": "H"}))
        .collect();
    json!({"title": "Photosynthesis", "sentences": [], "checkpoints": checkpoints}).to_string()
}

/// Issue 54: a checkpoint answer belongs to a question of a version. A new version starts
/// with its own questions; an answer carries over only to a question it asks unchanged (at
/// that question's place); the old version's URL still shows that version's answers; and
/// the new version keeps the video's title, whatever its storyboard's headings say.
#[tokio::test]
async fn a_new_version_keeps_answers_only_for_its_unchanged_questions_and_the_video_keeps_its_title()
 {
    use sea_orm::{ActiveModelTrait, ActiveValue::Set};

    let app = spawn_app().await;
    let me = app.sign_in("answers@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let token = &me.access_token;
    let (video_id, first_job) = finished_video(&app, uid).await;
    let first = transcript_asking(&["Is light needed?", "Is sugar made?"]);
    put_media(&app, &jobs::media::transcript(&first_job), first.as_bytes()).await;
    let row = video::Entity::find_by_id(video_id.clone())
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let title = row.title.clone();
    let mut row: video::ActiveModel = row.into();
    row.transcript = Set(Some(first));
    row.update(&app.db).await.unwrap();

    let progress = format!("/api/video/{video_id}/progress");
    let answered = post(
        &app,
        token,
        &progress,
        json!({"position_seconds": 10.0, "recorded_at": "2026-11-26T10:00:00Z",
               "checkpoints": [{"question": 0, "correct": false}, {"question": 1, "correct": true}]}),
    )
    .await;
    assert_eq!(answered.status(), StatusCode::OK);

    // Version 2: a new first question; the second is asked again unchanged.
    let mut edited = storyboard();
    edited["scenes"][0]["title"] = json!("A Beginner's Guide to Photosynthesis");
    let started: Value = post(
        &app,
        token,
        &format!("/api/video/{video_id}/revisions"),
        json!({"storyboard": edited}),
    )
    .await
    .json()
    .await
    .unwrap();
    let edit_job = started["job_id"].as_str().unwrap().to_string();
    let jobs::Claim::Run(job) = jobs::claim(&app.db, &edit_job, "test-worker")
        .await
        .unwrap()
    else {
        panic!("the edit's job was not claimed")
    };
    assert_eq!(
        job.title, title,
        "the version's job carries the video's title"
    );
    let second = transcript_asking(&["Which gas goes in?", "Is sugar made?"]);
    put_media(&app, &jobs::media::transcript(&edit_job), second.as_bytes()).await;
    assert!(
        versions::complete_edit(
            &app.db,
            &job,
            jobs::Completion {
                result: json!({}),
                smart_title: Some(job.title.clone()),
                step: "Video ready for download!".into(),
                video: None,
            },
            versions::NewVersion {
                video_id: video_id.clone(),
                scenes_changed: 1,
                transcript: Some(second),
            },
        )
        .await
        .unwrap()
    );

    let now: Value = app.get_authed(&progress, token).await.json().await.unwrap();
    assert_eq!(
        now["checkpoints"],
        json!([{"question": 1, "correct": true}]),
        "only the unchanged question keeps its answer: {now}"
    );
    assert_eq!(now["checkpoints_answered"], 1);
    let old: Value = app
        .get_authed(&format!("/api/video/{first_job}/progress"), token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        old["checkpoints"],
        json!([{"question": 0, "correct": false}, {"question": 1, "correct": true}]),
        "the old version's URL shows its own answers: {old}"
    );

    // Answering version 2's new question leaves version 1's answers for when it is shown again.
    let answered = post(
        &app,
        token,
        &progress,
        json!({"position_seconds": 20.0, "recorded_at": "2026-11-26T11:00:00Z",
               "checkpoints": [{"question": 0, "correct": true}, {"question": 1, "correct": true}]}),
    )
    .await;
    let answered: Value = answered.json().await.unwrap();
    assert_eq!(answered["checkpoints_correct"], 2, "{answered}");
    let restore = post(
        &app,
        token,
        &format!("/api/video/{video_id}/revisions/1/restore"),
        json!({}),
    )
    .await;
    assert_eq!(restore.status(), StatusCode::OK);
    let back: Value = app.get_authed(&progress, token).await.json().await.unwrap();
    assert_eq!(
        back["checkpoints"],
        json!([{"question": 0, "correct": false}, {"question": 1, "correct": true}]),
        "{back}"
    );

    let item: Value = app
        .get_authed(&format!("/api/library/videos/{video_id}"), token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        item["title"],
        title.as_str(),
        "a new heading renames nothing"
    );
    let status: Value = app
        .get_authed(&format!("/api/job/{edit_job}/status"), token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["title"], title.as_str());
}

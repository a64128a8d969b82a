//! Courses through the API, without workers: the course form (validation, 3 credits, 402),
//! the course page with each lesson's status, another user's course, lesson videos one by
//! one or as a batch (free, no duplicates, invalid indices start nothing), and courses in
//! the library search. Courses are written straight into the database, as a finished course
//! job leaves them (the workers' tests run the jobs themselves).

use lectern_core::{
    courses::{self, NewCourse, Outline, OutlineLesson},
    credits,
    entities::{job, video},
    jobs,
};
use reqwest::StatusCode;
use sea_orm::{EntityTrait, PaginatorTrait, Set};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

pub(crate) async fn post(app: &TestApp, token: &str, path: &str, body: Value) -> reqwest::Response {
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

async fn job_count(app: &TestApp) -> u64 {
    job::Entity::find().count(&app.db).await.unwrap()
}

fn errors(body: &Value) -> Vec<(String, String)> {
    body["detail"]
        .as_array()
        .unwrap_or_else(|| panic!("a validation list: {body}"))
        .iter()
        .map(|e| {
            let loc: Vec<String> = e["loc"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    p.as_str()
                        .map(str::to_string)
                        .unwrap_or_else(|| p.to_string())
                })
                .collect();
            (loc.join("."), e["msg"].as_str().unwrap().to_string())
        })
        .collect()
}

pub(crate) fn outline(lessons: usize) -> Outline {
    Outline {
        title: "Tides and the Moon".into(),
        description: "Why the sea rises and falls twice a day.".into(),
        audience: "Curious beginners".into(),
        prerequisites: vec!["Basic arithmetic".into()],
        lessons: (0..lessons)
            .map(|i| OutlineLesson {
                title: format!("Tides lesson {}", i + 1),
                objectives: vec![format!("Explain part {} of the tides", i + 1)],
                summary: format!("Part {} of how the Moon pulls the oceans.", i + 1),
                key_terms: vec!["gravity".into(), format!("term {}", i + 1)],
                sources: Vec::new(),
            })
            .collect(),
        offline_draft: true,
        script_engine: "offline".into(),
    }
}

/// A course as a finished course job leaves it, with `lessons` lessons.
async fn seed_course(app: &TestApp, user_id: &str, lessons: usize) -> String {
    let course = courses::insert_in(
        &app.db,
        NewCourse {
            id: courses::new_id(),
            user_id,
            job_id: None,
            goal: "Understand the tides",
            background_knowledge: "School physics",
            detail_level: 2,
            outline: outline(lessons),
            thumbnail_key: None,
        },
    )
    .await
    .unwrap();
    course.id
}

async fn course_page(app: &TestApp, token: &str, id: &str) -> Value {
    let response = app.get_authed(&format!("/api/courses/{id}"), token).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn statuses(course: &Value) -> Vec<String> {
    course["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["status"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_course_is_queued_from_the_course_form_and_charged_three_credits() {
    let app = spawn_app().await;
    let me = app.sign_in("planner@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let response = post(
        &app,
        &me.access_token,
        "/api/generate-course",
        json!({"user_id": uid, "goal": "  Understand how vaccines train the immune system  ",
               "backgroundKnowledge": "High-school biology", "detailLevel": 3}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    assert_eq!(started["cost"], 3);
    assert_eq!(started["status"], "queued");
    // SPEC.md 5: the queue item of a course is titled by its goal.
    assert_eq!(
        started["title"],
        "Understand how vaccines train the immune system"
    );
    assert_eq!(available(&app, uid).await, 7);
    let job_id = started["job_id"].as_str().unwrap();
    let job = jobs::find(&app.db, job_id).await.unwrap().unwrap();
    assert_eq!(job.kind, "course");
    assert_eq!(job.credits_reserved, 3);
    let params: Value = serde_json::from_str(&job.params).unwrap();
    assert_eq!(
        params,
        json!({"goal": "Understand how vaccines train the immune system",
               "background_knowledge": "High-school biology", "detail_level": 3, "dry_run": false})
    );
    let status: Value = app
        .get_authed(&format!("/api/job/{job_id}/status"), &me.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["kind"], "course");
    assert_eq!(status["status"], "queued");

    // snake_case names and a word level are accepted too; the detail level defaults to 2.
    let response = post(
        &app,
        &me.access_token,
        "/api/generate-course",
        json!({"user_id": uid, "goal": "Learn Rust", "background_knowledge": "", "detail_level": "beginner"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    assert_eq!(available(&app, uid).await, 4);
    let response = post(
        &app,
        &me.access_token,
        "/api/generate-course",
        json!({"user_id": uid, "goal": "Learn Go", "dry_run": true}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let dry: Value = response.json().await.unwrap();
    assert_eq!(dry["cost"], 0, "a dry run plans without charging");
    assert_eq!(available(&app, uid).await, 4);
    let ledger = credits::ledger_sum(&app.db, uid).await.unwrap();
    assert_eq!(ledger, 4, "the ledger agrees with the balance");
}

#[tokio::test]
async fn a_bad_course_form_is_refused_naming_each_field_and_charges_nothing() {
    let app = spawn_app().await;
    let me = app.sign_in("typo@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let cases = [
        (
            json!({"goal": "Learn Rust"}),
            "body.user_id",
            "User ID is required for course generation",
        ),
        (
            json!({"user_id": uid}),
            "body.goal",
            "A learning goal is required",
        ),
        (
            json!({"user_id": uid, "goal": "   "}),
            "body.goal",
            "A learning goal is required",
        ),
        (
            json!({"user_id": uid, "goal": "ab"}),
            "body.goal",
            "at least 3 characters",
        ),
        (
            json!({"user_id": uid, "goal": "x".repeat(501)}),
            "body.goal",
            "at most 500 characters",
        ),
        (
            json!({"user_id": uid, "goal": "Learn Rust", "backgroundKnowledge": "y".repeat(1001)}),
            "body.backgroundKnowledge",
            "at most 1000 characters",
        ),
        (
            json!({"user_id": uid, "goal": "Learn Rust", "detailLevel": 4}),
            "body.detailLevel",
            "detailLevel must be 1, 2 or 3",
        ),
        (
            json!({"user_id": uid, "goal": "Learn Rust", "detailLevel": "expert"}),
            "body.detailLevel",
            "detailLevel must be 1, 2 or 3",
        ),
        (
            json!({"user_id": uid, "goal": "Learn Rust", "lessons": 40}),
            "body",
            "unknown field `lessons`",
        ),
        (
            json!({"user_id": uid, "goal": 42}),
            "body.goal",
            "invalid type",
        ),
    ];
    for (body, loc, message) in cases {
        let response = post(&app, &me.access_token, "/api/generate-course", body.clone()).await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}"
        );
        let found = errors(&response.json().await.unwrap());
        assert!(
            found
                .iter()
                .any(|(l, m)| l.starts_with(loc) && m.contains(message)),
            "{body}: expected {loc} '{message}', got {found:?}"
        );
    }
    // Someone else's user id: nothing there for this caller.
    let other = post(
        &app,
        &me.access_token,
        "/api/generate-course",
        json!({"user_id": "someone-else", "goal": "Learn Rust"}),
    )
    .await;
    assert_eq!(other.status(), StatusCode::NOT_FOUND);
    // Without a token.
    let anonymous = app
        .client
        .post(app.url("/api/generate-course"))
        .json(&json!({"user_id": uid, "goal": "Learn Rust"}))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(available(&app, uid).await, 10);
    assert_eq!(job_count(&app).await, 0);
}

#[tokio::test]
async fn a_course_needs_three_credits_and_a_short_balance_answers_402_with_nothing_queued() {
    let app = spawn_app().await;
    let me = app.sign_in("short@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    credits::reserve(&app.db, uid, 8, "spent-elsewhere")
        .await
        .unwrap();
    let response = post(
        &app,
        &me.access_token,
        "/api/generate-course",
        json!({"user_id": uid, "goal": "Learn the violin"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::PAYMENT_REQUIRED);
    let body: Value = response.json().await.unwrap();
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("this needs 3 and you have 2"),
        "{body}"
    );
    assert_eq!(available(&app, uid).await, 2);
    assert_eq!(job_count(&app).await, 0);
}

#[tokio::test]
async fn the_course_page_lists_five_lessons_in_order_and_another_users_course_is_404() {
    let app = spawn_app().await;
    let ada = app.sign_in("ada@example.com").await;
    let ada_id = ada.user["uid"].as_str().unwrap();
    let bob = app.sign_in("bob@example.com").await;
    let course_id = seed_course(&app, ada_id, 5).await;

    let course = course_page(&app, &ada.access_token, &course_id).await;
    assert_eq!(course["id"], course_id.as_str());
    assert_eq!(course["title"], "Tides and the Moon");
    assert_eq!(course["goal"], "Understand the tides");
    assert_eq!(course["background_knowledge"], "School physics");
    assert_eq!(course["audience"], "Curious beginners");
    assert_eq!(course["prerequisites"], json!(["Basic arithmetic"]));
    assert_eq!(course["lesson_count"], 5);
    assert_eq!(course["offline_draft"], true);
    let lessons = course["lessons"].as_array().unwrap();
    assert_eq!(lessons.len(), 5);
    for (i, lesson) in lessons.iter().enumerate() {
        assert_eq!(lesson["lesson_index"], i);
        assert_eq!(lesson["title"], format!("Tides lesson {}", i + 1));
        assert_eq!(lesson["key_terms"][0], "gravity");
        assert_eq!(lesson["status"], "none");
        assert_eq!(lesson["job_id"], Value::Null);
        assert_eq!(lesson["video"], Value::Null);
    }

    for id in [course_id.as_str(), "no-such-course"] {
        let response = app
            .get_authed(&format!("/api/courses/{id}"), &bob.access_token)
            .await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{id}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["detail"], "Course not found");
    }
    assert_eq!(
        app.get(&format!("/api/courses/{course_id}")).await.status(),
        StatusCode::UNAUTHORIZED
    );

    // The course is in its owner's library search, and only there.
    let mine: Value = app
        .get_authed(
            &format!("/api/auth/user/{ada_id}/search?q=tides&type=course"),
            &ada.access_token,
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(mine["courses"][0]["id"], course_id.as_str());
    assert_eq!(mine["courses"][0]["lesson_count"], 5);
    let bobs: Value = app
        .get_authed(
            &format!(
                "/api/auth/user/{}/search?q=tides",
                bob.user["uid"].as_str().unwrap()
            ),
            &bob.access_token,
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(bobs["courses"], json!([]));
}

#[tokio::test]
async fn a_lesson_video_is_free_knows_its_lesson_and_asking_again_starts_no_second_job() {
    let app = spawn_app().await;
    let me = app.sign_in("learner@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let course_id = seed_course(&app, uid, 5).await;
    let body = json!({"course_id": course_id, "lesson_index": 1, "user_id": uid, "dry_run": false});

    let first = post(
        &app,
        &me.access_token,
        "/api/generate-lesson-video",
        body.clone(),
    )
    .await;
    assert_eq!(first.status(), StatusCode::ACCEPTED);
    let first: Value = first.json().await.unwrap();
    assert_eq!(first["cost"], 0);
    assert_eq!(first["started"], true);
    assert_eq!(first["lesson_index"], 1);
    assert_eq!(first["title"], "Tides lesson 2");
    let job_id = first["job_id"].as_str().unwrap().to_string();
    assert_eq!(
        available(&app, uid).await,
        10,
        "a lesson of one's own course costs 0"
    );

    let job = jobs::find(&app.db, &job_id).await.unwrap().unwrap();
    assert_eq!(job.kind, "course_video");
    assert_eq!(job.credits_reserved, 0);
    let params: Value = serde_json::from_str(&job.params).unwrap();
    assert_eq!(params["course_id"], course_id.as_str());
    assert_eq!(params["lesson_index"], 1);
    assert_eq!(params["level"], 2);
    let status: Value = app
        .get_authed(&format!("/api/job/{job_id}/status"), &me.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["course_id"], course_id.as_str());
    assert_eq!(status["lesson_index"], 1);

    let course = course_page(&app, &me.access_token, &course_id).await;
    assert_eq!(
        statuses(&course),
        ["none", "queued", "none", "none", "none"]
    );
    assert_eq!(course["lessons"][1]["job_id"], job_id.as_str());

    // Asked again (a double click, a second tab, five at once): the same job answers.
    let again = futures::future::join_all((0..5).map(|_| {
        post(
            &app,
            &me.access_token,
            "/api/generate-lesson-video",
            body.clone(),
        )
    }))
    .await;
    for response in again {
        assert_eq!(response.status(), StatusCode::OK);
        let again: Value = response.json().await.unwrap();
        assert_eq!(again["job_id"], job_id.as_str());
        assert_eq!(again["started"], false);
    }
    assert_eq!(job_count(&app).await, 1);

    // The job fails: the lesson says so, and asking again starts a new job.
    jobs::fail(&app.db, &job_id, "narration stage failed: no voice")
        .await
        .unwrap();
    let course = course_page(&app, &me.access_token, &course_id).await;
    assert_eq!(course["lessons"][1]["status"], "failed");
    assert_eq!(
        course["lessons"][1]["error"],
        "narration stage failed: no voice"
    );
    let retry: Value = post(
        &app,
        &me.access_token,
        "/api/generate-lesson-video",
        body.clone(),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_ne!(retry["job_id"], job_id.as_str());
    assert_eq!(retry["started"], true);

    // A dry run plans the lesson without taking it.
    let dry = post(
        &app,
        &me.access_token,
        "/api/generate-lesson-video",
        json!({"course_id": course_id, "lesson_index": 3, "user_id": uid, "dry_run": true}),
    )
    .await;
    assert_eq!(dry.status(), StatusCode::ACCEPTED);
    let course = course_page(&app, &me.access_token, &course_id).await;
    assert_eq!(
        statuses(&course),
        ["none", "queued", "none", "none", "none"]
    );
}

#[tokio::test]
async fn all_five_lessons_start_as_a_batch_with_one_job_id_per_index_in_order() {
    let app = spawn_app().await;
    let me = app.sign_in("batch@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let course_id = seed_course(&app, uid, 5).await;
    // Lesson 3 was started on its own before.
    let single: Value = post(
        &app,
        &me.access_token,
        "/api/generate-lesson-video",
        json!({"course_id": course_id, "lesson_index": 3, "user_id": uid}),
    )
    .await
    .json()
    .await
    .unwrap();

    let response = post(
        &app,
        &me.access_token,
        "/api/generate-all-lesson-videos",
        json!({"course_id": course_id, "user_id": uid, "lesson_indices": [4, 0, 1, 2, 3]}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let batch: Value = response.json().await.unwrap();
    let job_ids: Vec<&str> = batch["job_ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j.as_str().unwrap())
        .collect();
    assert_eq!(job_ids.len(), 5);
    assert_eq!(
        job_ids[4],
        single["job_id"].as_str().unwrap(),
        "lesson 3 keeps its job"
    );
    assert_eq!(batch["started"], 4);
    assert_eq!(batch["cost"], 0);
    for (position, index) in [4, 0, 1, 2, 3].iter().enumerate() {
        assert_eq!(batch["lessons"][position]["lesson_index"], *index);
        let job = jobs::find(&app.db, job_ids[position])
            .await
            .unwrap()
            .unwrap();
        let params: Value = serde_json::from_str(&job.params).unwrap();
        assert_eq!(
            params["lesson_index"], *index,
            "job ids follow the indices' order"
        );
    }
    assert_eq!(job_count(&app).await, 5);
    assert_eq!(available(&app, uid).await, 10);
    let course = course_page(&app, &me.access_token, &course_id).await;
    assert_eq!(statuses(&course), ["queued"; 5]);

    // A lesson's video finishes: it shows as completed with its video, and asking for all
    // five again starts nothing new.
    let finished = jobs::find(&app.db, job_ids[1]).await.unwrap().unwrap();
    finish_lesson_video(&app, &finished, &course_id, 0).await;
    let course = course_page(&app, &me.access_token, &course_id).await;
    assert_eq!(
        statuses(&course),
        ["completed", "queued", "queued", "queued", "queued"]
    );
    let video = &course["lessons"][0]["video"];
    assert_eq!(video["video_type"], "course_lesson");
    assert!(
        video["video_url"]
            .as_str()
            .unwrap()
            .starts_with(&format!("/api/video/{}?t=", job_ids[1]))
    );
    let again = post(
        &app,
        &me.access_token,
        "/api/generate-all-lesson-videos",
        json!({"course_id": course_id, "user_id": uid, "lesson_indices": [0, 1, 2, 3, 4]}),
    )
    .await;
    assert_eq!(again.status(), StatusCode::OK);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["started"], 0);
    assert_eq!(again["lessons"][0]["status"], "completed");
    assert_eq!(job_count(&app).await, 5);

    // The learner watches that lesson to the end and answers its checkpoints (one right,
    // one wrong): the course page counts 1 of 5 lessons and 1 of 2 checkpoints.
    assert_eq!(
        course["progress"],
        json!({"lessons": 5, "lessons_completed": 0, "checkpoints_correct": 0, "checkpoints_answered": 0})
    );
    let video_id = course["lessons"][0]["video_id"].as_str().unwrap();
    let watched = post(
        &app,
        &me.access_token,
        &format!("/api/video/{video_id}/progress"),
        json!({"position_seconds": 60.0, "furthest_seconds": 60.0, "recorded_at": "2026-11-26T10:00:00Z",
               "checkpoints": [{"question": 0, "correct": true}, {"question": 1, "correct": false}]}),
    )
    .await;
    assert_eq!(watched.status(), StatusCode::OK);
    let course = course_page(&app, &me.access_token, &course_id).await;
    assert_eq!(
        course["progress"],
        json!({"lessons": 5, "lessons_completed": 1, "checkpoints_correct": 1, "checkpoints_answered": 2})
    );
    assert_eq!(course["lessons"][0]["completed"], true);
    assert_eq!(course["lessons"][1]["completed"], false);
    // The library counts the same for the course.
    let library: Value = app
        .get_authed(
            &format!("/api/auth/user/{uid}/search?type=course"),
            &me.access_token,
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        library["progress"]["courses"][&course_id],
        course["progress"]
    );
}

/// What a worker leaves when a lesson's video completes: the job completed, the video in the
/// library, the lesson pointing at it.
pub(crate) async fn finish_lesson_video(
    app: &TestApp,
    job: &job::Model,
    course_id: &str,
    index: u32,
) {
    let claimed = match jobs::claim(&app.db, &job.id, "test-worker").await.unwrap() {
        jobs::Claim::Run(job) => job,
        jobs::Claim::Skip => panic!("the job can be claimed"),
    };
    let now = chrono::Utc::now();
    let video_id = uuid::Uuid::new_v4().to_string();
    let record = video::ActiveModel {
        id: Set(video_id.clone()),
        user_id: Set(job.user_id.clone()),
        job_id: Set(Some(job.id.clone())),
        video_type: Set("course_lesson".into()),
        title: Set(job.title.clone()),
        original_title: Set(job.title.clone()),
        topic: Set(job.title.clone()),
        prompt: Set(job.title.clone()),
        description: Set("A lesson".into()),
        level: Set(2),
        difficulty: Set("intermediate".into()),
        duration: Set("1:00".into()),
        duration_minutes: Set(1),
        subject: Set("Science".into()),
        problem_type: Set(None),
        subtitle_style: Set(Some("modern".into())),
        wpm: Set(150),
        dry_run: Set(false),
        tags: Set("[]".into()),
        generated_content: Set("{}".into()),
        content_metadata: Set("{}".into()),
        status: Set("completed".into()),
        credits_used: Set(0),
        media_prefix: Set(Some(format!("jobs/{}", job.id))),
        has_thumbnail: Set(true),
        thumbnail_storage_path: Set(None),
        transcript: Set(None),
        is_public: Set(false),
        course_id: Set(Some(course_id.to_string())),
        lesson_index: Set(Some(index as i32)),
        created_at: Set(now),
        updated_at: Set(now),
    };
    let txn = lectern_core::db::begin_write(&app.db).await.unwrap();
    assert!(
        jobs::complete_in(
            &txn,
            &claimed,
            jobs::Completion {
                result: json!({"course_id": course_id, "lesson_index": index}),
                smart_title: None,
                step: "Video ready for download!".into(),
                video: Some(record),
            },
        )
        .await
        .unwrap()
    );
    courses::attach_video_in(&txn, course_id, index, &job.id, &video_id)
        .await
        .unwrap();
    txn.commit().await.unwrap();
}

#[tokio::test]
async fn invalid_lesson_indices_give_a_clear_422_and_start_nothing() {
    let app = spawn_app().await;
    let me = app.sign_in("careful@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let course_id = seed_course(&app, uid, 5).await;
    let batch =
        |indices: Value| json!({"course_id": course_id, "user_id": uid, "lesson_indices": indices});
    let cases = [
        (
            batch(json!([0, -1, 2])),
            "body.lesson_indices.1",
            "Lesson index -1 is negative; lessons are numbered from 0 to 4",
        ),
        (
            batch(json!([0, 5])),
            "body.lesson_indices.1",
            "There is no lesson 5: the course has 5 lessons, numbered from 0 to 4",
        ),
        (
            batch(json!([2, 3, 2])),
            "body.lesson_indices.2",
            "Lesson 2 is listed more than once",
        ),
        (
            batch(json!([0, 1, 2, 3, 4, 4])),
            "body.lesson_indices",
            "6 lesson indices were given, but the course has only 5 lessons",
        ),
        (
            batch(json!([])),
            "body.lesson_indices",
            "Give at least one lesson index",
        ),
        (batch(json!([1.5])), "body.lesson_indices", "invalid type"),
        (
            json!({"course_id": course_id, "user_id": uid}),
            "body.lesson_indices",
            "lesson_indices is required",
        ),
        (
            json!({"user_id": uid, "lesson_indices": [0]}),
            "body.course_id",
            "course_id is required",
        ),
        (
            json!({"course_id": course_id, "lesson_indices": [0]}),
            "body.user_id",
            "User ID is required for lesson generation",
        ),
    ];
    for (body, loc, message) in cases {
        let response = post(
            &app,
            &me.access_token,
            "/api/generate-all-lesson-videos",
            body.clone(),
        )
        .await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}"
        );
        let found = errors(&response.json().await.unwrap());
        assert!(
            found
                .iter()
                .any(|(l, m)| l.starts_with(loc) && m.contains(message)),
            "{body}: expected {loc} '{message}', got {found:?}"
        );
    }
    let single =
        |index: Value| json!({"course_id": course_id, "user_id": uid, "lesson_index": index});
    for (body, message) in [
        (single(json!(-1)), "Lesson index -1 is negative"),
        (single(json!(7)), "There is no lesson 7"),
        (
            json!({"course_id": course_id, "user_id": uid}),
            "lesson_index is required",
        ),
    ] {
        let response = post(
            &app,
            &me.access_token,
            "/api/generate-lesson-video",
            body.clone(),
        )
        .await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}"
        );
        let found = errors(&response.json().await.unwrap());
        assert!(
            found
                .iter()
                .any(|(l, m)| l == "body.lesson_index" && m.contains(message)),
            "{body}: {found:?}"
        );
    }
    assert_eq!(job_count(&app).await, 0, "nothing was started");
    let course = course_page(&app, &me.access_token, &course_id).await;
    assert_eq!(statuses(&course), ["none"; 5]);
}

#[tokio::test]
async fn lessons_of_another_users_course_cannot_be_started() {
    let app = spawn_app().await;
    let ada = app.sign_in("ada@example.com").await;
    let bob = app.sign_in("bob@example.com").await;
    let bob_id = bob.user["uid"].as_str().unwrap();
    let adas_course = seed_course(&app, ada.user["uid"].as_str().unwrap(), 5).await;
    let one = post(
        &app,
        &bob.access_token,
        "/api/generate-lesson-video",
        json!({"course_id": adas_course, "lesson_index": 0, "user_id": bob_id}),
    )
    .await;
    assert_eq!(one.status(), StatusCode::NOT_FOUND);
    let all = post(
        &app,
        &bob.access_token,
        "/api/generate-all-lesson-videos",
        json!({"course_id": adas_course, "lesson_indices": [0, 1], "user_id": bob_id}),
    )
    .await;
    assert_eq!(all.status(), StatusCode::NOT_FOUND);
    let body: Value = all.json().await.unwrap();
    assert_eq!(body["detail"], "Course not found");
    assert_eq!(job_count(&app).await, 0);
}

#[tokio::test]
async fn course_generation_is_reported_available() {
    let app = spawn_app().await;
    let status: Value = app
        .get("/api/video-functions-status")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["course_generation"]["available"], true, "{status}");
    // No model is configured here: the create screen must warn of an offline draft.
    for section in ["video_generation", "course_generation"] {
        assert_eq!(
            status[section]["writer"]["kind"], "offline_draft",
            "{status}"
        );
        assert_eq!(status[section]["writer"]["label"], "the offline writer");
    }
}

//! A published course through the public API: its outline and lessons for anyone, a finished
//! lesson video's media open without sign-in, and a private, unpublished or unknown course
//! answering one and the same 404. Courses and lesson videos are written as their finished
//! jobs leave them (see `courses.rs`).

use lectern_core::{
    courses::{self, NewCourse},
    jobs,
};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};

use crate::{
    courses::{finish_lesson_video, outline, post},
    helpers::{SignedIn, TestApp, browser, spawn_app},
    library::{patch, put_media},
};

/// A course with `lessons` lessons and a cover, as a finished course job leaves it.
pub(crate) async fn seed_course(app: &TestApp, user_id: &str, lessons: usize) -> String {
    let id = courses::new_id();
    let cover = format!("courses/{id}/cover.jpg");
    put_media(app, &cover, b"\xff\xd8\xff cover").await;
    courses::insert_in(
        &app.db,
        NewCourse {
            id: id.clone(),
            user_id,
            job_id: None,
            goal: "Understand the tides",
            background_knowledge: "School physics",
            detail_level: 2,
            outline: outline(lessons),
            thumbnail_key: Some(cover),
        },
    )
    .await
    .unwrap();
    id
}

/// Starts lesson `index`'s video as its owner would and returns the job id.
async fn start_lesson(app: &TestApp, owner: &SignedIn, course_id: &str, index: u32) -> String {
    let uid = owner.user["uid"].as_str().unwrap();
    let started = post(
        app,
        &owner.access_token,
        "/api/generate-lesson-video",
        json!({"course_id": course_id, "lesson_index": index, "user_id": uid, "dry_run": false}),
    )
    .await;
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    let started: Value = started.json().await.unwrap();
    started["job_id"].as_str().unwrap().to_string()
}

/// Lesson `index`'s video finished, with the files the pipeline stores.
pub(crate) async fn finished_lesson(
    app: &TestApp,
    owner: &SignedIn,
    course_id: &str,
    index: u32,
) -> String {
    let job_id = start_lesson(app, owner, course_id, index).await;
    let job = jobs::find(&app.db, &job_id).await.unwrap().unwrap();
    finish_lesson_video(app, &job, course_id, index).await;
    let files: [(&str, &[u8]); 5] = [
        ("video.mp4", b"not really an mp4"),
        ("subtitles.vtt", b"WEBVTT\n"),
        ("chapters.vtt", b"WEBVTT\n"),
        ("thumbnail.jpg", b"\xff\xd8\xff lesson"),
        (
            "transcript.json",
            br#"{"title": "Tides", "duration": 60.0, "scenes": [], "sentences": [{"text": "The Moon pulls.", "start": 0.0, "end": 5.0, "scene": 0}]}"#,
        ),
    ];
    for (file, bytes) in files {
        put_media(app, &format!("jobs/{job_id}/{file}"), bytes).await;
    }
    job_id
}

pub(crate) async fn publish(app: &TestApp, owner: &SignedIn, course_id: &str, is_public: bool) {
    let response = patch(
        app,
        &owner.access_token,
        &format!("/api/library/courses/{course_id}"),
        json!({"is_public": is_public}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
}

async fn public_course(client: &reqwest::Client, app: &TestApp, id: &str) -> reqwest::Response {
    client
        .get(app.url(&format!("/api/public/courses/{id}")))
        .send()
        .await
        .unwrap()
}

async fn assert_course_not_found(response: reqwest::Response) {
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body, json!({"detail": "Course not found"}));
}

#[tokio::test]
async fn a_published_course_shows_its_lessons_and_a_finished_lesson_plays_without_sign_in() {
    let app = spawn_app().await;
    let ada = app.sign_in("ada@example.com").await;
    let course_id = seed_course(&app, ada.user["uid"].as_str().unwrap(), 3).await;
    let job_id = finished_lesson(&app, &ada, &course_id, 1).await;
    let queued = start_lesson(&app, &ada, &course_id, 2).await;
    publish(&app, &ada, &course_id, true).await;

    let visitor = browser();
    let response = public_course(&visitor, &app, &course_id).await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.unwrap();
    for private in ["user_id", "ada@example.com", queued.as_str()] {
        assert!(!text.contains(private), "{private} is not exposed: {text}");
    }
    let course: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(course["id"], course_id.as_str());
    assert_eq!(course["title"], "Tides and the Moon");
    assert_eq!(
        course["description"],
        "Why the sea rises and falls twice a day."
    );
    assert_eq!(course["lesson_count"], 3);
    assert_eq!(
        course["thumbnail_url"],
        format!("/api/media/course-thumbnail/{course_id}"),
        "the cover as the explore list gives it"
    );
    let lessons = course["lessons"].as_array().unwrap();
    let titles: Vec<&str> = lessons
        .iter()
        .map(|l| l["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        ["Tides lesson 1", "Tides lesson 2", "Tides lesson 3"]
    );
    for (i, lesson) in lessons.iter().enumerate() {
        assert_eq!(lesson["lesson_index"], i);
        assert_eq!(
            lesson["summary"],
            format!("Part {} of how the Moon pulls the oceans.", i + 1)
        );
    }
    for waiting in [&lessons[0], &lessons[2]] {
        assert_eq!(waiting["job_id"], Value::Null);
        assert_eq!(waiting["video"], Value::Null);
    }
    let lesson = &lessons[1];
    assert_eq!(lesson["job_id"], job_id.as_str());
    let video = &lesson["video"];
    assert_eq!(video["video_url"], format!("/api/video/{job_id}"));
    assert_eq!(
        video["subtitle_url"],
        format!("/api/media/subtitles/{job_id}")
    );
    assert_eq!(
        video["thumbnail_url"],
        format!("/api/media/thumbnail/{job_id}")
    );

    let range = visitor
        .get(app.url(video["video_url"].as_str().unwrap()))
        .header(header::RANGE, "bytes=0-9")
        .send()
        .await
        .unwrap();
    assert_eq!(range.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(range.headers()[header::CONTENT_RANGE], "bytes 0-9/17");
    assert_eq!(range.bytes().await.unwrap().as_ref(), b"not really");
    for field in [
        "video_url",
        "subtitle_url",
        "chapters_url",
        "transcript_url",
        "thumbnail_url",
    ] {
        let url = video[field].as_str().unwrap();
        let response = visitor.get(app.url(url)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{field}: {url}");
    }
    let cover = visitor
        .get(app.url(course["thumbnail_url"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(cover.status(), StatusCode::OK);
}

#[tokio::test]
async fn an_unpublished_course_is_404_to_a_visitor_and_to_another_signed_in_user() {
    let app = spawn_app().await;
    let ada = app.sign_in("ada@example.com").await;
    let bob = app.sign_in("bob@example.com").await;
    let course_id = seed_course(&app, ada.user["uid"].as_str().unwrap(), 3).await;
    let job_id = finished_lesson(&app, &ada, &course_id, 0).await;

    assert_course_not_found(public_course(&browser(), &app, &course_id).await).await;
    assert_course_not_found(
        app.get_authed(
            &format!("/api/public/courses/{course_id}"),
            &bob.access_token,
        )
        .await,
    )
    .await;
    let media = browser()
        .get(app.url(&format!("/api/video/{job_id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(media.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_course_made_private_again_is_404_and_its_lesson_media_close() {
    let app = spawn_app().await;
    let ada = app.sign_in("ada@example.com").await;
    let course_id = seed_course(&app, ada.user["uid"].as_str().unwrap(), 3).await;
    let job_id = finished_lesson(&app, &ada, &course_id, 0).await;
    publish(&app, &ada, &course_id, true).await;
    let visitor = browser();
    assert_eq!(
        public_course(&visitor, &app, &course_id).await.status(),
        StatusCode::OK
    );

    publish(&app, &ada, &course_id, false).await;

    assert_course_not_found(public_course(&visitor, &app, &course_id).await).await;
    let media = visitor
        .get(app.url(&format!("/api/video/{job_id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(media.status(), StatusCode::NOT_FOUND);
    let explore: Value = visitor
        .get(app.url("/api/public/explore/courses"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(explore["courses"], json!([]));
}

#[tokio::test]
async fn an_unknown_course_id_is_404_like_a_private_one() {
    let app = spawn_app().await;
    let visitor = browser();

    for id in ["no-such-course", courses::new_id().as_str()] {
        assert_course_not_found(public_course(&visitor, &app, id).await).await;
    }
}

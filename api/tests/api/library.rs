//! The library through the API: full-text search and its ranking, the type filter and
//! pagination, publishing to the explore catalogue, media of public and private items,
//! renaming and deleting. Library rows are written straight into the database, as a
//! finished job would leave them.

use chrono::{Duration, Utc};
use lectern_core::entities::{job, video};
use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, ConnectionTrait, Set, sea_query::Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, browser, spawn_app};

pub(crate) struct Seed<'a> {
    pub(crate) title: &'a str,
    pub(crate) topic: &'a str,
    pub(crate) description: &'a str,
    pub(crate) transcript: &'a [&'a str],
    pub(crate) video_type: &'a str,
    pub(crate) is_public: bool,
    /// Minutes before now, so the newest-first order is known.
    pub(crate) age_minutes: i64,
    /// Written by the offline writer (recorded in the job's result and the library row).
    pub(crate) offline_draft: bool,
}

impl Default for Seed<'_> {
    fn default() -> Self {
        Self {
            title: "Untitled",
            topic: "General studies",
            description: "A short video.",
            transcript: &["Welcome to this lesson."],
            video_type: "educational",
            is_public: false,
            age_minutes: 0,
            offline_draft: false,
        }
    }
}

pub(crate) struct Seeded {
    pub id: String,
    pub job_id: String,
}

/// A finished video: its job, its library row (with the pipeline's transcript.json) and a
/// thumbnail and subtitles in storage.
pub(crate) async fn seed_video(app: &TestApp, user_id: &str, seed: Seed<'_>) -> Seeded {
    let job_id = uuid::Uuid::new_v4().to_string();
    let id = uuid::Uuid::new_v4().to_string();
    let at = Utc::now() - Duration::minutes(seed.age_minutes);
    job::ActiveModel {
        id: Set(job_id.clone()),
        user_id: Set(user_id.into()),
        kind: Set(if seed.video_type == "problem_solving" {
            lectern_core::jobs::JobKind::Problem
        } else {
            lectern_core::jobs::JobKind::Video
        }),
        status: Set(lectern_core::jobs::JobStatus::Completed),
        progress: Set(100),
        current_step: Set("Video ready for download!".into()),
        title: Set(seed.title.into()),
        smart_title: Set(None),
        error: Set(None),
        params: Set("{}".into()),
        result: Set(Some(
            json!({"offline_draft": seed.offline_draft}).to_string(),
        )),
        credits_reserved: Set(1),
        attempts: Set(1),
        worker: Set(None),
        created_at: Set(at),
        updated_at: Set(at),
        started_at: Set(Some(at)),
        completed_at: Set(Some(at)),
    }
    .insert(&app.db)
    .await
    .unwrap();
    let transcript = json!({
        "title": seed.title,
        "duration": 60.0,
        "scenes": [{"index": 0, "kind": "title", "heading": "Introduction", "start": 0.0, "end": 60.0}],
        "sentences": seed.transcript.iter().enumerate().map(|(i, text)| json!({
            "text": text, "start": i as f64 * 5.0, "end": i as f64 * 5.0 + 5.0, "scene": 0,
        })).collect::<Vec<_>>(),
    });
    video::ActiveModel {
        id: Set(id.clone()),
        user_id: Set(user_id.into()),
        job_id: Set(Some(job_id.clone())),
        video_type: Set(seed.video_type.into()),
        title: Set(seed.title.into()),
        original_title: Set(seed.title.into()),
        topic: Set(seed.topic.into()),
        prompt: Set(seed.topic.into()),
        description: Set(seed.description.into()),
        level: Set(2),
        difficulty: Set("intermediate".into()),
        duration: Set("1:00".into()),
        duration_minutes: Set(1),
        subject: Set("General".into()),
        problem_type: Set(None),
        subtitle_style: Set(Some("modern".into())),
        wpm: Set(150),
        dry_run: Set(false),
        tags: Set("[]".into()),
        generated_content: Set(json!({"offline_draft": seed.offline_draft}).to_string()),
        content_metadata: Set("{}".into()),
        status: Set("completed".into()),
        credits_used: Set(1),
        media_prefix: Set(Some(format!("jobs/{job_id}"))),
        has_thumbnail: Set(true),
        thumbnail_storage_path: Set(Some(format!("jobs/{job_id}/thumbnail.jpg"))),
        transcript: Set(Some(transcript.to_string())),
        is_public: Set(seed.is_public),
        course_id: Set(None),
        lesson_index: Set(None),
        created_at: Set(at),
        updated_at: Set(at),
    }
    .insert(&app.db)
    .await
    .unwrap();
    put_media(
        app,
        &format!("jobs/{job_id}/thumbnail.jpg"),
        b"\xff\xd8\xff thumbnail",
    )
    .await;
    put_media(app, &format!("jobs/{job_id}/subtitles.vtt"), b"WEBVTT\n").await;
    put_media(
        app,
        &format!("jobs/{job_id}/video.mp4"),
        b"not really an mp4",
    )
    .await;
    Seeded { id, job_id }
}

pub(crate) async fn put_media(app: &TestApp, key: &str, bytes: &[u8]) {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), bytes).unwrap();
    app.storage
        .put_file(key, file.path(), "application/octet-stream")
        .await
        .unwrap();
}

/// A course as the course generator leaves it (the courses feature writes these).
async fn seed_course(
    app: &TestApp,
    user_id: &str,
    title: &str,
    goal: &str,
    lessons: usize,
) -> String {
    let id = uuid::Uuid::new_v4().to_string();
    let job_id = uuid::Uuid::new_v4().to_string();
    let outline = json!({"lessons": (0..lessons).map(|i| json!({"title": format!("Lesson {} of {title}", i + 1)})).collect::<Vec<_>>()});
    let now = Utc::now();
    let insert = Query::insert()
        .into_table("courses")
        .columns([
            "id",
            "user_id",
            "job_id",
            "title",
            "description",
            "goal",
            "background_knowledge",
            "detail_level",
            "audience",
            "prerequisites",
            "data",
            "status",
            "has_thumbnail",
            "thumbnail_storage_path",
            "is_public",
            "created_at",
            "updated_at",
        ])
        .values_panic([
            id.clone().into(),
            user_id.into(),
            job_id.clone().into(),
            title.into(),
            format!("A course: {goal}").into(),
            goal.into(),
            "none".into(),
            2.into(),
            "students".into(),
            "curiosity".into(),
            outline.to_string().into(),
            "completed".into(),
            true.into(),
            format!("jobs/{job_id}/thumbnail.jpg").into(),
            false.into(),
            now.into(),
            now.into(),
        ])
        .to_owned();
    app.db.execute(&insert).await.unwrap();
    for i in 0..lessons {
        let lesson = Query::insert()
            .into_table("lessons")
            .columns([
                "id",
                "course_id",
                "lesson_index",
                "title",
                "objectives",
                "summary",
                "key_terms",
                "status",
            ])
            .values_panic([
                uuid::Uuid::new_v4().to_string().into(),
                id.clone().into(),
                (i as i32).into(),
                format!("Lesson {}", i + 1).into(),
                "[]".into(),
                "".into(),
                "[]".into(),
                "none".into(),
            ])
            .to_owned();
        app.db.execute(&lesson).await.unwrap();
    }
    put_media(
        app,
        &format!("jobs/{job_id}/thumbnail.jpg"),
        b"\xff\xd8\xff cover",
    )
    .await;
    id
}

async fn search(app: &TestApp, token: &str, uid: &str, query: &str) -> reqwest::Response {
    app.get_authed(&format!("/api/auth/user/{uid}/search?{query}"), token)
        .await
}

async fn search_ok(app: &TestApp, token: &str, uid: &str, query: &str) -> Value {
    let response = search(app, token, uid, query).await;
    assert_eq!(response.status(), StatusCode::OK, "search ?{query}");
    response.json().await.unwrap()
}

fn titles(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|item| item["title"].as_str().unwrap().to_string())
        .collect()
}

pub(crate) async fn patch(
    app: &TestApp,
    token: &str,
    path: &str,
    body: Value,
) -> reqwest::Response {
    app.client
        .patch(app.url(path))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

async fn delete(app: &TestApp, token: &str, path: &str) -> reqwest::Response {
    app.client
        .delete(app.url(path))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

async fn assert_422_naming(response: reqwest::Response, loc: &[&str]) {
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = response.json().await.unwrap();
    let errors = body["detail"].as_array().expect("a list of field errors");
    assert!(
        errors.iter().any(|e| e["loc"] == json!(loc)),
        "expected an error at {loc:?}: {body}"
    );
}

#[tokio::test]
async fn search_finds_a_video_by_a_word_that_appears_only_in_its_transcript() {
    let app = spawn_app().await;
    let me = app.sign_in("searcher@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    seed_video(
        &app,
        uid,
        Seed {
            title: "How plants make food",
            topic: "Plant biology",
            description: "Leaves, light and sugar.",
            transcript: &[
                "Inside every leaf are tiny green structures.",
                "They are called chloroplasts, and they capture sunlight.",
            ],
            ..Seed::default()
        },
    )
    .await;
    seed_video(
        &app,
        uid,
        Seed {
            title: "The French Revolution",
            topic: "History",
            transcript: &["In 1789 the Estates-General met at Versailles."],
            ..Seed::default()
        },
    )
    .await;

    let found = search_ok(&app, &me.access_token, uid, "q=chloroplasts").await;
    assert_eq!(titles(&found["videos"]), ["How plants make food"]);
    let by_stem = search_ok(&app, &me.access_token, uid, "q=chloroplast").await;
    assert_eq!(titles(&by_stem["videos"]), ["How plants make food"]);
    let by_prefix = search_ok(&app, &me.access_token, uid, "q=Versail").await;
    assert_eq!(titles(&by_prefix["videos"]), ["The French Revolution"]);
    let nothing = search_ok(&app, &me.access_token, uid, "q=quasar").await;
    assert_eq!(nothing["videos"], json!([]));
    assert_eq!(nothing["courses"], json!([]));
}

#[tokio::test]
async fn a_title_match_ranks_before_matches_in_the_topic_description_or_transcript() {
    let app = spawn_app().await;
    let me = app.sign_in("ranker@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    // Newer, and says "photosynthesis" many times, but not in its title.
    seed_video(
        &app,
        uid,
        Seed {
            title: "Plant cells up close",
            topic: "Photosynthesis and respiration",
            description: "Photosynthesis in detail.",
            transcript: &["Photosynthesis photosynthesis photosynthesis photosynthesis."],
            age_minutes: 1,
            ..Seed::default()
        },
    )
    .await;
    seed_video(
        &app,
        uid,
        Seed {
            title: "Photosynthesis explained",
            topic: "Biology",
            transcript: &["Light becomes sugar."],
            age_minutes: 60,
            ..Seed::default()
        },
    )
    .await;
    seed_video(
        &app,
        uid,
        Seed {
            title: "Respiration",
            transcript: &["The reverse of photosynthesis, roughly."],
            age_minutes: 30,
            ..Seed::default()
        },
    )
    .await;

    let found = search_ok(&app, &me.access_token, uid, "q=photosynthesis").await;
    let order = titles(&found["videos"]);
    assert_eq!(order.len(), 3, "{order:?}");
    assert_eq!(order[0], "Photosynthesis explained");
}

#[tokio::test]
async fn the_type_filter_keeps_courses_lessons_or_solutions() {
    let app = spawn_app().await;
    let me = app.sign_in("typist@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    seed_video(
        &app,
        uid,
        Seed {
            title: "Algebra lesson",
            ..Seed::default()
        },
    )
    .await;
    seed_video(
        &app,
        uid,
        Seed {
            title: "Algebra solution",
            video_type: "problem_solving",
            ..Seed::default()
        },
    )
    .await;
    seed_course(&app, uid, "Algebra course", "Master linear algebra", 3).await;

    let all = search_ok(&app, &me.access_token, uid, "q=algebra").await;
    assert_eq!(titles(&all["courses"]), ["Algebra course"]);
    assert_eq!(all["courses"][0]["lesson_count"], 3);
    assert_eq!(all["videos"].as_array().unwrap().len(), 2);

    let courses = search_ok(&app, &me.access_token, uid, "q=algebra&type=course").await;
    assert_eq!(titles(&courses["courses"]), ["Algebra course"]);
    assert_eq!(courses["videos"], json!([]));
    let lessons = search_ok(&app, &me.access_token, uid, "q=algebra&type=lesson").await;
    assert_eq!(titles(&lessons["videos"]), ["Algebra lesson"]);
    assert_eq!(lessons["courses"], json!([]));
    let solutions = search_ok(&app, &me.access_token, uid, "type=solution").await;
    assert_eq!(titles(&solutions["videos"]), ["Algebra solution"]);
    assert_eq!(solutions["videos"][0]["video_type"], "problem_solving");

    let by_outline = search_ok(&app, &me.access_token, uid, "q=linear").await;
    assert_eq!(titles(&by_outline["courses"]), ["Algebra course"]);
}

#[tokio::test]
async fn pagination_edges_give_correct_pages_or_a_422_naming_the_field() {
    let app = spawn_app().await;
    let me = app.sign_in("pager@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    for (i, title) in ["Third", "Second", "First"].into_iter().enumerate() {
        seed_video(
            &app,
            uid,
            Seed {
                title,
                transcript: &["Common words for paging."],
                age_minutes: i as i64,
                ..Seed::default()
            },
        )
        .await;
    }
    let token = &me.access_token;

    let first = search_ok(&app, token, uid, "limit=1").await;
    assert_eq!(titles(&first["videos"]), ["Third"]);
    assert_eq!(first["has_more_videos"], true);
    let second = search_ok(&app, token, uid, "limit=1&offset=1").await;
    assert_eq!(titles(&second["videos"]), ["Second"]);
    let last = search_ok(&app, token, uid, "q=paging&limit=2&offset=2").await;
    assert_eq!(last["videos"].as_array().unwrap().len(), 1);
    assert_eq!(last["has_more_videos"], false);
    let past_the_end = search_ok(&app, token, uid, "offset=3").await;
    assert_eq!(past_the_end["videos"], json!([]));
    assert_eq!(past_the_end["has_more_videos"], false);
    let far_past = search_ok(&app, token, uid, "q=paging&offset=1000000").await;
    assert_eq!(far_past["videos"], json!([]));
    let at_most = search_ok(&app, token, uid, "limit=100").await;
    assert_eq!(at_most["videos"].as_array().unwrap().len(), 3);

    for (query, field) in [
        ("limit=0", "limit"),
        ("limit=1000", "limit"),
        ("limit=101", "limit"),
        ("limit=-1", "limit"),
        ("limit=ten", "limit"),
        ("offset=-1", "offset"),
        ("offset=1000001", "offset"),
        ("offset=1.5", "offset"),
        ("type=podcast", "type"),
    ] {
        assert_422_naming(search(&app, token, uid, query).await, &["query", field]).await;
    }
    let long = format!("q={}", "a".repeat(201));
    assert_422_naming(search(&app, token, uid, &long).await, &["query", "q"]).await;

    for path in [
        "/api/public/explore/videos?limit=0",
        "/api/public/explore/videos?limit=1000",
        "/api/public/explore/courses?limit=1000",
        "/api/public/explore/courses?offset=-5",
    ] {
        let response = app.get(path).await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{path}"
        );
        let body: Value = response.json().await.unwrap();
        assert!(
            body["detail"][0]["msg"]
                .as_str()
                .unwrap()
                .contains("must be")
        );
    }
    let explore = app
        .get("/api/public/explore/videos?limit=50&offset=999")
        .await;
    assert_eq!(explore.status(), StatusCode::OK);
    let explore: Value = explore.json().await.unwrap();
    assert_eq!(explore["videos"], json!([]));
}

#[tokio::test]
async fn a_query_with_no_words_finds_nothing_and_operators_are_plain_words() {
    let app = spawn_app().await;
    let me = app.sign_in("syntax@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    seed_video(
        &app,
        uid,
        Seed {
            title: "Cats and dogs",
            transcript: &["NEAR the AND gate"],
            ..Seed::default()
        },
    )
    .await;
    let punctuation = search_ok(&app, &me.access_token, uid, "q=%22%28%2A%3A%5E").await;
    assert_eq!(punctuation["videos"], json!([]));
    for query in [
        "q=cats%20AND",
        "q=%22cats%22%20OR%20(dogs",
        "q=title%3Acats*",
    ] {
        let response = search(&app, &me.access_token, uid, query).await;
        assert_eq!(response.status(), StatusCode::OK, "{query}");
    }
    let blank = search_ok(&app, &me.access_token, uid, "q=%20%20").await;
    assert_eq!(
        titles(&blank["videos"]),
        ["Cats and dogs"],
        "a blank query lists the library"
    );
}

#[tokio::test]
async fn another_users_private_items_are_never_visible_by_search_explore_media_or_id() {
    let app = spawn_app().await;
    let alice = app.sign_in("alice@example.com").await;
    let alice_id = alice.user["uid"].as_str().unwrap();
    let bob = app.sign_in_with(&browser(), "bob@example.com").await;
    let bob_id = bob.user["uid"].as_str().unwrap();
    let private = seed_video(
        &app,
        bob_id,
        Seed {
            title: "Bob's secret zeppelin notes",
            transcript: &["Zeppelins float on hydrogen."],
            ..Seed::default()
        },
    )
    .await;
    let course = seed_course(&app, bob_id, "Bob's zeppelin course", "Fly airships", 2).await;

    let found = search_ok(&app, &alice.access_token, alice_id, "q=zeppelin").await;
    assert_eq!(found["videos"], json!([]));
    assert_eq!(found["courses"], json!([]));
    let listed = search_ok(&app, &alice.access_token, alice_id, "").await;
    assert_eq!(listed["videos"], json!([]));
    let through_bobs_path = search(&app, &alice.access_token, bob_id, "q=zeppelin").await;
    assert_eq!(through_bobs_path.status(), StatusCode::NOT_FOUND);
    let signed_out = app
        .get(&format!("/api/auth/user/{bob_id}/search?q=zeppelin"))
        .await;
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);

    let explore_videos: Value = app
        .get("/api/public/explore/videos")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(explore_videos["videos"], json!([]));
    let explore_courses: Value = app
        .get("/api/public/explore/courses")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(explore_courses["courses"], json!([]));

    let job = &private.job_id;
    for path in [
        format!("/api/video/{job}"),
        format!("/api/media/subtitles/{job}"),
        format!("/api/media/thumbnail/{job}"),
        format!("/api/media/course-thumbnail/{job}"),
        format!("/api/media/course-thumbnail/{course}"),
        format!("/api/job/{job}/status"),
    ] {
        let as_alice = app.get_authed(&path, &alice.access_token).await;
        assert_eq!(as_alice.status(), StatusCode::NOT_FOUND, "{path} as Alice");
        let as_visitor = app.get(&path).await;
        // Media answer a visitor as they answer an unknown id (issue 52); the job's status
        // is for signed-in callers only.
        let expected = if path.starts_with("/api/job/") {
            StatusCode::UNAUTHORIZED
        } else {
            StatusCode::NOT_FOUND
        };
        assert_eq!(as_visitor.status(), expected, "{path} signed out");
    }
    // A media token for Alice's own video opens nothing of Bob's.
    let mine = seed_video(&app, alice_id, Seed::default()).await;
    let my_item = search_ok(&app, &alice.access_token, alice_id, "").await;
    let my_thumbnail = my_item["videos"][0]["thumbnail_url"].as_str().unwrap();
    let token = my_thumbnail.split("?t=").nth(1).unwrap();
    assert!(my_thumbnail.contains(&mine.job_id));
    let borrowed = app
        .get(&format!("/api/media/thumbnail/{job}?t={token}"))
        .await;
    assert_eq!(borrowed.status(), StatusCode::NOT_FOUND);
    let borrowed = app
        .get(&format!("/api/media/course-thumbnail/{course}?t={token}"))
        .await;
    assert_eq!(borrowed.status(), StatusCode::NOT_FOUND);

    let video_path = format!("/api/library/videos/{}", private.id);
    let course_path = format!("/api/library/courses/{course}");
    for path in [&video_path, &course_path] {
        let publish = patch(&app, &alice.access_token, path, json!({"is_public": true})).await;
        assert_eq!(publish.status(), StatusCode::NOT_FOUND, "PATCH {path}");
        let removed = delete(&app, &alice.access_token, path).await;
        assert_eq!(removed.status(), StatusCode::NOT_FOUND, "DELETE {path}");
    }
    let still_there = search_ok(&app, &bob.access_token, bob_id, "q=zeppelin").await;
    assert_eq!(
        titles(&still_there["videos"]),
        ["Bob's secret zeppelin notes"]
    );
    assert_eq!(still_there["videos"][0]["is_public"], false);
    assert_eq!(titles(&still_there["courses"]), ["Bob's zeppelin course"]);
    let bobs_thumbnail = app.get(&format!("/api/media/thumbnail/{job}")).await;
    assert_eq!(bobs_thumbnail.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_published_video_is_in_explore_newest_first_and_its_media_open_without_sign_in() {
    let app = spawn_app().await;
    let me = app.sign_in("publisher@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let older = seed_video(
        &app,
        uid,
        Seed {
            title: "Older lesson",
            age_minutes: 10,
            ..Seed::default()
        },
    )
    .await;
    let newer = seed_video(
        &app,
        uid,
        Seed {
            title: "Newer solution",
            video_type: "problem_solving",
            age_minutes: 1,
            ..Seed::default()
        },
    )
    .await;
    seed_video(
        &app,
        uid,
        Seed {
            title: "Never published",
            ..Seed::default()
        },
    )
    .await;

    for seeded in [&older, &newer] {
        let published = patch(
            &app,
            &me.access_token,
            &format!("/api/library/videos/{}", seeded.id),
            json!({"is_public": true}),
        )
        .await;
        assert_eq!(published.status(), StatusCode::OK);
        let item: Value = published.json().await.unwrap();
        assert_eq!(item["is_public"], true);
        assert_eq!(
            item["thumbnail_url"],
            format!("/api/media/thumbnail/{}", seeded.job_id),
            "a public thumbnail URL needs no token"
        );
    }

    let visitor = browser();
    let explore: Value = visitor
        .get(app.url("/api/public/explore/videos?limit=50&offset=0"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        titles(&explore["videos"]),
        ["Newer solution", "Older lesson"]
    );
    assert_eq!(explore["has_more"], false);
    let item = &explore["videos"][1];
    assert_eq!(item["has_thumbnail"], true);
    assert!(item.get("user_id").is_none(), "the owner is not exposed");
    let lessons_only: Value = visitor
        .get(app.url("/api/public/explore/videos?type=lesson"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(titles(&lessons_only["videos"]), ["Older lesson"]);

    for field in ["thumbnail_url", "video_url", "subtitle_url"] {
        let url = item[field].as_str().unwrap();
        let response = visitor.get(app.url(url)).send().await.unwrap();
        assert_ne!(response.status(), StatusCode::UNAUTHORIZED, "{field}");
        assert_ne!(response.status(), StatusCode::NOT_FOUND, "{field}: {url}");
    }
    let thumbnail = visitor
        .get(app.url(item["thumbnail_url"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(thumbnail.status(), StatusCode::OK);
    assert_eq!(thumbnail.headers()["content-type"], "image/jpeg");
    let by_course_path = visitor
        .get(app.url(&format!("/api/media/course-thumbnail/{}", older.job_id)))
        .send()
        .await
        .unwrap();
    assert_eq!(by_course_path.status(), StatusCode::OK);

    let unpublished = patch(
        &app,
        &me.access_token,
        &format!("/api/library/videos/{}", older.id),
        json!({"is_public": false}),
    )
    .await;
    let unpublished: Value = unpublished.json().await.unwrap();
    assert!(
        unpublished["thumbnail_url"]
            .as_str()
            .unwrap()
            .contains("?t="),
        "a private thumbnail URL carries a media token"
    );
    let explore: Value = visitor
        .get(app.url("/api/public/explore/videos"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(titles(&explore["videos"]), ["Newer solution"]);
    let closed = visitor
        .get(app.url(&format!("/api/media/thumbnail/{}", older.job_id)))
        .send()
        .await
        .unwrap();
    assert_eq!(closed.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_published_course_is_in_explore_with_its_cover() {
    let app = spawn_app().await;
    let me = app.sign_in("teacher@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let course = seed_course(&app, uid, "Astronomy for beginners", "See the sky", 4).await;

    let mine = search_ok(&app, &me.access_token, uid, "type=course").await;
    let private_cover = mine["courses"][0]["thumbnail_url"].as_str().unwrap();
    assert!(private_cover.starts_with(&format!("/api/media/course-thumbnail/{course}?t=")));
    let with_token = app.get(private_cover).await;
    assert_eq!(with_token.status(), StatusCode::OK);

    let published = patch(
        &app,
        &me.access_token,
        &format!("/api/library/courses/{course}"),
        json!({"is_public": true, "title": "Astronomy for everyone"}),
    )
    .await;
    assert_eq!(published.status(), StatusCode::OK);
    let explore: Value = app
        .get("/api/public/explore/courses?limit=50&offset=0")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(titles(&explore["courses"]), ["Astronomy for everyone"]);
    assert_eq!(explore["courses"][0]["lesson_count"], 4);
    let cover = explore["courses"][0]["thumbnail_url"].as_str().unwrap();
    assert_eq!(cover, format!("/api/media/course-thumbnail/{course}"));
    let response = app.get(cover).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.bytes().await.unwrap().as_ref(),
        b"\xff\xd8\xff cover"
    );
}

#[tokio::test]
async fn a_video_opened_by_its_id_or_its_jobs_id_answers_its_stored_title_to_its_owner_only() {
    let app = spawn_app().await;
    let me = app.sign_in("opener@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let seeded = seed_video(
        &app,
        uid,
        Seed {
            title: "Beginner's Guide to How Vaccines Work",
            description: "How a vaccine trains the immune system.",
            offline_draft: true,
            ..Seed::default()
        },
    )
    .await;
    for id in [&seeded.id, &seeded.job_id] {
        let response = app
            .get_authed(&format!("/api/library/videos/{id}"), &me.access_token)
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        let item: Value = response.json().await.unwrap();
        assert_eq!(item["id"], seeded.id.as_str());
        assert_eq!(item["title"], "Beginner's Guide to How Vaccines Work");
        assert_eq!(
            item["description"],
            "How a vaccine trains the immune system."
        );
        assert_eq!(item["offline_draft"], true);
        assert!(
            item["video_url"].as_str().unwrap().contains("?t="),
            "{item}"
        );
    }
    let status: Value = app
        .get_authed(
            &format!("/api/job/{}/status", seeded.job_id),
            &me.access_token,
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(status["offline_draft"], true, "{status}");

    let other = app.sign_in("someone-else@example.com").await;
    let path = format!("/api/library/videos/{}", seeded.id);
    let theirs = app.get_authed(&path, &other.access_token).await;
    assert_eq!(theirs.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get(&path).await.status(), StatusCode::UNAUTHORIZED);
    let missing = app
        .get_authed("/api/library/videos/no-such-video", &me.access_token)
        .await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let body: Value = missing.json().await.unwrap();
    assert_eq!(body["detail"], "Video not found");
}

#[tokio::test]
async fn a_videos_storyboard_opens_for_its_owner_only() {
    let app = spawn_app().await;
    let me = app.sign_in("editor@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let seeded = seed_video(&app, uid, Seed::default()).await;
    let path = format!("/api/video/{}/storyboard", seeded.id);
    let before = app.get_authed(&path, &me.access_token).await;
    assert_eq!(
        before.status(),
        StatusCode::NOT_FOUND,
        "no storyboard stored yet"
    );
    let body: Value = before.json().await.unwrap();
    assert_eq!(body["detail"], "Storyboard not found");

    let storyboard = json!({
        "version": 1,
        "title": "Photosynthesis",
        "level": 2,
        "scenes": [{ "kind": "title", "title": "Photosynthesis", "subtitle": null,
                     "narration": ["Plants turn light into sugar."] }],
    });
    put_media(
        &app,
        &format!("jobs/{}/storyboard.json", seeded.job_id),
        storyboard.to_string().as_bytes(),
    )
    .await;
    for id in [&seeded.id, &seeded.job_id] {
        let response = app
            .get_authed(&format!("/api/video/{id}/storyboard"), &me.access_token)
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        let answered: Value = response.json().await.unwrap();
        assert_eq!(answered, storyboard);
    }

    let other = app.sign_in("not-the-editor@example.com").await;
    let theirs = app.get_authed(&path, &other.access_token).await;
    assert_eq!(theirs.status(), StatusCode::NOT_FOUND);
    let body: Value = theirs.json().await.unwrap();
    assert_eq!(body["detail"], "Video not found");
    assert_eq!(app.get(&path).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn renaming_changes_the_title_and_what_search_finds() {
    let app = spawn_app().await;
    let me = app.sign_in("renamer@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let seeded = seed_video(
        &app,
        uid,
        Seed {
            title: "Untitled draft",
            ..Seed::default()
        },
    )
    .await;
    let path = format!("/api/library/videos/{}", seeded.id);
    let renamed = patch(
        &app,
        &me.access_token,
        &path,
        json!({"title": "  Volcanoes of Iceland  "}),
    )
    .await;
    assert_eq!(renamed.status(), StatusCode::OK);
    let item: Value = renamed.json().await.unwrap();
    assert_eq!(item["title"], "Volcanoes of Iceland");
    assert_eq!(item["is_public"], false);

    let found = search_ok(&app, &me.access_token, uid, "q=volcanoes").await;
    assert_eq!(titles(&found["videos"]), ["Volcanoes of Iceland"]);
    let old = search_ok(&app, &me.access_token, uid, "q=draft").await;
    assert_eq!(old["videos"], json!([]));

    for body in [
        json!({"title": "   "}),
        json!({"title": "x".repeat(201)}),
        json!({"title": "two\nlines"}),
        json!({"title": 5}),
    ] {
        assert_422_naming(
            patch(&app, &me.access_token, &path, body).await,
            &["body", "title"],
        )
        .await;
    }
    assert_422_naming(
        patch(&app, &me.access_token, &path, json!({"owner": "me"})).await,
        &["body", "owner"],
    )
    .await;
    assert_422_naming(
        patch(&app, &me.access_token, &path, json!({})).await,
        &["body"],
    )
    .await;
    let signed_out = app
        .client
        .patch(app.url(&path))
        .json(&json!({"is_public": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn deleting_a_video_removes_it_its_search_entry_and_its_media() {
    let app = spawn_app().await;
    let me = app.sign_in("deleter@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let doomed = seed_video(
        &app,
        uid,
        Seed {
            title: "Glaciers",
            is_public: true,
            ..Seed::default()
        },
    )
    .await;
    let kept = seed_video(
        &app,
        uid,
        Seed {
            title: "Glaciers again",
            ..Seed::default()
        },
    )
    .await;
    let thumbnail_key = format!("jobs/{}/thumbnail.jpg", doomed.job_id);
    assert!(app.storage.size(&thumbnail_key).await.unwrap().is_some());

    let removed = delete(
        &app,
        &me.access_token,
        &format!("/api/library/videos/{}", doomed.id),
    )
    .await;
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);

    assert!(app.storage.size(&thumbnail_key).await.unwrap().is_none());
    let found = search_ok(&app, &me.access_token, uid, "q=glaciers").await;
    assert_eq!(titles(&found["videos"]), ["Glaciers again"]);
    let explore: Value = app
        .get("/api/public/explore/videos")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(explore["videos"], json!([]));
    let media = app
        .get_authed(
            &format!("/api/media/thumbnail/{}", doomed.job_id),
            &me.access_token,
        )
        .await;
    assert_eq!(media.status(), StatusCode::NOT_FOUND);
    assert!(
        app.storage
            .size(&format!("jobs/{}/thumbnail.jpg", kept.job_id))
            .await
            .unwrap()
            .is_some()
    );
    let again = delete(
        &app,
        &me.access_token,
        &format!("/api/library/videos/{}", doomed.id),
    )
    .await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn deleting_a_course_removes_its_lessons_and_cover() {
    let app = spawn_app().await;
    let me = app.sign_in("course-deleter@example.com").await;
    let uid = me.user["uid"].as_str().unwrap();
    let course = seed_course(&app, uid, "Oceanography", "Understand tides", 3).await;
    let removed = delete(
        &app,
        &me.access_token,
        &format!("/api/library/courses/{course}"),
    )
    .await;
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    let listed = search_ok(&app, &me.access_token, uid, "type=course").await;
    assert_eq!(listed["courses"], json!([]));
    let found = search_ok(&app, &me.access_token, uid, "q=tides").await;
    assert_eq!(found["courses"], json!([]));
    let cover = app
        .get_authed(
            &format!("/api/media/course-thumbnail/{course}"),
            &me.access_token,
        )
        .await;
    assert_eq!(cover.status(), StatusCode::NOT_FOUND);
}

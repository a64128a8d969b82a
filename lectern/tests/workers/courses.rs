//! Courses end to end: a goal becomes a five-lesson course with a cover (embedded default);
//! all five lesson videos run as a batch on two `lectern worker` processes against
//! PostgreSQL and Redis, each told its course and the lessons before it, so no lesson repeats
//! another's introduction; invalid indices start nothing; and `lectern batch` run twice on
//! the same file starts no duplicates.

use std::{collections::BTreeSet, path::Path, process::Command, time::Duration};

use lectern_core::{entities::job, entities::video, jobs};
use lectern_pipeline::{PipelineConfig, script::OpenAiWriterConfig};
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};

use crate::support::{self, Server, fast_pipeline};

const LIMIT: Duration = Duration::from_secs(15 * 60);
const GOAL: &str = "Understand how vaccines train the immune system";

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

async fn job_count(server: &Server) -> u64 {
    job::Entity::find().count(&server.db).await.unwrap()
}

/// Generates a course through the API and waits for it; returns the course page.
async fn make_course(server: &Server, token: &str, uid: &str, detail_level: u8) -> Value {
    let response = post(
        server,
        token,
        "/api/generate-course",
        json!({"user_id": uid, "goal": GOAL, "backgroundKnowledge": "High-school biology",
               "detailLevel": detail_level}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    let job_id = started["job_id"].as_str().unwrap();
    let (status, _) = server.wait_final(token, job_id, LIMIT).await;
    assert_eq!(
        status["status"],
        "completed",
        "{status}\n{}",
        server.worker_logs()
    );
    assert_eq!(status["current_step"], "Course ready!");
    let course_id = status["course_id"]
        .as_str()
        .expect("the status names the course");
    server
        .get_json(token, &format!("/api/courses/{course_id}"))
        .await
}

fn statuses(course: &Value) -> Vec<String> {
    course["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["status"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_goal_becomes_a_five_lesson_course_with_a_cover_for_three_credits() {
    let server = support::embedded(fast_pipeline()).await;
    let (token, uid) = server.sign_in("planner@example.com").await;
    let course = make_course(&server, &token, &uid, 2).await;

    assert_eq!(course["lesson_count"], 5);
    assert_eq!(
        course["offline_draft"], true,
        "the offline writer labels its skeleton"
    );
    assert!(
        course["description"]
            .as_str()
            .unwrap()
            .starts_with("Offline draft:")
    );
    assert_eq!(course["goal"], GOAL);
    let lessons = course["lessons"].as_array().unwrap();
    assert_eq!(lessons.len(), 5);
    for lesson in lessons {
        assert!(!lesson["objectives"].as_array().unwrap().is_empty());
        assert!(!lesson["key_terms"].as_array().unwrap().is_empty());
        assert!(!lesson["summary"].as_str().unwrap().is_empty());
    }
    assert_eq!(statuses(&course), ["none"; 5]);

    // The cover is a JPEG behind the course-thumbnail endpoint.
    let cover = server
        .client
        .get(server.url(course["thumbnail_url"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(cover.status(), StatusCode::OK);
    assert_eq!(&cover.bytes().await.unwrap()[..3], &[0xFF, 0xD8, 0xFF]);

    // Charged 3 credits once; in the library search.
    assert_eq!(server.available(&uid).await, 7);
    server.assert_ledger_matches(&uid).await;
    let found = server
        .get_json(&token, &format!("/api/auth/user/{uid}/search?q=vaccines"))
        .await;
    assert_eq!(found["courses"][0]["id"], course["id"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_course_that_cannot_be_written_fails_and_its_three_credits_are_refunded() {
    // A language model that cannot be reached: every attempt fails in the script stage.
    let broken = PipelineConfig {
        llm: Some(OpenAiWriterConfig {
            base_url: "http://127.0.0.1:9/v1".into(),
            api_key: None,
            model: "none".into(),
            timeout: Duration::from_secs(2),
            attempts: 1,
            temperature: 0.2,
            stream: false,
            local: None,
            max_tokens: None,
            scene_by_scene: false,
            parallel: 1,
        }),
        ..fast_pipeline()
    };
    let server = support::embedded(broken).await;
    let (token, uid) = server.sign_in("unlucky@example.com").await;
    let started: Value = post(
        &server,
        &token,
        "/api/generate-course",
        json!({"user_id": uid, "goal": GOAL}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(server.available(&uid).await, 7, "reserved while it runs");
    let (status, _) = server
        .wait_final(&token, started["job_id"].as_str().unwrap(), LIMIT)
        .await;
    assert_eq!(status["status"], "failed", "{status}");
    assert!(
        status["error"].as_str().unwrap().contains("script"),
        "{status}"
    );
    assert_eq!(status.get("course_id"), None);
    assert_eq!(server.available(&uid).await, 10, "refunded once");
    server.assert_ledger_matches(&uid).await;
    let library = server
        .get_json(&token, &format!("/api/auth/user/{uid}/search?type=course"))
        .await;
    assert_eq!(library["courses"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_video_is_told_its_course_and_builds_on_the_lesson_before_it() {
    let server = support::embedded(fast_pipeline()).await;
    let (token, uid) = server.sign_in("learner@example.com").await;
    let course = make_course(&server, &token, &uid, 2).await;
    let course_id = course["id"].as_str().unwrap();
    let started: Value = post(
        &server,
        &token,
        "/api/generate-lesson-video",
        json!({"course_id": course_id, "lesson_index": 1, "user_id": uid, "dry_run": false}),
    )
    .await
    .json()
    .await
    .unwrap();
    let job_id = started["job_id"].as_str().unwrap();
    let (status, _) = server.wait_final(&token, job_id, LIMIT).await;
    assert_eq!(status["status"], "completed", "{status}");
    assert_eq!(status["lesson_index"], 1);

    let course = server
        .get_json(&token, &format!("/api/courses/{course_id}"))
        .await;
    assert_eq!(
        statuses(&course),
        ["none", "completed", "none", "none", "none"]
    );
    let video = &course["lessons"][1]["video"];
    assert_eq!(video["video_type"], "course_lesson");
    assert_eq!(video["course_id"], course_id);
    let mp4 = server
        .client
        .get(server.url(video["video_url"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(&mp4.bytes().await.unwrap()[4..8], b"ftyp");

    let storyboard: Value = serde_json::from_slice(
        &server
            .storage
            .get_bytes(&format!("jobs/{job_id}/storyboard.json"))
            .await
            .unwrap()
            .unwrap(),
    )
    .unwrap();
    let intro = storyboard["scenes"][0]["narration"].to_string();
    let first_title = course["lessons"][0]["title"].as_str().unwrap();
    assert!(intro.contains("Lesson two of five"), "{intro}");
    assert!(
        intro.contains(first_title),
        "it names the lesson it builds on: {intro}"
    );
    assert!(
        !intro.contains("Welcome"),
        "no second welcome to the course: {intro}"
    );
    assert_eq!(
        server.available(&uid).await,
        7,
        "a lesson of one's own course is free"
    );
    server.assert_ledger_matches(&uid).await;
}

/// The subtitle cues of a WebVTT file, with their start times.
fn cues(vtt: &str) -> Vec<(f64, String)> {
    let mut out = Vec::new();
    let mut lines = vtt.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some((start, _)) = line.split_once(" --> ") {
            let mut text = Vec::new();
            while let Some(next) = lines.peek() {
                if next.trim().is_empty() {
                    break;
                }
                text.push(lines.next().unwrap().trim().to_string());
            }
            out.push((seconds(start), text.join(" ")));
        }
    }
    out
}

fn seconds(stamp: &str) -> f64 {
    stamp.trim().split(':').fold(0.0, |total, part| {
        total * 60.0 + part.parse::<f64>().unwrap()
    })
}

async fn text_of(server: &Server, key: &str) -> String {
    String::from_utf8(server.storage.get_bytes(key).await.unwrap().unwrap()).unwrap()
}

/// A lesson video's introduction: the cues spoken while its first chapter (the title scene)
/// is on screen.
async fn introduction(server: &Server, job_id: &str) -> (Vec<String>, Vec<String>) {
    let all = cues(&text_of(server, &format!("jobs/{job_id}/subtitles.vtt")).await);
    let chapters = cues(&text_of(server, &format!("jobs/{job_id}/chapters.vtt")).await);
    let second_chapter = chapters.get(1).map(|(start, _)| *start).unwrap_or(f64::MAX);
    let intro = all
        .iter()
        .filter(|(start, _)| *start < second_chapter)
        .map(|(_, text)| text.clone())
        .collect();
    (intro, all.into_iter().map(|(_, text)| text).collect())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_of_all_five_lessons_on_two_workers_yields_five_videos_that_do_not_repeat_introductions()
 {
    let Some(mut server) = support::fleet().await else {
        return;
    };
    server.start_worker(&[]);
    server.start_worker(&[]);
    let (token, uid) = server.sign_in("cohort@example.com").await;
    let course = make_course(&server, &token, &uid, 2).await;
    let course_id = course["id"].as_str().unwrap();
    let jobs_before = job_count(&server).await;

    // Bad indices start nothing.
    for indices in [
        json!([0, 1, 5]),
        json!([-1]),
        json!([2, 2]),
        json!([0, 1, 2, 3, 4, 0]),
    ] {
        let response = post(
            &server,
            &token,
            "/api/generate-all-lesson-videos",
            json!({"course_id": course_id, "user_id": uid, "lesson_indices": indices}),
        )
        .await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{indices}"
        );
    }
    assert_eq!(job_count(&server).await, jobs_before, "nothing was started");

    let response = post(
        &server,
        &token,
        "/api/generate-all-lesson-videos",
        json!({"course_id": course_id, "user_id": uid, "lesson_indices": [0, 1, 2, 3, 4]}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let batch: Value = response.json().await.unwrap();
    let job_ids: Vec<String> = batch["job_ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j.as_str().unwrap().to_string())
        .collect();
    assert_eq!(job_ids.len(), 5);

    let mut workers = BTreeSet::new();
    for job_id in &job_ids {
        let (status, _) = server.wait_final(&token, job_id, LIMIT).await;
        assert_eq!(
            status["status"],
            "completed",
            "{status}\n{}",
            server.worker_logs()
        );
        let job = jobs::find(&server.db, job_id).await.unwrap().unwrap();
        workers.insert(job.worker.unwrap());
    }
    assert_eq!(
        workers.len(),
        2,
        "both workers rendered lessons: {workers:?}"
    );
    let videos = video::Entity::find()
        .filter(video::Column::CourseId.eq(course_id))
        .filter(video::Column::VideoType.eq("course_lesson"))
        .count(&server.db)
        .await
        .unwrap();
    assert_eq!(videos, 5, "five lesson videos");
    let course = server
        .get_json(&token, &format!("/api/courses/{course_id}"))
        .await;
    assert_eq!(statuses(&course), ["completed"; 5]);
    assert_eq!(server.available(&uid).await, 7, "the lessons cost nothing");
    server.assert_ledger_matches(&uid).await;

    let mut introductions = Vec::new();
    for job_id in &job_ids {
        introductions.push(introduction(&server, job_id).await);
    }
    for (i, (intro, _)) in introductions.iter().enumerate() {
        assert!(!intro.is_empty(), "lesson {i} has an introduction");
        let spoken = intro.join(" ");
        if i == 0 {
            assert!(spoken.contains("Welcome to"), "{spoken}");
        } else {
            assert!(
                !spoken.contains("Welcome"),
                "lesson {i} welcomes again: {spoken}"
            );
            let previous = course["lessons"][i - 1]["title"].as_str().unwrap();
            assert!(
                spoken.contains(previous),
                "lesson {i} builds on {previous}: {spoken}"
            );
        }
        for (j, (_, subtitles)) in introductions.iter().enumerate() {
            if i == j {
                continue;
            }
            for cue in intro {
                assert!(
                    !subtitles.contains(cue),
                    "lesson {j}'s subtitles repeat lesson {i}'s introduction: {cue:?}"
                );
            }
        }
    }
}

/// Runs `lectern batch` against the embedded server's data folder (its SQLite database and
/// queue); returns (success, stdout + stderr).
async fn lectern_batch(server: &Server, file: &Path, extra: &[&str]) -> (bool, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lectern"));
    command
        .arg("batch")
        .arg(file)
        .args(extra)
        .current_dir(server.dir.path())
        .env_remove("LECTERN_CONFIG")
        .env_remove("LECTERN_DATABASE_URL")
        .env_remove("LECTERN_QUEUE_URL")
        .env("LECTERN_DATA_DIR", server.dir.path())
        .env("LECTERN_PUBLIC_URL", &server.address)
        .env("LECTERN_SECRET_KEY", "test-secret-test-secret-test-secret!")
        .env("LECTERN_LOG", "warn")
        .env("LECTERN_LOCAL_MODEL", "off");
    let output = tokio::task::spawn_blocking(move || command.output().unwrap())
        .await
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn running_lectern_batch_twice_on_the_same_file_starts_no_duplicates() {
    let server = support::embedded(fast_pipeline()).await;
    let (token, uid) = server.sign_in("operator@example.com").await;
    let course = make_course(&server, &token, &uid, 1).await;
    let course_id = course["id"].as_str().unwrap();
    assert_eq!(course["lesson_count"], 4);
    let file = server.dir.path().join("batch.json");
    std::fs::write(
        &file,
        json!([
            {"course_id": course_id, "lessons": "all"},
            {"user": "operator@example.com", "goal": "Learn to read sheet music",
             "detail_level": 1, "lessons": [0]},
        ])
        .to_string(),
    )
    .unwrap();
    let before = job_count(&server).await;

    // First run: the four lessons and the new course are queued.
    let (ok, out) = lectern_batch(&server, &file, &["--no-wait"]).await;
    assert!(ok, "{out}");
    assert!(out.contains("5 jobs: 5 started now"), "{out}");
    assert_eq!(job_count(&server).await, before + 5);

    // Second run at once: everything is found in flight; nothing new.
    let (ok, out) = lectern_batch(&server, &file, &["--no-wait"]).await;
    assert!(ok, "{out}");
    assert!(
        out.contains("5 jobs: 0 started now, 5 found already"),
        "{out}"
    );
    assert_eq!(job_count(&server).await, before + 5);

    // Third run waits: the new course is written, then its lesson 0 is started; all finish.
    let (ok, out) = lectern_batch(&server, &file, &["--timeout-minutes", "25"]).await;
    assert!(ok, "{out}\n{}", server.worker_logs());
    assert!(
        out.contains("6 jobs: 1 started now, 5 found already"),
        "{out}"
    );
    assert!(out.contains("6 completed, 0 failed"), "{out}");
    assert!(out.contains("finished"), "a progress bar was shown: {out}");
    assert_eq!(job_count(&server).await, before + 6);

    // Fourth run: every lesson is done; nothing is started again.
    let (ok, out) = lectern_batch(&server, &file, &[]).await;
    assert!(ok, "{out}");
    assert!(
        out.contains("6 jobs: 0 started now, 6 found already"),
        "{out}"
    );
    assert_eq!(job_count(&server).await, before + 6);
    let course = server
        .get_json(&token, &format!("/api/courses/{course_id}"))
        .await;
    assert_eq!(statuses(&course), ["completed"; 4]);
    // Two courses (3 credits each), lessons free.
    assert_eq!(server.available(&uid).await, 4);
    server.assert_ledger_matches(&uid).await;

    // A file naming lessons the course does not have starts nothing and says why.
    let bad = server.dir.path().join("bad.csv");
    std::fs::write(&bad, format!("course_id,lessons\n{course_id},0;9\n")).unwrap();
    let (ok, out) = lectern_batch(&server, &bad, &["--no-wait"]).await;
    assert!(!ok);
    assert!(out.contains("There is no lesson 9"), "{out}");
    assert_eq!(job_count(&server).await, before + 6);
}

/// Made-up notes no model can know, in four sections: the course must follow them.
const NOTES: &str = "# Velmora glass\n\n\
## Melting\n\nThe Velmora batch is melted at 1,480 degrees in the Dunmere furnace, \
which the glassmaker Ilse Harrow designed in 1871.\n\n\
## Annealing\n\nThe panes rest in the lehr at 512 degrees for nine hours. \
Cooling them faster than 40 degrees an hour cracks the glass.\n\n\
## Grading\n\nInspectors grade each pane under polarised light and mark the best with a \
blue thread.\n\n\
## Shipping\n\nGraded panes leave the works in straw-lined crates of twelve.\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_course_from_a_document_has_a_lesson_per_section_each_written_from_its_own() {
    let server = support::embedded(fast_pipeline()).await;
    let (token, uid) = server.sign_in("glassmaker@example.com").await;
    let form = reqwest::multipart::Form::new().part(
        "files",
        reqwest::multipart::Part::bytes(NOTES.as_bytes().to_vec())
            .file_name("velmora.md")
            .mime_str("text/markdown")
            .unwrap(),
    );
    let added: Value = server
        .client
        .post(server.url("/api/sources"))
        .bearer_auth(&token)
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let source_id = added["sources"][0]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("stored: {added}"))
        .to_string();

    let response = post(
        &server,
        &token,
        "/api/generate-course",
        json!({"user_id": uid, "goal": "Learn how Velmora glass is made",
               "source_ids": [source_id]}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    let (status, _) = server
        .wait_final(&token, started["job_id"].as_str().unwrap(), LIMIT)
        .await;
    assert_eq!(status["status"], "completed", "{status}");
    let course_id = status["course_id"].as_str().unwrap();
    let course = server
        .get_json(&token, &format!("/api/courses/{course_id}"))
        .await;

    // A lesson per section, in the document's order, titled by its headings.
    let lessons = course["lessons"].as_array().unwrap();
    let titles: Vec<&str> = lessons
        .iter()
        .map(|l| l["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Melting", "Annealing", "Grading", "Shipping"]);
    assert!(
        lessons[1]["summary"]
            .as_str()
            .unwrap()
            .contains("512 degrees"),
        "the offline outline sums a lesson up from its own section: {}",
        lessons[1]
    );
    for lesson in lessons {
        assert_eq!(
            lesson["sources"][0]["source_id"],
            source_id.as_str(),
            "{lesson}"
        );
        assert_eq!(lesson["sources"][0]["title"], "Velmora glass");
        assert_eq!(lesson["sources"][0]["passages"], 1);
    }
    assert_eq!(server.available(&uid).await, 7, "a course costs 3 credits");

    // The lesson's job is given its own section's passage, and only that.
    let dry: Value = post(
        &server,
        &token,
        "/api/generate-lesson-video",
        json!({"course_id": course_id, "lesson_index": 1, "user_id": uid, "dry_run": true}),
    )
    .await
    .json()
    .await
    .unwrap();
    let (status, _) = server
        .wait_final(&token, dry["job_id"].as_str().unwrap(), LIMIT)
        .await;
    assert_eq!(status["status"], "completed", "{status}");
    let job = jobs::find(&server.db, dry["job_id"].as_str().unwrap())
        .await
        .unwrap()
        .unwrap();
    let result: Value = serde_json::from_str(job.result.as_deref().unwrap()).unwrap();
    assert_eq!(result["passages"], 1, "{result}");

    // A deleted document is named as gone, and its lessons are then written without it.
    let deleted = server
        .client
        .delete(server.url(&format!("/api/sources/{source_id}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert!(deleted.status().is_success());
    let course = server
        .get_json(&token, &format!("/api/courses/{course_id}"))
        .await;
    assert_eq!(course["lessons"][1]["sources"][0]["title"], Value::Null);

    // Documents too short for three lessons are refused before anything is charged.
    let short: Value = server
        .client
        .post(server.url("/api/sources"))
        .bearer_auth(&token)
        .json(&json!({"title": "One line", "text": "The lehr is held at 512 degrees."}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let refused = post(
        &server,
        &token,
        "/api/generate-course",
        json!({"user_id": uid, "goal": "Learn glass", "source_ids": [short["sources"][0]["id"]]}),
    )
    .await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["detail"][0]["loc"], json!(["body", "source_ids"]));
    assert!(
        body["detail"][0]["msg"]
            .as_str()
            .unwrap()
            .contains("at least 3 lessons"),
        "{body}"
    );
    assert_eq!(server.available(&uid).await, 7);
    server.assert_ledger_matches(&uid).await;
}

//! Issue 17: "Export for LMS". A course's SCORM 1.2 package: one SCO per lesson with a
//! finished video, its files as the manifest lists them, and a manifest that the SCORM 1.2
//! schemas (ADL's, carried in the package) accept, checked with libxml2's `xmllint`.

use std::io::Read;
use std::process::Command;

use reqwest::{StatusCode, header};
use serde_json::{Value, json};

use crate::{
    explore::{finished_lesson, publish, seed_course},
    helpers::{TestApp, spawn_app},
    library::put_media,
};

async fn export(app: &TestApp, token: &str, course_id: &str) -> reqwest::Response {
    app.get_authed(&format!("/api/courses/{course_id}/scorm"), token)
        .await
}

/// Every file of the zip by name.
fn unzip(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).unwrap();
            let mut contents = Vec::new();
            file.read_to_end(&mut contents).unwrap();
            (file.name().unwrap().to_string(), contents)
        })
        .collect()
}

/// `xmllint`'s verdict on `manifest` against the package's own schemas.
fn validate(files: &[(String, Vec<u8>)], manifest: &str) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files.iter().filter(|(n, _)| n.ends_with(".xsd")) {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    std::fs::write(dir.path().join("imsmanifest.xml"), manifest).unwrap();
    let out = Command::new("xmllint")
        .current_dir(dir.path())
        .args([
            "--noout",
            "--schema",
            "adlcp_rootv1p2.xsd",
            "imsmanifest.xml",
        ])
        .output()
        .expect("xmllint (libxml2-utils) is installed by scripts/setup.sh --tests");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test]
async fn a_course_exports_as_a_scorm_package_whose_manifest_the_schemas_accept() {
    let app = spawn_app().await;
    let ada = app.sign_in("ada@example.com").await;
    let bob = app.sign_in("bob@example.com").await;
    let course_id = seed_course(&app, ada.user["uid"].as_str().unwrap(), 3).await;

    // Nothing to export before a lesson video is finished.
    let early = export(&app, &ada.access_token, &course_id).await;
    assert_eq!(early.status(), StatusCode::CONFLICT);
    let body: Value = early.json().await.unwrap();
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .starts_with("No lesson of this course has a finished video yet")
    );

    let first = finished_lesson(&app, &ada, &course_id, 0).await;
    let third = finished_lesson(&app, &ada, &course_id, 2).await;
    let transcript = json!({
        "title": "Tides", "duration": 30.0,
        "scenes": [
            {"index": 0, "kind": "title", "heading": "Tides", "start": 0.0, "end": 10.0},
            {"index": 1, "kind": "bullets", "heading": "The Moon pulls", "start": 10.0, "end": 30.0},
        ],
        "sentences": [],
        "checkpoints": [{"index": 0, "scene": 1, "question": "What pulls the sea?", "kind": "choice",
            "options": ["The Moon", "The wind"], "answer": 0, "explanation": "Its gravity.",
            "at": 29.75, "rewatch_from": 10.0, "heading": "The Moon pulls"}],
    });
    put_media(
        &app,
        &format!("jobs/{first}/transcript.json"),
        transcript.to_string().as_bytes(),
    )
    .await;

    // Only the owner exports; another user's request finds nothing.
    assert_eq!(
        export(&app, &bob.access_token, &course_id).await.status(),
        StatusCode::NOT_FOUND
    );
    publish(&app, &ada, &course_id, true).await;
    assert_eq!(
        export(&app, &bob.access_token, &course_id).await.status(),
        StatusCode::NOT_FOUND
    );

    let response = export(&app, &ada.access_token, &course_id).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "application/zip");
    assert_eq!(
        response.headers()[header::CONTENT_DISPOSITION],
        "attachment; filename=\"tides-and-the-moon-scorm12.zip\""
    );
    let files = unzip(&response.bytes().await.unwrap());
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    for expected in [
        "imsmanifest.xml",
        "imscp_rootv1p1p2.xsd",
        "adlcp_rootv1p2.xsd",
        "imsmd_rootv1p2p1.xsd",
        "ims_xml.xsd",
        "shared/player.js",
        "shared/player.css",
        "shared/tokens.css",
        "shared/checkpoint.css",
        "lesson-01/index.html",
        "lesson-01/lesson.js",
        "lesson-01/video.mp4",
        "lesson-01/subtitles.vtt",
        "lesson-02/index.html",
        "lesson-02/video.mp4",
    ] {
        assert!(
            names.contains(&expected),
            "{expected} missing from {names:?}"
        );
    }
    assert!(
        !names.iter().any(|n| n.starts_with("lesson-03")),
        "{names:?}"
    );
    let file = |name: &str| &files.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!(file("lesson-01/video.mp4"), b"not really an mp4");

    // The launch page names its lesson and loads the player and the lesson's data.
    let page = String::from_utf8(file("lesson-01/index.html").clone()).unwrap();
    assert!(page.contains("Tides lesson 1"), "{page}");
    assert!(
        page.contains("lesson.js") && page.contains("../shared/player.js"),
        "{page}"
    );
    // Its styles: the web app's tokens and checkpoint styles, then the page's own.
    assert!(
        page.contains("../shared/tokens.css")
            && page.contains("../shared/checkpoint.css")
            && page.contains("../shared/player.css"),
        "{page}"
    );
    assert_eq!(
        file("shared/checkpoint.css").as_slice(),
        include_bytes!("../../../web/src/features/player/components/checkpoint.css")
    );
    // The package stays self-contained: no stylesheet loads anything from elsewhere.
    for name in [
        "shared/tokens.css",
        "shared/checkpoint.css",
        "shared/player.css",
    ] {
        let css = String::from_utf8(file(name).clone()).unwrap();
        assert!(
            !css.contains("url(") && !css.contains("@import"),
            "{name} loads another file"
        );
    }
    let data = String::from_utf8(file("lesson-01/lesson.js").clone()).unwrap();
    let json_text = data
        .strip_prefix("window.LECTERN_LESSON = ")
        .and_then(|d| d.trim_end().strip_suffix(';'))
        .unwrap();
    let lesson: Value = serde_json::from_str(json_text).unwrap();
    assert_eq!(lesson["title"], "Tides lesson 1");
    assert_eq!(lesson["course_title"], "Tides and the Moon");
    assert_eq!(
        (lesson["number"].clone(), lesson["count"].clone()),
        (json!(1), json!(2))
    );
    assert_eq!(lesson["checkpoints"][0]["question"], "What pulls the sea?");
    assert_eq!(
        lesson["chapters"][1],
        json!({"start": 10.0, "end": 30.0, "title": "The Moon pulls"})
    );
    let second: Value = {
        let text = String::from_utf8(file("lesson-02/lesson.js").clone()).unwrap();
        serde_json::from_str(
            text.trim_start_matches("window.LECTERN_LESSON = ")
                .trim_end()
                .trim_end_matches(';'),
        )
        .unwrap()
    };
    assert_eq!(second["title"], "Tides lesson 3");
    assert_eq!(second["checkpoints"], json!([]));
    let _ = third;

    // The manifest: valid against the SCORM 1.2 schemas, one item per exported lesson.
    let manifest = String::from_utf8(file("imsmanifest.xml").clone()).unwrap();
    let (valid, report) = validate(&files, &manifest);
    assert!(valid, "{report}\n{manifest}");
    assert_eq!(manifest.matches("adlcp:scormtype=\"sco\"").count(), 2);
    assert!(manifest.contains("<schemaversion>1.2</schemaversion>"));
    // The check can fail: a SCO type SCORM 1.2 does not know is refused.
    let (valid, report) = validate(
        &files,
        &manifest.replace("scormtype=\"sco\"", "scormtype=\"lesson\""),
    );
    assert!(!valid, "an unknown scormtype passed: {report}");
}

/// A source pasted as text for `token`'s user; its id.
async fn pasted_source(app: &TestApp, token: &str, title: &str, text: &str) -> String {
    let response = app
        .client
        .post(app.url("/api/sources"))
        .bearer_auth(token)
        .json(&json!({"title": title, "text": text}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    body["sources"][0]["id"].as_str().unwrap().to_string()
}

/// Issue 50: "the SCORM package carries them". A lesson written from the learner's documents
/// carries its transcript with each sentence's citation numbers and the text of each passage
/// cited, read from the owner's documents only.
#[tokio::test]
async fn a_lesson_written_from_sources_carries_its_citations_and_their_passages() {
    let app = spawn_app().await;
    let ada = app.sign_in("ada@example.com").await;
    let bob = app.sign_in("bob@example.com").await;
    let notes = pasted_source(
        &app,
        &ada.access_token,
        "Notes on Velmora glass",
        "Velmora glass is blown at 1,140 degrees and cooled for nine hours.",
    )
    .await;
    let gone = pasted_source(&app, &ada.access_token, "Old draft", "Nothing to keep.").await;
    let bobs = pasted_source(
        &app,
        &bob.access_token,
        "Bob's diary",
        "BOB-SECRET passage.",
    )
    .await;
    let deleted = app
        .client
        .delete(app.url(&format!("/api/sources/{gone}")))
        .bearer_auth(&ada.access_token)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);

    let course_id = seed_course(&app, ada.user["uid"].as_str().unwrap(), 1).await;
    let job = finished_lesson(&app, &ada, &course_id, 0).await;
    let transcript = json!({
        "title": "Velmora glass", "duration": 9.0,
        "scenes": [{"index": 0, "kind": "bullets", "heading": "Blowing", "start": 0.0, "end": 9.0,
            "cites": [[{"source_id": notes, "passage": 0}],
                      [{"source_id": gone, "passage": 0}, {"source_id": notes, "passage": 0}],
                      [{"source_id": bobs, "passage": 0}]]}],
        "sentences": [
            {"scene": 0, "beat": 0, "text": "It is blown at 1,140 degrees.", "start": 0.0, "end": 3.0},
            {"scene": 0, "beat": 1, "text": "It cools for nine hours.", "start": 3.0, "end": 6.0},
            {"scene": 0, "beat": 2, "text": "Bob wrote about it.", "start": 6.0, "end": 9.0},
        ],
        "checkpoints": [],
        "documents": [
            {"source_id": notes, "title": "Notes on Velmora glass", "pages": []},
            {"source_id": gone, "title": "Old draft", "pages": []},
        ],
    });
    put_media(
        &app,
        &format!("jobs/{job}/transcript.json"),
        transcript.to_string().as_bytes(),
    )
    .await;

    let response = export(&app, &ada.access_token, &course_id).await;
    assert_eq!(response.status(), StatusCode::OK);
    let files = unzip(&response.bytes().await.unwrap());
    let data = &files
        .iter()
        .find(|(n, _)| n == "lesson-01/lesson.js")
        .unwrap()
        .1;
    let data = String::from_utf8(data.clone()).unwrap();
    assert!(
        !data.contains("BOB-SECRET"),
        "another user's passage: {data}"
    );
    let lesson: Value = serde_json::from_str(
        data.trim_start_matches("window.LECTERN_LESSON = ")
            .trim_end()
            .trim_end_matches(';'),
    )
    .unwrap();
    let sources = &lesson["sources"];
    let numbers: Vec<&Value> = sources["sentences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["cites"])
        .collect();
    assert_eq!(numbers, [&json!([1]), &json!([2, 1]), &json!([3])]);
    assert_eq!(
        sources["citations"][0]["text"],
        "Velmora glass is blown at 1,140 degrees and cooled for nine hours."
    );
    assert_eq!(sources["citations"][0]["title"], "Notes on Velmora glass");
    // A document deleted since keeps its title, without its text; another user's is unknown.
    assert_eq!(
        sources["citations"][1],
        json!({"number": 2, "title": "Old draft", "page": null, "heading": null, "text": null})
    );
    assert_eq!(sources["citations"][2]["text"], Value::Null);
    assert_eq!(sources["citations"][2]["title"], "A document of yours");
    assert_eq!(sources["documents"].as_array().unwrap().len(), 2);
}

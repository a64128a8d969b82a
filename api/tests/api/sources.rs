//! A learner's own documents (issue 50), on documents the tests make themselves: a
//! multi-page PDF with headings (Typst writes it), Markdown, an HTML page with navigation,
//! scripts and a cookie banner, pasted text, a Word document and an EPUB book; and each
//! refusal with nothing stored and nothing charged: a scan with no text layer, an encrypted
//! PDF (Debian's qpdf), a truncated PDF, a zip bomb, an unknown type (415), a file over the
//! size limit (413), the storage quota reached. Another user's source is a 404.

use reqwest::{
    StatusCode,
    multipart::{Form, Part},
};
use serde_json::{Value, json};

use crate::{
    helpers::{TestApp, browser, spawn_app, spawn_app_with},
    library::{Seed, put_media, seed_video},
};

/// A three-page PDF: a heading and a made-up fact on each page.
fn book_pdf() -> Vec<u8> {
    let source = r#"
#set page(paper: "a5")
#set document(title: "Ignored tool title")
= Founding of the Veltrane works
The Veltrane glassworks was founded in 1873 by Orla Quist on the banks of the river Amsel.
Its first furnace burned peat and made efficient, fluted bottles for the town's brewers.
#pagebreak()
= Annealing
After shaping, each pane rests in the lehr, an annealing oven held at 512 degrees. The pane
cools by four degrees an hour so that no strain is frozen into the glass.
#pagebreak()
= Quenching
Quist's method plunges the hot pane into brine at 9 degrees for exactly eleven seconds.
"#;
    lectern_pipeline::study_sheet::typeset(source, Vec::new()).expect("Typst writes the PDF")
}

/// Pages of pictures and no text: what a scanner makes.
fn scanned_pdf() -> Vec<u8> {
    let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><rect x="20" y="20" width="300" height="12" fill="#333"/><rect x="20" y="50" width="340" height="12" fill="#333"/></svg>"##;
    let source = "#set page(paper: \"a5\")\n#image(read(\"/data.json\", encoding: none), format: \"svg\", width: 100%)\n#pagebreak()\n#image(read(\"/data.json\", encoding: none), format: \"svg\", width: 100%)\n";
    lectern_pipeline::study_sheet::typeset(source, svg.as_bytes().to_vec())
        .expect("Typst writes the PDF")
}

fn encrypted_pdf() -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.pdf");
    let locked = dir.path().join("locked.pdf");
    std::fs::write(&plain, book_pdf()).unwrap();
    let status = std::process::Command::new("qpdf")
        .args(["--encrypt", "reader-secret", "owner-secret", "256", "--"])
        .arg(&plain)
        .arg(&locked)
        .status()
        .expect("qpdf is installed (scripts/setup.sh --tests)");
    assert!(status.success());
    std::fs::read(locked).unwrap()
}

const ARTICLE_HTML: &str = r#"<!doctype html>
<html><head><title>Tempering copper kettles</title>
<script>var tracker = "SCRIPT-SECRET-TRACKER";</script>
<style>.x { color: red }</style></head>
<body>
<nav><a href="/">Home</a> <a href="/shop">Shop NAVIGATION-LINK</a> <a href="/about">About</a></nav>
<div class="cookie-banner" id="cookie-consent">We use cookies COOKIE-BANNER-TEXT. <button>Accept all</button></div>
<article>
<h1>Tempering copper kettles</h1>
<p>Copper kettles from the Amsel valley are tempered at 340 degrees for forty minutes, then left to cool
in still air. The smiths of Bruchhof say the slow cooling keeps the metal soft enough to hammer again
without cracking, and every kettle is marked with the smith's sign before it cools.</p>
<h2>The Bruchhof mark</h2>
<p>Each kettle carries a three-line mark: the smith's initial, the year, and a wave for the river.
Collectors date a kettle by the number of waves, which grew from one to three between 1790 and 1840,
as the guild of Bruchhof admitted more smiths and needed to tell their work apart.</p>
</article>
<footer>Copyright FOOTER-TEXT 2026. <a href="/privacy">Privacy</a></footer>
<script>document.write("SCRIPT-WRITTEN-TEXT")</script>
</body></html>"#;

fn file(name: &str, mime: &str, bytes: Vec<u8>) -> Part {
    Part::bytes(bytes)
        .file_name(name.to_string())
        .mime_str(mime)
        .unwrap()
}

async fn upload(app: &TestApp, token: &str, parts: Vec<Part>) -> reqwest::Response {
    let mut form = Form::new();
    for part in parts {
        form = form.part("files", part);
    }
    app.client
        .post(app.url("/api/sources"))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn paste(app: &TestApp, token: &str, body: Value) -> reqwest::Response {
    app.client
        .post(app.url("/api/sources"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// Pastes a document and answers its id.
async fn pasted_id(app: &TestApp, token: &str, body: Value) -> String {
    let added: Value = paste(app, token, body).await.json().await.unwrap();
    added["sources"][0]["id"].as_str().unwrap().to_string()
}

async fn listed(app: &TestApp, token: &str) -> Value {
    let response = app.get_authed("/api/sources", token).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn detail_of(response: reqwest::Response) -> String {
    let body: Value = response.json().await.unwrap();
    body["detail"]
        .as_str()
        .unwrap_or_else(|| panic!("a message detail: {body}"))
        .to_string()
}

#[tokio::test]
async fn a_pdf_markdown_a_web_page_and_pasted_text_become_passages_with_pages_and_headings() {
    let app = spawn_app().await;
    let me = app.sign_in("reader@example.com").await;
    let token = &me.access_token;

    let markdown = "# Salt roads\n\nThe salt road from Amsel to Bruchhof was paved in 1602.\n\n## Tolls\n\nEach cart paid two pennies at the Quist bridge.\n";
    let added = upload(
        &app,
        token,
        vec![
            file("veltrane.pdf", "application/pdf", book_pdf()),
            file("roads.md", "text/markdown", markdown.as_bytes().to_vec()),
            file(
                "kettles.html",
                "text/html",
                ARTICLE_HTML.as_bytes().to_vec(),
            ),
        ],
    )
    .await;
    assert_eq!(added.status(), StatusCode::CREATED);
    let added: Value = added.json().await.unwrap();
    let sources = added["sources"].as_array().unwrap();
    assert_eq!(sources.len(), 3);
    let pdf = &sources[0];
    assert_eq!(pdf["kind"], "pdf");
    assert_eq!(
        pdf["title"], "veltrane",
        "a PDF is named by its file, not its tool's title"
    );
    assert_eq!(pdf["pages"], 3);
    assert!(pdf["characters"].as_u64().unwrap() > 300);
    assert!(pdf["passages"].as_u64().unwrap() >= 1);
    assert_eq!(sources[1]["kind"], "markdown");
    assert_eq!(sources[1]["title"], "Salt roads");
    assert_eq!(sources[1]["pages"], Value::Null);
    assert_eq!(sources[2]["kind"], "html");
    assert_eq!(sources[2]["title"], "Tempering copper kettles");

    // The PDF's passages carry their page; every fact is there, ligatures read as letters.
    let pdf_id = pdf["id"].as_str().unwrap();
    let detail: Value = app
        .get_authed(&format!("/api/sources/{pdf_id}"), token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(detail["source"]["id"], pdf_id);
    let passages = detail["passages"].as_array().unwrap();
    let text: String = passages
        .iter()
        .map(|p| p["text"].as_str().unwrap().to_string() + " ")
        .collect();
    for fact in [
        "1873",
        "Orla Quist",
        "512 degrees",
        "eleven seconds",
        "efficient",
        "fluted",
    ] {
        assert!(text.contains(fact), "{fact:?} not in {text:?}");
    }
    assert_eq!(passages[0]["index"], 0);
    assert_eq!(passages[0]["page"], 1);
    assert!(
        passages
            .iter()
            .all(|p| p["page"].as_u64().is_some_and(|n| (1..=3).contains(&n)))
    );

    // Markdown's passages carry their heading and lose the markup.
    let md: Value = app
        .get_authed(
            &format!("/api/sources/{}", sources[1]["id"].as_str().unwrap()),
            token,
        )
        .await
        .json()
        .await
        .unwrap();
    let md_passages = md["passages"].as_array().unwrap();
    assert_eq!(md_passages.len(), 2);
    assert_eq!(md_passages[0]["heading"], "Salt roads");
    assert_eq!(md_passages[1]["heading"], "Tolls");
    assert_eq!(
        md_passages[1]["text"],
        "Each cart paid two pennies at the Quist bridge."
    );
    assert_eq!(md_passages[1]["page"], Value::Null);

    // The web page is its article only: no navigation, scripts, cookie banner or footer.
    let html: Value = app
        .get_authed(
            &format!("/api/sources/{}", sources[2]["id"].as_str().unwrap()),
            token,
        )
        .await
        .json()
        .await
        .unwrap();
    let article: String = html["passages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| format!("{} {} ", p["heading"], p["text"].as_str().unwrap()))
        .collect();
    assert!(
        article.contains("340 degrees for forty minutes"),
        "{article}"
    );
    assert!(article.contains("The Bruchhof mark"), "{article}");
    for chrome in [
        "SCRIPT-SECRET",
        "NAVIGATION-LINK",
        "COOKIE-BANNER",
        "FOOTER-TEXT",
        "SCRIPT-WRITTEN",
    ] {
        assert!(!article.contains(chrome), "{chrome} leaked into {article}");
    }

    // Pasted text.
    let pasted = paste(
        &app,
        token,
        json!({"title": "My notes", "text": "Line one of my notes.\n\nA second paragraph about brine."}),
    )
    .await;
    assert_eq!(pasted.status(), StatusCode::CREATED);
    let pasted: Value = pasted.json().await.unwrap();
    assert_eq!(pasted["sources"][0]["title"], "My notes");
    assert_eq!(pasted["sources"][0]["kind"], "text");
    assert_eq!(pasted["sources"][0]["file_name"], Value::Null);
    assert_eq!(pasted["sources"][0]["passages"], 1);

    // Listed newest first, with the quota used; retrieval finds the right passage.
    let list = listed(&app, token).await;
    assert_eq!(list["sources"].as_array().unwrap().len(), 4);
    assert_eq!(list["sources"][0]["title"], "My notes");
    let used: u64 = list["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["bytes"].as_u64().unwrap())
        .sum();
    assert_eq!(list["used_bytes"], used);
    assert_eq!(list["quota_bytes"], 51_200 * 1024);
    let uid = me.user["uid"].as_str().unwrap();
    let all: Vec<String> = list["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_string())
        .collect();
    let found =
        lectern_core::sources::retrieve(&app.db, uid, &all, "how long is the pane in brine", 2)
            .await
            .unwrap();
    assert_eq!(found[0].source_id, pdf_id);
    assert!(found[0].text.contains("eleven seconds"));

    // Removing one.
    let removed = app
        .client
        .delete(app.url(&format!("/api/sources/{pdf_id}")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        app.get_authed(&format!("/api/sources/{pdf_id}"), token)
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        listed(&app, token).await["sources"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    assert!(
        lectern_core::sources::retrieve(&app.db, uid, &all, "brine eleven seconds", 5)
            .await
            .unwrap()
            .iter()
            .all(|p| p.source_id != pdf_id)
    );
}

#[tokio::test]
async fn a_word_document_and_an_epub_book_become_passages_under_their_headings() {
    let app = spawn_app().await;
    let me = app.sign_in("bookish@example.com").await;
    let token = &me.access_token;

    let added = upload(
        &app,
        token,
        vec![
            file(
                "saltworks.docx",
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                lectern_sources::samples::docx(None),
            ),
            // A browser that knows no type for .epub sends none: the first bytes say it.
            file(
                "glass",
                "application/octet-stream",
                lectern_sources::samples::epub(),
            ),
        ],
    )
    .await;
    assert_eq!(added.status(), StatusCode::CREATED);
    let added: Value = added.json().await.unwrap();
    let sources = added["sources"].as_array().unwrap();
    assert_eq!(
        (
            &sources[0]["kind"],
            &sources[0]["title"],
            &sources[0]["pages"]
        ),
        (
            &json!("docx"),
            &json!("The Dunmere Saltworks"),
            &Value::Null
        )
    );
    assert_eq!(
        (&sources[1]["kind"], &sources[1]["title"]),
        (&json!("epub"), &json!("Velmora Glass"))
    );

    for (source, expected) in [
        (
            &sources[0],
            vec![
                ("Boiling", "Brine was boiled in lead pans at 104 degrees."),
                ("Drying", "Salt dried for nine days."),
            ],
        ),
        (
            &sources[1],
            vec![
                ("Melting", "Velmora sand melts at 1,320 degrees."),
                ("Cooling", "The glass cools for forty hours."),
            ],
        ),
    ] {
        let id = source["id"].as_str().unwrap();
        let detail: Value = app
            .get_authed(&format!("/api/sources/{id}"), token)
            .await
            .json()
            .await
            .unwrap();
        let passages = detail["passages"].as_array().unwrap();
        assert_eq!(passages.len(), expected.len(), "{detail}");
        for (passage, (heading, starts)) in passages.iter().zip(expected) {
            assert_eq!(passage["heading"], heading, "{passage}");
            assert_eq!(passage["page"], Value::Null);
            assert!(
                passage["text"].as_str().unwrap().starts_with(starts),
                "{passage}"
            );
        }
    }
}

#[tokio::test]
async fn another_users_source_is_a_404_and_is_not_removed() {
    let app = spawn_app().await;
    let owner = app.sign_in("owner@example.com").await;
    let intruder = app.sign_in("intruder@example.com").await;
    let added: Value = paste(
        &app,
        &owner.access_token,
        json!({"title": "Private", "text": "My private notes."}),
    )
    .await
    .json()
    .await
    .unwrap();
    let id = added["sources"][0]["id"].as_str().unwrap();
    let path = format!("/api/sources/{id}");
    let seen = app.get_authed(&path, &intruder.access_token).await;
    assert_eq!(seen.status(), StatusCode::NOT_FOUND);
    assert_eq!(detail_of(seen).await, "Source not found");
    let deleted = app
        .client
        .delete(app.url(&path))
        .bearer_auth(&intruder.access_token)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), StatusCode::NOT_FOUND);
    assert!(
        listed(&app, &intruder.access_token).await["sources"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        app.get_authed(&path, &owner.access_token).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/sources").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn each_bad_document_is_refused_in_plain_words_with_nothing_stored_or_charged() {
    let app = spawn_app().await;
    let me = app.sign_in("careful@example.com").await;
    let token = &me.access_token;
    let uid = me.user["uid"].as_str().unwrap().to_string();
    let credits_before = lectern_core::credits::balance(&app.db, &uid)
        .await
        .unwrap()
        .available;

    // A scan: no text layer.
    let scan = upload(
        &app,
        token,
        vec![file("scan.pdf", "application/pdf", scanned_pdf())],
    )
    .await;
    assert_eq!(scan.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let said = detail_of(scan).await;
    assert!(
        said.starts_with("scan.pdf: ") && said.contains("scan") && said.contains("OCR"),
        "{said}"
    );

    // Encrypted.
    let locked = upload(
        &app,
        token,
        vec![file("locked.pdf", "application/pdf", encrypted_pdf())],
    )
    .await;
    assert_eq!(locked.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let said = detail_of(locked).await;
    assert!(
        said.contains("encrypted") && said.contains("password"),
        "{said}"
    );

    // Truncated.
    let whole = book_pdf();
    let cut = whole[..whole.len() / 3].to_vec();
    let truncated = upload(&app, token, vec![file("cut.pdf", "application/pdf", cut)]).await;
    assert_eq!(truncated.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let said = detail_of(truncated).await;
    assert!(said.starts_with("cut.pdf: "), "{said}");
    // Garbage named as a PDF.
    let garbage = upload(
        &app,
        token,
        vec![file(
            "junk.pdf",
            "application/pdf",
            b"not a pdf at all".to_vec(),
        )],
    )
    .await;
    assert_eq!(garbage.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // One good file with a bad one: neither is stored.
    let mixed = upload(
        &app,
        token,
        vec![
            file(
                "fine.md",
                "text/markdown",
                b"# Fine\n\nA fine note.".to_vec(),
            ),
            file("scan.pdf", "application/pdf", scanned_pdf()),
        ],
    )
    .await;
    assert_eq!(mixed.status(), StatusCode::UNPROCESSABLE_ENTITY);

    // A zip bomb named as a Word document: refused by what it unpacks to, in plain words.
    let bomb = upload(
        &app,
        token,
        vec![file(
            "bomb.docx",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            lectern_sources::samples::zip_bomb(),
        )],
    )
    .await;
    assert_eq!(bomb.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let said = detail_of(bomb).await;
    assert!(
        said.starts_with("bomb.docx: ") && said.contains("64 MB") && said.contains("zip bomb"),
        "{said}"
    );
    // An old .doc (or a password-protected DOCX) named as a DOCX.
    let old = upload(
        &app,
        token,
        vec![file(
            "old.docx",
            "application/msword",
            vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1],
        )],
    )
    .await;
    assert_eq!(old.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let said = detail_of(old).await;
    assert!(said.contains(".docx without a password"), "{said}");

    // An unknown type.
    let picture = upload(
        &app,
        token,
        vec![file(
            "photo.png",
            "image/png",
            b"\x89PNG\r\n\x1a\n....".to_vec(),
        )],
    )
    .await;
    assert_eq!(picture.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let said = detail_of(picture).await;
    assert!(
        said.starts_with("photo.png: ") && said.contains("PDF"),
        "{said}"
    );
    let form = app
        .client
        .post(app.url("/api/sources"))
        .bearer_auth(token)
        .body("hello")
        .header("content-type", "text/plain")
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);

    // A file over the size limit: the answer names the limit.
    let huge = vec![b'a'; lectern_sources::MAX_FILE_BYTES + 1];
    let big = upload(&app, token, vec![file("huge.txt", "text/plain", huge)]).await;
    assert_eq!(big.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let said = detail_of(big).await;
    assert!(said.contains("20 MB"), "{said}");

    // Binary data named as text, and a form with no file.
    let binary = upload(
        &app,
        token,
        vec![file("notes.txt", "text/plain", vec![0, 159, 146, 150])],
    )
    .await;
    assert_eq!(binary.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let empty = app
        .client
        .post(app.url("/api/sources"))
        .bearer_auth(token)
        .multipart(Form::new().text("note", "x"))
        .send()
        .await
        .unwrap();
    assert_eq!(empty.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let untitled = paste(&app, token, json!({"title": " ", "text": ""})).await;
    assert_eq!(untitled.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = untitled.json().await.unwrap();
    assert_eq!(body["detail"].as_array().unwrap().len(), 2);

    let list = listed(&app, token).await;
    assert!(
        list["sources"].as_array().unwrap().is_empty(),
        "nothing stored: {list}"
    );
    assert_eq!(list["used_bytes"], 0);
    let credits_after = lectern_core::credits::balance(&app.db, &uid)
        .await
        .unwrap()
        .available;
    assert_eq!(credits_after, credits_before, "nothing charged");
}

#[tokio::test]
async fn an_upload_past_the_storage_quota_is_refused_with_nothing_stored() {
    let app = spawn_app_with(vec![("source_quota_kb", "2".into())]).await;
    let me = app.sign_in("full@example.com").await;
    let token = &me.access_token;
    let note = "A short note about brine. ".repeat(20);
    let first = paste(&app, token, json!({"title": "First", "text": note})).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let long = "Another note that is rather longer than the first one. ".repeat(30);
    let second = paste(&app, token, json!({"title": "Second", "text": long})).await;
    assert_eq!(second.status(), StatusCode::FORBIDDEN);
    let said = detail_of(second).await;
    assert!(said.contains("quota") && said.contains("2 KB"), "{said}");
    let list = listed(&app, token).await;
    assert_eq!(list["sources"].as_array().unwrap().len(), 1);
    assert_eq!(list["quota_bytes"], 2048);
}

async fn generate(app: &TestApp, token: &str, body: Value) -> reqwest::Response {
    app.client
        .post(app.url("/api/video/generate"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// The `loc` and message of a 422's first field error.
async fn field_error(response: reqwest::Response) -> (Value, String) {
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = response.json().await.unwrap();
    let first = &body["detail"][0];
    (
        first["loc"].clone(),
        first["msg"].as_str().unwrap_or_default().to_string(),
    )
}

#[tokio::test]
async fn a_video_is_written_only_from_the_callers_own_sources() {
    let app = spawn_app().await;
    let me = app.sign_in("writer@example.com").await;
    let other = app.sign_in("other-writer@example.com").await;
    let uid = me.user["uid"].as_str().unwrap().to_string();
    let token = &me.access_token;
    let mine = pasted_id(
        &app,
        token,
        json!({"title": "Glassworks", "text": "The lehr is held at 512 degrees."}),
    )
    .await;
    let theirs = pasted_id(
        &app,
        &other.access_token,
        json!({"title": "Theirs", "text": "Private notes on brine."}),
    )
    .await;
    let balance = || async {
        lectern_core::credits::balance(&app.db, &uid)
            .await
            .unwrap()
            .available
    };
    let before = balance().await;
    let request = |ids: Value| json!({"user_id": uid, "topic": "Annealing glass", "duration": 2, "source_ids": ids});

    // Another user's source, and one that does not exist, are refused alike.
    for ids in [json!([mine, theirs]), json!(["no-such-source"])] {
        let (loc, msg) = field_error(generate(&app, token, request(ids)).await).await;
        assert_eq!(loc, json!(["body", "source_ids"]));
        assert!(msg.contains("not one of your sources"), "{msg}");
    }
    let eleven: Vec<String> = (0..11).map(|i| format!("source-{i}")).collect();
    let (loc, msg) = field_error(generate(&app, token, request(json!(eleven))).await).await;
    assert_eq!(loc, json!(["body", "source_ids"]));
    assert!(msg.contains("at most 10"), "{msg}");
    assert_eq!(balance().await, before, "nothing charged on a refusal");

    // The caller's own source (named twice) is stored once in the job's parameters.
    let started = generate(&app, token, request(json!([mine, mine]))).await;
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    let started: Value = started.json().await.unwrap();
    let job = lectern_core::jobs::find(&app.db, started["job_id"].as_str().unwrap())
        .await
        .unwrap()
        .unwrap();
    let params: lectern_core::jobs::VideoParams = serde_json::from_str(&job.params).unwrap();
    assert_eq!(params.source_ids, vec![mine.clone()]);
    assert_eq!(balance().await, before - 1);

    // Without sources nothing is stored for them.
    let plain = generate(
        &app,
        token,
        json!({"user_id": uid, "topic": "Annealing glass", "duration": 2}),
    )
    .await;
    let plain: Value = plain.json().await.unwrap();
    let job = lectern_core::jobs::find(&app.db, plain["job_id"].as_str().unwrap())
        .await
        .unwrap()
        .unwrap();
    assert!(!job.params.contains("source_ids"), "{}", job.params);
}

/// A transcript as the pipeline writes it for a lesson written from `source`: the title's
/// sentence cites nothing, the next two cite passage 0, and one sentence (of a transcript
/// made before sentences named their beat) cannot say what it cites.
fn cited_transcript(source: &str) -> Value {
    json!({
        "title": "Annealing glass",
        "duration": 20.0,
        "scenes": [
            {"index": 0, "kind": "title", "heading": "Annealing glass", "start": 0.0, "end": 4.0},
            {"index": 1, "kind": "bullets", "heading": "The lehr", "start": 4.0, "end": 20.0,
             "cites": [[{"source_id": source, "passage": 0}], [{"source_id": source, "passage": 0}], []]},
        ],
        "sentences": [
            {"text": "Annealing glass.", "start": 0.0, "end": 3.0, "scene": 0, "beat": 0},
            {"text": "The lehr is held at 512 degrees.", "start": 4.0, "end": 8.0, "scene": 1, "beat": 0},
            {"text": "It cools slowly.", "start": 8.0, "end": 12.0, "scene": 1, "beat": 1},
            {"text": "That is all.", "start": 12.0, "end": 14.0, "scene": 1},
        ],
        "checkpoints": [],
        "documents": [{"source_id": source, "title": "Glassworks", "pages": []}],
    })
}

#[tokio::test]
async fn a_videos_transcript_names_each_sentences_passages_and_only_the_owner_reads_their_text() {
    let app = spawn_app().await;
    let owner = app.sign_in("cited@example.com").await;
    let stranger = app.sign_in("stranger@example.com").await;
    let added: Value = paste(
        &app,
        &owner.access_token,
        json!({"title": "Glassworks", "text": "The lehr is held at 512 degrees."}),
    )
    .await
    .json()
    .await
    .unwrap();
    let source = added["sources"][0]["id"].as_str().unwrap().to_string();
    let video = seed_video(
        &app,
        owner.user["uid"].as_str().unwrap(),
        Seed {
            title: "Annealing glass",
            ..Seed::default()
        },
    )
    .await;
    let job = &video.job_id;
    put_media(
        &app,
        &format!("jobs/{job}/transcript.json"),
        cited_transcript(&source).to_string().as_bytes(),
    )
    .await;

    let status: Value = app
        .get_authed(&format!("/api/job/{job}/status"), &owner.access_token)
        .await
        .json()
        .await
        .unwrap();
    let transcript: Value = browser()
        .get(app.url(status["transcript_url"].as_str().unwrap()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let cites: Vec<Value> = transcript["cues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cue| cue["cites"].clone())
        .collect();
    let passage_0 = json!([{"source_id": source, "passage": 0}]);
    assert_eq!(
        cites,
        [json!([]), passage_0.clone(), passage_0, json!([])],
        "{transcript}"
    );
    assert_eq!(
        transcript["documents"],
        json!([{"source_id": source, "title": "Glassworks", "pages": []}])
    );

    // The passage a citation names is read from the owner's source; a stranger finds none.
    let path = format!("/api/sources/{source}");
    let detail: Value = app
        .get_authed(&path, &owner.access_token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(detail["passages"][0]["index"], 0);
    assert_eq!(
        detail["passages"][0]["text"],
        "The lehr is held at 512 degrees."
    );
    assert_eq!(
        app.get_authed(&path, &stranger.access_token).await.status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_transcript_of_a_video_not_written_from_sources_cites_nothing() {
    let app = spawn_app().await;
    let owner = app.sign_in("uncited@example.com").await;
    let video = seed_video(&app, owner.user["uid"].as_str().unwrap(), Seed::default()).await;
    let transcript = json!({
        "title": "Untitled",
        "duration": 5.0,
        "scenes": [{"index": 0, "kind": "title", "heading": "Untitled", "start": 0.0, "end": 5.0}],
        "sentences": [{"text": "Welcome.", "start": 0.0, "end": 4.0, "scene": 0, "beat": 0}],
        "checkpoints": [],
    });
    put_media(
        &app,
        &format!("jobs/{}/transcript.json", video.job_id),
        transcript.to_string().as_bytes(),
    )
    .await;
    let status: Value = app
        .get_authed(
            &format!("/api/job/{}/status", video.job_id),
            &owner.access_token,
        )
        .await
        .json()
        .await
        .unwrap();
    let transcript: Value = browser()
        .get(app.url(status["transcript_url"].as_str().unwrap()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let cues = transcript["cues"].as_array().unwrap();
    assert!(!cues.is_empty(), "{transcript}");
    assert!(
        cues.iter().all(|cue| cue["cites"] == json!([])),
        "{transcript}"
    );
    assert_eq!(transcript["documents"], json!([]));
}

#[tokio::test]
async fn a_course_is_made_only_from_the_callers_own_sources() {
    let app = spawn_app().await;
    let me = app.sign_in("course-writer@example.com").await;
    let other = app.sign_in("course-other@example.com").await;
    let uid = me.user["uid"].as_str().unwrap().to_string();
    let token = &me.access_token;
    let long_text = |topic: &str| {
        (0..3)
            .map(|i| {
                format!(
                    "{topic} part {i}: {}",
                    "the lehr cools the glass slowly. ".repeat(40)
                )
            })
            .collect::<Vec<_>>()
            .join("\n\n")
    };
    let mine = pasted_id(
        &app,
        token,
        json!({"title": "Glassworks", "text": long_text("Glass")}),
    )
    .await;
    let theirs = pasted_id(
        &app,
        &other.access_token,
        json!({"title": "Theirs", "text": long_text("Brine")}),
    )
    .await;
    let (app_ref, uid_ref) = (&app, uid.as_str());
    let course = |ids: Value| async move {
        app_ref
            .client
            .post(app_ref.url("/api/generate-course"))
            .bearer_auth(token)
            .json(&json!({"user_id": uid_ref, "goal": "Learn glassmaking", "source_ids": ids}))
            .send()
            .await
            .unwrap()
    };
    let before = lectern_core::credits::balance(&app.db, me.user["uid"].as_str().unwrap())
        .await
        .unwrap()
        .available;
    for ids in [json!([mine, theirs]), json!(["no-such-source"])] {
        let (loc, msg) = field_error(course(ids).await).await;
        assert_eq!(loc, json!(["body", "source_ids"]));
        assert!(msg.contains("not one of your sources"), "{msg}");
    }
    let eleven: Vec<String> = (0..11).map(|i| format!("source-{i}")).collect();
    let (loc, msg) = field_error(course(json!(eleven)).await).await;
    assert_eq!(loc, json!(["body", "source_ids"]));
    assert!(msg.contains("at most 10"), "{msg}");

    let started = course(json!([mine, mine])).await;
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    let started: Value = started.json().await.unwrap();
    let job = lectern_core::jobs::find(&app.db, started["job_id"].as_str().unwrap())
        .await
        .unwrap()
        .unwrap();
    let params: lectern_core::jobs::CourseParams = serde_json::from_str(&job.params).unwrap();
    assert_eq!(params.source_ids, vec![mine.clone()]);
    let after = lectern_core::credits::balance(&app.db, me.user["uid"].as_str().unwrap())
        .await
        .unwrap()
        .available;
    assert_eq!(
        after,
        before - 3,
        "charged once, for the course that started"
    );
}

#[tokio::test]
async fn a_solution_solves_the_exercise_of_the_students_worksheet_as_stated_there() {
    let app = spawn_app().await;
    let me = app.sign_in("student@example.com").await;
    let other = app.sign_in("other-student@example.com").await;
    let uid = me.user["uid"].as_str().unwrap().to_string();
    let token = &me.access_token;
    let sheet = pasted_id(
        &app,
        token,
        json!({"title": "Algebra practice", "text":
                "Solve each equation.\n\n1. 2x + 3 = 11\n\n2. 5x - 4 = 3x + 6\n\nShow your work."}),
    )
    .await;
    let theirs = pasted_id(
        &app,
        &other.access_token,
        json!({"title": "Theirs", "text": "1. x + 1 = 2"}),
    )
    .await;
    let solve = |problem: &str, ids: Value| {
        let body =
            json!({"user_id": uid, "problem_text": problem, "source_ids": ids, "dry_run": true});
        let app = &app;
        async move {
            app.client
                .post(app.url("/api/video/generate-solution"))
                .bearer_auth(token)
                .json(&body)
                .send()
                .await
                .unwrap()
        }
    };

    let started = solve("Exercise 2", json!([sheet])).await;
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    let started: Value = started.json().await.unwrap();
    let job = lectern_core::jobs::find(&app.db, started["job_id"].as_str().unwrap())
        .await
        .unwrap()
        .unwrap();
    let params: lectern_core::jobs::ProblemParams = serde_json::from_str(&job.params).unwrap();
    assert_eq!(params.brief.problem_text, "5x - 4 = 3x + 6");
    let worksheet = params.worksheet.clone().expect("where it was stated");
    assert_eq!(
        (worksheet.label.as_str(), worksheet.title.as_str()),
        ("2", "Algebra practice")
    );
    assert_eq!(
        params.description(),
        "Exercise 2 of Algebra practice: 5x - 4 = 3x + 6"
    );

    // A problem of the student's own words is solved as written.
    let own: Value = solve("3x = 12", json!([sheet])).await.json().await.unwrap();
    let job = lectern_core::jobs::find(&app.db, own["job_id"].as_str().unwrap())
        .await
        .unwrap()
        .unwrap();
    let params: lectern_core::jobs::ProblemParams = serde_json::from_str(&job.params).unwrap();
    assert_eq!(params.brief.problem_text, "3x = 12");
    assert!(params.worksheet.is_none());

    // An exercise the worksheet does not hold, and another student's worksheet, are refused.
    let (loc, msg) = field_error(solve("problem 7", json!([sheet])).await).await;
    assert_eq!(loc, json!(["body", "problem_text"]));
    assert_eq!(
        msg,
        "Algebra practice has no exercise 7; its exercises are 1, 2"
    );
    let (loc, msg) = field_error(solve("Exercise 1", json!([theirs])).await).await;
    assert_eq!(loc, json!(["body", "source_ids"]));
    assert!(msg.contains("not one of your sources"), "{msg}");
}

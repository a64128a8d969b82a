//! "Export for LMS": a course as a SCORM 1.2 package. One SCO per lesson with a finished
//! video: its launch page (the small player of `assets/scorm`, which reports completion and
//! the checkpoint score through the LMS's SCORM API), the lesson's data (chapters and
//! checkpoints), its MP4 and captions. The manifest follows the SCORM 1.2 content packaging
//! schemas, which the package carries as SCORM 1.2 packages do. A lesson written from the
//! learner's documents (issue 50) also carries its transcript with each sentence's citations
//! and the text of every passage cited: an LMS cannot ask Lectern for them.

use std::collections::{BTreeSet, HashMap};
use std::io::{Seek, Write};
use std::path::{Path as FsPath, PathBuf};

use axum::{
    body::Body,
    extract::{Path, State},
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use futures_util::TryStreamExt;
use lectern_core::{courses, jobs, sources};
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;

use crate::{
    error::{ApiError, ApiResult, ErrorBody, OrNotFound, responses::NotSignedIn},
    extract::AuthUser,
    routes::{
        ids::CourseOrJobId,
        media::{cites_of, cues_of},
    },
    spa::html_escape,
    state::AppState,
};

const SCO_PAGE: &str = include_str!("../../../assets/scorm/sco.html");
const PLAYER_JS: &str = include_str!("../../../assets/scorm/player.js");
const PLAYER_CSS: &str = include_str!("../../../assets/scorm/player.css");
/// The web app's own design tokens and checkpoint question styles: the SCO's question looks as
/// the web player's does, from one source. Linked by `sco.html` before `player.css`.
const TOKENS_CSS: &str = include_str!("../../../../web/src/styles/tokens.css");
const CHECKPOINT_CSS: &str =
    include_str!("../../../../web/src/features/player/components/checkpoint.css");

/// The SCORM 1.2 schemas (ADL; as distributed with SCORM 1.2 content packages).
pub const SCHEMAS: &[(&str, &str)] = &[
    (
        "imscp_rootv1p1p2.xsd",
        include_str!("../../../assets/scorm/schemas/imscp_rootv1p1p2.xsd"),
    ),
    (
        "adlcp_rootv1p2.xsd",
        include_str!("../../../assets/scorm/schemas/adlcp_rootv1p2.xsd"),
    ),
    (
        "imsmd_rootv1p2p1.xsd",
        include_str!("../../../assets/scorm/schemas/imsmd_rootv1p2p1.xsd"),
    ),
    (
        "ims_xml.xsd",
        include_str!("../../../assets/scorm/schemas/ims_xml.xsd"),
    ),
];

/// One lesson in the package, with the files fetched from storage.
struct Sco {
    /// `lesson-01`: its folder, and its identifiers' suffix.
    folder: String,
    title: String,
    number: usize,
    /// What `lesson.js` gives the player.
    data: Value,
    video: PathBuf,
    subtitles: Option<PathBuf>,
}

/// The caller's course as a SCORM 1.2 package (zip) of its lessons with finished videos.
#[utoipa::path(
    get,
    path = "/courses/{id}/scorm",
    tag = "courses",
    operation_id = "export_scorm",
    params(CourseOrJobId),
    responses(
        (status = 200, description = "The SCORM 1.2 package", content_type = "application/zip", body = String),
        NotSignedIn,
        (status = 404, description = "No such course of the caller's", body = ErrorBody),
        (status = 409, description = "No lesson has a finished video yet", body = ErrorBody),
    )
)]
pub(super) async fn export_scorm(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(CourseOrJobId { id }): Path<CourseOrJobId>,
) -> ApiResult<Response> {
    let view = courses::view(&state.db, &caller.id, &id)
        .await?
        .or_not_found("Course")?;
    let finished: Vec<(String, String)> = view
        .lessons
        .iter()
        .filter_map(|l| {
            let video = l.video.as_ref()?;
            let job_id = video.job_id.clone()?;
            (video.status == jobs::status::COMPLETED).then(|| (l.lesson.title.clone(), job_id))
        })
        .collect();
    if finished.is_empty() {
        return Err(ApiError::Conflict(
            "No lesson of this course has a finished video yet: generate a lesson video first"
                .into(),
        ));
    }
    let dir = tempfile::tempdir().map_err(internal)?;
    let mut scos = Vec::new();
    for (i, (title, job_id)) in finished.iter().enumerate() {
        let number = i + 1;
        let folder = format!("lesson-{number:02}");
        let video = dir.path().join(format!("{folder}.mp4"));
        if !fetch(&state, &jobs::media::key(job_id, "video.mp4"), &video).await? {
            // A lesson whose video has gone from storage is left out rather than broken.
            tracing::warn!(job_id, "a finished lesson's video is missing from storage");
            continue;
        }
        let subtitles = dir.path().join(format!("{folder}.vtt"));
        let subtitles = fetch(
            &state,
            &jobs::media::key(job_id, "subtitles.vtt"),
            &subtitles,
        )
        .await?
        .then_some(subtitles);
        let transcript = state
            .storage
            .get_bytes(&jobs::media::transcript(job_id))
            .await
            .map_err(internal)?
            .and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok())
            .unwrap_or(Value::Null);
        let passages = cited_passages(&state, &caller.id, &transcript).await?;
        scos.push(Sco {
            data: lesson_data(
                title,
                &view.course.title,
                number,
                finished.len(),
                subtitles.is_some(),
                &transcript,
                &passages,
            ),
            folder,
            title: title.clone(),
            number,
            video,
            subtitles,
        });
    }
    if scos.is_empty() {
        return Err(ApiError::Conflict(
            "The lesson videos of this course are missing from storage".into(),
        ));
    }
    let course_title = view.course.title.clone();
    let course_id = view.course.id.clone();
    // The zip goes to a file with no name, deleted as the body is dropped; the fetched media
    // go with their folder as soon as it is written.
    let zip = tokio::task::spawn_blocking(move || {
        let mut file = tempfile::tempfile()?;
        write_package(&mut file, &course_id, &course_title, &scos)?;
        drop(dir);
        file.seek(std::io::SeekFrom::Start(0))?;
        Ok::<_, std::io::Error>(file)
    })
    .await
    .map_err(internal)?
    .map_err(internal)?;
    let length = zip.metadata().map_err(internal)?.len();
    let stream = tokio_util::io::ReaderStream::new(tokio::fs::File::from_std(zip));
    let name = package_name(&view.course.title);
    let mut response = Body::from_stream(stream).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/zip"),
    );
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("building a SCORM package: {e}"))
}

/// Copies a stored file to `to`; `false` when there is none.
async fn fetch(state: &AppState, key: &str, to: &FsPath) -> ApiResult<bool> {
    let Some(object) = state.storage.get(key, None).await.map_err(internal)? else {
        return Ok(false);
    };
    let mut file = tokio::fs::File::create(to).await.map_err(internal)?;
    let mut body = object.body;
    while let Some(chunk) = body.try_next().await.map_err(internal)? {
        file.write_all(&chunk).await.map_err(internal)?;
    }
    file.flush().await.map_err(internal)?;
    Ok(true)
}

/// A cited passage's place in its document: the source's id and the passage's ordinal.
type PassageKey = (String, u32);

/// What the package shows of a cited passage.
struct PassageText {
    heading: Option<String>,
    text: String,
}

/// The passages a lesson's sentences cite, read from the caller's documents. A document
/// deleted since the video was made has none: its citations keep their title and page.
async fn cited_passages(
    state: &AppState,
    user_id: &str,
    transcript: &Value,
) -> ApiResult<HashMap<PassageKey, PassageText>> {
    let wanted: BTreeSet<PassageKey> = transcript["sentences"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|sentence| cites_of(&transcript["scenes"], sentence))
        .map(|cite| (cite.source_id, cite.passage))
        .collect();
    let documents: BTreeSet<&String> = wanted.iter().map(|(id, _)| id).collect();
    let mut found = HashMap::new();
    for id in documents {
        let Some(source) = sources::find(&state.db, user_id, id).await? else {
            continue;
        };
        for passage in sources::passages(&state.db, &source).await? {
            let key = (id.clone(), passage.ordinal as u32);
            if wanted.contains(&key) {
                let (heading, text) = (passage.heading, passage.text);
                found.insert(key, PassageText { heading, text });
            }
        }
    }
    Ok(found)
}

/// A lesson's transcript with its citations, for a lesson written from the learner's
/// documents (null otherwise): each sentence with the numbers of the passages it cites, and
/// each passage once, numbered in the order first cited as the web player numbers them, with
/// its document's title, its page and heading, and its text (null when it is no longer there).
fn citations(transcript: &Value, passages: &HashMap<PassageKey, PassageText>) -> Value {
    let Some(documents) = transcript["documents"].as_array().filter(|d| !d.is_empty()) else {
        return Value::Null;
    };
    let titles: HashMap<&str, &str> = documents
        .iter()
        .filter_map(|d| Some((d["source_id"].as_str()?, d["title"].as_str()?)))
        .collect();
    let mut numbered: Vec<(PassageKey, Option<u32>)> = Vec::new();
    let sentences: Vec<Value> = cues_of(transcript)
        .into_iter()
        .map(|sentence| {
            let mut numbers: Vec<usize> = Vec::new();
            for cite in sentence.cites {
                let key = (cite.source_id, cite.passage);
                let number = match numbered.iter().position(|(k, _)| *k == key) {
                    Some(i) => i + 1,
                    None => {
                        numbered.push((key, cite.page));
                        numbered.len()
                    }
                };
                if !numbers.contains(&number) {
                    numbers.push(number);
                }
            }
            json!({
                "start": sentence.start,
                "end": sentence.end,
                "text": sentence.text,
                "cites": numbers,
            })
        })
        .collect();
    let cited: Vec<Value> = numbered
        .iter()
        .enumerate()
        .map(|(i, (key, page))| {
            let passage = passages.get(key);
            json!({
                "number": i + 1,
                "title": titles.get(key.0.as_str()).copied().unwrap_or("A document of yours"),
                "page": page,
                "heading": passage.and_then(|p| p.heading.as_deref()),
                "text": passage.map(|p| p.text.as_str()),
            })
        })
        .collect();
    let documents: Vec<Value> = documents
        .iter()
        .map(|d| json!({"title": d["title"], "pages": d["pages"]}))
        .collect();
    json!({"documents": documents, "sentences": sentences, "citations": cited})
}

/// `window.LECTERN_LESSON` of a lesson's player: its place in the course, its media, its
/// chapters (as `chapters.vtt` has them), checkpoints (as the transcript has them) and, for a
/// lesson written from the learner's documents, its [`citations`].
fn lesson_data(
    title: &str,
    course_title: &str,
    number: usize,
    count: usize,
    has_subtitles: bool,
    transcript: &Value,
    passages: &HashMap<PassageKey, PassageText>,
) -> Value {
    let scenes = transcript["scenes"].as_array().cloned().unwrap_or_default();
    let headings: Vec<String> = scenes
        .iter()
        .map(|s| s["heading"].as_str().unwrap_or_default().to_string())
        .collect();
    let spans: Vec<(f64, f64)> = scenes
        .iter()
        .map(|s| {
            (
                s["start"].as_f64().unwrap_or(0.0),
                s["end"].as_f64().unwrap_or(0.0),
            )
        })
        .collect();
    let chapters: Vec<Value> = lectern_pipeline::outputs::chapters(&headings, &spans)
        .into_iter()
        .map(|(title, start, end)| json!({"start": start, "end": end, "title": title}))
        .collect();
    json!({
        "title": title,
        "course_title": course_title,
        "number": number,
        "count": count,
        "video": "video.mp4",
        "subtitles": has_subtitles.then_some("subtitles.vtt"),
        "duration": transcript["duration"].as_f64(),
        "chapters": chapters,
        "checkpoints": transcript["checkpoints"].as_array().cloned().unwrap_or_default(),
        "sources": citations(transcript, passages),
    })
}

/// Writes the package: the manifest and schemas, the shared player, and each SCO's folder.
/// Media are stored as they are (an MP4 does not compress); text is deflated.
fn write_package(
    file: &mut std::fs::File,
    course_id: &str,
    course_title: &str,
    scos: &[Sco],
) -> std::io::Result<()> {
    use zip::write::SimpleFileOptions;
    let mut zip = zip::ZipWriter::new(std::io::BufWriter::new(file));
    let text = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let stored = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .large_file(true);
    let add = |zip: &mut zip::ZipWriter<_>, name: &str, bytes: &[u8]| -> std::io::Result<()> {
        zip.start_file(name, text).map_err(std::io::Error::other)?;
        zip.write_all(bytes)
    };
    add(
        &mut zip,
        "imsmanifest.xml",
        manifest(course_id, course_title, scos).as_bytes(),
    )?;
    for (name, schema) in SCHEMAS {
        add(&mut zip, name, schema.as_bytes())?;
    }
    add(&mut zip, "shared/player.js", PLAYER_JS.as_bytes())?;
    add(&mut zip, "shared/tokens.css", TOKENS_CSS.as_bytes())?;
    add(&mut zip, "shared/checkpoint.css", CHECKPOINT_CSS.as_bytes())?;
    add(&mut zip, "shared/player.css", PLAYER_CSS.as_bytes())?;
    for sco in scos {
        let page = SCO_PAGE
            .replace("{{title}}", &html_escape(&sco.title))
            .replace("{{course}}", &html_escape(course_title));
        add(
            &mut zip,
            &format!("{}/index.html", sco.folder),
            page.as_bytes(),
        )?;
        let script = format!(
            "window.LECTERN_LESSON = {};\n",
            serde_json::to_string_pretty(&sco.data).expect("lesson data serialises")
        );
        add(
            &mut zip,
            &format!("{}/lesson.js", sco.folder),
            script.as_bytes(),
        )?;
        zip.start_file(format!("{}/video.mp4", sco.folder), stored)
            .map_err(std::io::Error::other)?;
        std::io::copy(&mut std::fs::File::open(&sco.video)?, &mut zip)?;
        if let Some(subtitles) = &sco.subtitles {
            add(
                &mut zip,
                &format!("{}/subtitles.vtt", sco.folder),
                &std::fs::read(subtitles)?,
            )?;
        }
    }
    zip.finish().map_err(std::io::Error::other)?.flush()
}

/// The SCORM 1.2 manifest: one organisation with an item per lesson, each item's SCO
/// resource with its files and the shared player as an asset it depends on.
fn manifest(course_id: &str, course_title: &str, scos: &[Sco]) -> String {
    let mut items = String::new();
    let mut resources = String::new();
    for sco in scos {
        let n = sco.number;
        items.push_str(&format!(
            "      <item identifier=\"item-{n:02}\" identifierref=\"sco-{n:02}\" isvisible=\"true\">\n        <title>{}</title>\n      </item>\n",
            html_escape(&sco.title)
        ));
        let mut files = vec![
            format!("{}/index.html", sco.folder),
            format!("{}/lesson.js", sco.folder),
            format!("{}/video.mp4", sco.folder),
        ];
        if sco.subtitles.is_some() {
            files.push(format!("{}/subtitles.vtt", sco.folder));
        }
        resources.push_str(&format!(
            "    <resource identifier=\"sco-{n:02}\" type=\"webcontent\" adlcp:scormtype=\"sco\" href=\"{}/index.html\">\n",
            sco.folder
        ));
        for file in files {
            resources.push_str(&format!("      <file href=\"{file}\"/>\n"));
        }
        resources.push_str("      <dependency identifierref=\"player\"/>\n    </resource>\n");
    }
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="lectern-course-{id}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="course">
    <organization identifier="course">
      <title>{title}</title>
{items}    </organization>
  </organizations>
  <resources>
{resources}    <resource identifier="player" type="webcontent" adlcp:scormtype="asset">
      <file href="shared/player.js"/>
      <file href="shared/tokens.css"/>
      <file href="shared/checkpoint.css"/>
      <file href="shared/player.css"/>
    </resource>
  </resources>
</manifest>
"#,
        id = xml_id(course_id),
        title = html_escape(course_title),
    )
}

/// An identifier as XML's `ID` type allows (letters, digits, `-`, `_`, `.`).
fn xml_id(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect()
}

fn package_name(title: &str) -> String {
    let words: Vec<String> = title
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let stem: String = words.join("-").chars().take(60).collect();
    if stem.is_empty() {
        "lectern-course-scorm12.zip".into()
    } else {
        format!("{stem}-scorm12.zip")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manifest_names_each_sco_its_files_and_the_shared_player() {
        let scos = [Sco {
            folder: "lesson-01".into(),
            title: "Tides & <the> Moon".into(),
            number: 1,
            data: Value::Null,
            video: PathBuf::new(),
            subtitles: Some(PathBuf::new()),
        }];
        let xml = manifest("abc 1", "A course", &scos);
        assert!(xml.contains("identifier=\"lectern-course-abc-1\""));
        assert!(xml.contains("<title>Tides &amp; &lt;the&gt; Moon</title>"));
        assert!(xml.contains("adlcp:scormtype=\"sco\" href=\"lesson-01/index.html\""));
        assert!(xml.contains("<file href=\"lesson-01/subtitles.vtt\"/>"));
        assert!(xml.contains("<dependency identifierref=\"player\"/>"));
        assert_eq!(
            package_name("Tides: the Moon!"),
            "tides-the-moon-scorm12.zip"
        );
    }

    #[test]
    fn lesson_data_has_the_chapters_of_the_transcript() {
        let transcript = json!({
            "duration": 30.0,
            "scenes": [
                {"heading": "Intro", "start": 0.0, "end": 10.0},
                {"heading": "Intro", "start": 10.0, "end": 20.0},
                {"heading": "Tides", "start": 20.0, "end": 30.0},
            ],
            "checkpoints": [{"index": 0, "question": "Why?"}],
        });
        let data = lesson_data("L", "C", 1, 2, true, &transcript, &HashMap::new());
        assert_eq!(data["sources"], Value::Null, "not written from sources");
        assert_eq!(
            data["chapters"],
            json!([
                {"start": 0.0, "end": 20.0, "title": "Intro"},
                {"start": 20.0, "end": 30.0, "title": "Tides"},
            ])
        );
        assert_eq!(data["checkpoints"][0]["question"], "Why?");
        assert_eq!(data["subtitles"], "subtitles.vtt");
        assert_eq!(data["duration"], 30.0);
    }

    #[test]
    fn citations_are_numbered_as_first_cited_with_their_passages_text() {
        let transcript = json!({
            "scenes": [
                {"cites": [[{"source_id": "s1", "passage": 4, "page": 2}],
                           [{"source_id": "s2", "passage": 0},
                            {"source_id": "s1", "passage": 4, "page": 2}]]},
                {"cites": [[], [{"source_id": "gone", "passage": 1}]]},
            ],
            "sentences": [
                {"scene": 0, "beat": 0, "text": "Glass is blown at 1,100 °C.", "start": 0.0, "end": 2.0},
                {"scene": 0, "beat": 1, "text": "Velmora glass is green.", "start": 2.0, "end": 4.0},
                {"scene": 1, "beat": 0, "text": "That is all.", "start": 4.0, "end": 5.0},
                {"scene": 1, "beat": 1, "text": "It was first made in 1840.", "start": 5.0, "end": 7.0},
            ],
            "documents": [
                {"source_id": "s1", "title": "Notes on glass", "pages": [2]},
                {"source_id": "s2", "title": "Velmora", "pages": []},
            ],
        });
        let passages = HashMap::from([
            (
                ("s1".to_string(), 4),
                PassageText {
                    heading: Some("Blowing".into()),
                    text: "Blown at 1,100 °C.".into(),
                },
            ),
            (
                ("s2".to_string(), 0),
                PassageText {
                    heading: None,
                    text: "Its glass is green.".into(),
                },
            ),
        ]);
        let sources = citations(&transcript, &passages);
        let cites: Vec<&Value> = sources["sentences"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| &s["cites"])
            .collect();
        assert_eq!(
            cites,
            [&json!([1]), &json!([2, 1]), &json!([]), &json!([3])]
        );
        assert_eq!(sources["sentences"][1]["text"], "Velmora glass is green.");
        assert_eq!(
            sources["citations"],
            json!([
                {"number": 1, "title": "Notes on glass", "page": 2, "heading": "Blowing", "text": "Blown at 1,100 °C."},
                {"number": 2, "title": "Velmora", "page": null, "heading": null, "text": "Its glass is green."},
                {"number": 3, "title": "A document of yours", "page": null, "heading": null, "text": null},
            ])
        );
        assert_eq!(
            sources["documents"][0],
            json!({"title": "Notes on glass", "pages": [2]})
        );
    }
}

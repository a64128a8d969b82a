//! The outputs of a finished job: the MP4 (with HTTP Range), captions, chapters,
//! transcript and thumbnail. Opened by the owner's bearer token or by the short-lived media
//! token that the job status puts in each URL; the media of a published item by anyone.

use axum::{
    body::Body,
    extract::{FromRequestParts, Path, Query, State},
    http::{HeaderMap, HeaderValue, StatusCode, header, request::Parts},
    response::{IntoResponse, Response},
};
use lectern_core::{entities::job, jobs, library};
use lectern_pipeline::storyboard::{Cite, DocumentNote, cited_sentences};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{ApiError, ApiResult, ErrorBody, OrNotFound, responses::NoSuchMedia},
    routes::ids::JobId,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(video))
        .routes(routes!(subtitles))
        .routes(routes!(chapters))
        .routes(routes!(transcript))
        .routes(routes!(thumbnail))
        .routes(routes!(study_sheet))
        .routes(routes!(course_thumbnail))
}

/// A media URL opens with the owner's bearer token, with the media token `t` the job status
/// or library item put in it, or for anyone once the item is published.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct MediaQuery {
    /// A media token bound to the job (part of the URLs the API hands out).
    t: Option<String>,
    /// Subtitles only: `vtt` (the default) or `srt`.
    format: Option<String>,
    /// The video only: present to download it as a file.
    download: Option<String>,
}

/// Who asks for a media file: the user of a valid bearer token, and the id that a valid media
/// token names.
struct Viewer {
    user: Option<String>,
    token_names: Option<String>,
}

impl Viewer {
    fn new(state: &AppState, headers: &HeaderMap, query: &MediaQuery) -> Self {
        Self {
            user: crate::extract::bearer(headers).and_then(|t| state.tokens.verify(&t)),
            token_names: query
                .t
                .as_deref()
                .and_then(|t| state.tokens.verify_media(t)),
        }
    }

    fn is(&self, user_id: &str) -> bool {
        self.user.as_deref() == Some(user_id)
    }

    /// The answer to a viewer who may not see `what`: the 404 of an unknown id, with or
    /// without a token, so that nobody can test which ids exist.
    fn refusal(&self, what: &str) -> ApiError {
        ApiError::not_found(what)
    }
}

/// The finished job behind a media URL, if the caller may see it.
async fn authorised_job(
    state: &AppState,
    headers: &HeaderMap,
    query: &MediaQuery,
    id: &str,
) -> ApiResult<job::Model> {
    let viewer = Viewer::new(state, headers, query);
    let job = jobs::find(&state.db, id).await?.or_not_found("Video")?;
    let allowed = viewer.token_names.as_deref() == Some(id)
        || viewer.is(&job.user_id)
        || library::job_is_public(&state.db, &job.id).await?;
    if !allowed {
        return Err(viewer.refusal("Video"));
    }
    if job.status != jobs::JobStatus::Completed {
        return Err(ApiError::NotFound(format!(
            "The video is not ready (status: {})",
            job.status
        )));
    }
    Ok(job)
}

/// The finished job that a media URL's path names, if the caller may see it
/// (`authorised_job`), with the URL's query.
struct MediaJob {
    job: job::Model,
    query: MediaQuery,
}

impl FromRequestParts<AppState> for MediaJob {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let Path(JobId { id }) = Path::<JobId>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let Query(query) = Query::<MediaQuery>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let job = authorised_job(state, &parts.headers, &query, &id)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(Self { job, query })
    }
}

/// A finished job's MP4, with HTTP Range.
#[utoipa::path(
    get,
    path = "/video/{id}",
    tag = "media",
    params(JobId, MediaQuery),
    responses(
        (status = 200, description = "The video", content_type = "video/mp4", body = String),
        (status = 206, description = "The requested range", content_type = "video/mp4", body = String),
        NoSuchMedia,
        (status = 416, description = "The range is outside the file"),
    )
)]
async fn video(
    State(state): State<AppState>,
    headers: HeaderMap,
    MediaJob { job, query }: MediaJob,
) -> ApiResult<Response> {
    let key = jobs::media::video(&job.id);
    let Some(total) = state.storage.size(&key).await.map_err(storage_error)? else {
        return Err(ApiError::not_found("Video"));
    };
    let range = match headers.get(header::RANGE).and_then(|v| v.to_str().ok()) {
        None => None,
        Some(value) => match parse_range(value, total) {
            Some(range) => Some(range),
            None => {
                return Ok((
                    StatusCode::RANGE_NOT_SATISFIABLE,
                    [(header::CONTENT_RANGE, format!("bytes */{total}"))],
                )
                    .into_response());
            }
        },
    };
    let object = state
        .storage
        .get(&key, range.map(|(s, e)| (s, Some(e))))
        .await
        .map_err(storage_error)?
        .or_not_found("Video")?;
    let name = file_name(job.smart_title.as_deref().unwrap_or(&job.title));
    let disposition = if query.download.is_some() {
        "attachment"
    } else {
        "inline"
    };
    let mut response = Response::new(Body::from_stream(object.body));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("video/mp4"));
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, max-age=3600"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("{disposition}; filename=\"{name}.mp4\"")) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    let length = if object.total == 0 {
        0
    } else {
        object.end - object.start + 1
    };
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    if range.is_some() {
        *response.status_mut() = StatusCode::PARTIAL_CONTENT;
        if let Ok(v) = HeaderValue::from_str(&format!(
            "bytes {}-{}/{}",
            object.start, object.end, object.total
        )) {
            response.headers_mut().insert(header::CONTENT_RANGE, v);
        }
    }
    Ok(response)
}

/// One `bytes=start-end`, `bytes=start-` or `bytes=-suffix` range within `total`.
fn parse_range(value: &str, total: u64) -> Option<(u64, u64)> {
    let spec = value.trim().strip_prefix("bytes=")?;
    if spec.contains(',') || total == 0 {
        return None;
    }
    let (start, end) = spec.split_once('-')?;
    let (start, end) = match (start.trim(), end.trim()) {
        ("", suffix) => {
            let n: u64 = suffix.parse().ok()?;
            if n == 0 {
                return None;
            }
            (total.saturating_sub(n), total - 1)
        }
        (s, "") => (s.parse().ok()?, total - 1),
        (s, e) => (s.parse().ok()?, e.parse::<u64>().ok()?.min(total - 1)),
    };
    (start <= end && start < total).then_some((start, end))
}

fn file_name(title: &str) -> String {
    let cleaned: String = title
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == ' ' || c == '-' {
                c
            } else {
                ' '
            }
        })
        .collect();
    let joined = cleaned.split_whitespace().collect::<Vec<_>>().join("-");
    if joined.is_empty() {
        "lectern-video".into()
    } else {
        joined.chars().take(80).collect()
    }
}

async fn small_file(
    state: &AppState,
    job: &job::Model,
    file: &str,
    content_type: &'static str,
) -> ApiResult<Response> {
    let bytes = state
        .storage
        .get_bytes(&jobs::media::key(&job.id, file))
        .await
        .map_err(storage_error)?
        .ok_or_else(|| ApiError::NotFound(format!("{file} not found")))?;
    Ok(private_file(content_type, bytes))
}

/// A media file's answer: its content type, cached by the browser for an hour.
fn private_file(content_type: &'static str, bytes: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "private, max-age=3600"),
        ],
        bytes,
    )
        .into_response()
}

/// A finished job's subtitles: WebVTT, or SRT with `format=srt`.
#[utoipa::path(
    get,
    path = "/media/subtitles/{id}",
    tag = "media",
    params(JobId, MediaQuery),
    responses(
        (status = 200, description = "The subtitles", content(
            (String = "text/vtt"),
            (String = "application/x-subrip"),
        )),
        NoSuchMedia,
        (status = 422, description = "An unknown format", body = ErrorBody),
    )
)]
async fn subtitles(
    State(state): State<AppState>,
    MediaJob { job, query }: MediaJob,
) -> ApiResult<Response> {
    match query.format.as_deref() {
        None | Some("vtt") => {
            small_file(&state, &job, "subtitles.vtt", "text/vtt; charset=utf-8").await
        }
        Some("srt") => {
            small_file(
                &state,
                &job,
                "subtitles.srt",
                "application/x-subrip; charset=utf-8",
            )
            .await
        }
        Some(_) => Err(ApiError::field(
            &["query", "format"],
            "format must be vtt or srt",
            "enum",
        )),
    }
}

/// A finished job's chapters (one per scene), as a WebVTT track.
#[utoipa::path(
    get,
    path = "/media/chapters/{id}",
    tag = "media",
    params(JobId, MediaQuery),
    responses(
        (status = 200, description = "The chapters", content_type = "text/vtt", body = String),
        NoSuchMedia,
    )
)]
async fn chapters(
    State(state): State<AppState>,
    MediaJob { job, .. }: MediaJob,
) -> ApiResult<Response> {
    small_file(&state, &job, "chapters.vtt", "text/vtt; charset=utf-8").await
}

/// The transcript the player's panel seeks by: one cue per narrated sentence.
#[derive(Serialize, ToSchema)]
struct Transcript {
    #[schema(value_type = String)]
    title: Value,
    /// Seconds.
    #[schema(value_type = f64)]
    duration: Value,
    /// The storyboard's scenes, as the pipeline wrote them.
    #[schema(value_type = Vec<Object>)]
    scenes: Value,
    cues: Vec<Cue>,
    /// The questions the player asks as the video goes, in the order of the video (none for
    /// a video made before checkpoints existed).
    checkpoints: Vec<Checkpoint>,
    /// A video written from the learner's documents: the documents its sentences cite, in
    /// the order first cited, with the pages cited; empty otherwise. Their passages' text is
    /// the owner's to read (`GET /api/sources/{id}`).
    documents: Vec<DocumentNote>,
}

/// A checkpoint question: where the player pauses for it, the scene to rewatch, and its answer.
#[derive(Serialize, Deserialize, ToSchema)]
struct Checkpoint {
    /// The question's place among the video's checkpoints, from 0 (what progress reports
    /// name as `question`).
    index: u32,
    question: String,
    kind: CheckpointKind,
    /// A `choice` question's options; empty for a `number`.
    #[serde(default)]
    #[schema(required)]
    options: Vec<String>,
    /// A `choice` question's right option (an index into `options`).
    #[serde(default)]
    answer: Option<u32>,
    /// A `number` question's answer; a typed number within `tolerance` of it is right.
    #[serde(default)]
    value: Option<f64>,
    #[serde(default)]
    tolerance: Option<f64>,
    /// The unit a `number` answer is given in, if any.
    #[serde(default)]
    unit: Option<String>,
    /// Why the answer is right, shown once answered.
    explanation: String,
    /// Seconds: where playback pauses (just before the end of the scene it is about).
    at: f64,
    /// Seconds: the start of the scene that taught it.
    rewatch_from: f64,
    /// That scene's heading.
    heading: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
enum CheckpointKind {
    Choice,
    Number,
}

#[derive(Serialize, ToSchema)]
pub(super) struct Cue {
    /// Seconds from the start.
    #[schema(value_type = f64)]
    pub start: Value,
    #[schema(value_type = f64)]
    pub end: Value,
    #[schema(value_type = String)]
    pub text: Value,
    /// The scene the sentence belongs to, counted from zero.
    #[schema(value_type = i64)]
    scene: Value,
    /// A video written from the learner's documents: the passages this sentence rests on
    /// (none for a sentence that states no figure and no name); empty otherwise.
    pub cites: Vec<Cite>,
}

/// The passages the sentence `beat` of scene `scene` cites, as the stored transcript's
/// scenes keep them (one list a beat); none when it names none or cannot be read.
pub(super) fn cites_of(scenes: &Value, sentence: &Value) -> Vec<Cite> {
    let (Some(scene), Some(beat)) = (sentence["scene"].as_u64(), sentence["beat"].as_u64()) else {
        return Vec::new();
    };
    let cites = &scenes[scene as usize]["cites"][beat as usize];
    serde_json::from_value(cites.clone()).unwrap_or_default()
}

/// A stored transcript's narrated texts as cues, one a beat (what the pipeline times). A
/// beat whose citations name its sentences (a lesson written from documents since 7
/// December 2026) is a cue a sentence, each with its own citations and timed by its share
/// of the beat's letters.
pub(super) fn cues_of(stored: &Value) -> Vec<Cue> {
    let mut cues = Vec::new();
    for said in stored["sentences"].as_array().into_iter().flatten() {
        let cites = cites_of(&stored["scenes"], said);
        let timed = (
            said["text"].as_str(),
            said["start"].as_f64(),
            said["end"].as_f64(),
        );
        match timed {
            (Some(text), Some(start), Some(end)) if cites.iter().any(|c| c.sentence.is_some()) => {
                cues.extend(sentence_cues(said, text, (start, end), &cites));
            }
            _ => cues.push(Cue {
                start: said["start"].clone(),
                end: said["end"].clone(),
                text: said["text"].clone(),
                scene: said["scene"].clone(),
                cites,
            }),
        }
    }
    cues
}

/// The stored narrated text `said` (whose words are `text`, spoken over `span`) as a cue a
/// sentence, each with the passages of `cites` it rests on.
fn sentence_cues(said: &Value, text: &str, (start, end): (f64, f64), cites: &[Cite]) -> Vec<Cue> {
    let parts = cited_sentences(text, cites);
    let letters = |t: &str| t.chars().count().max(1) as f64;
    let total: f64 = parts.iter().map(|(t, _)| letters(t)).sum();
    let mut from = start;
    let mut cues = Vec::with_capacity(parts.len());
    for (index, (part, rests_on)) in parts.iter().enumerate() {
        let to = if index + 1 == parts.len() {
            end
        } else {
            from + (end - start) * letters(part) / total
        };
        cues.push(Cue {
            start: json!(from),
            end: json!(to),
            text: json!(part),
            scene: said["scene"].clone(),
            cites: rests_on
                .iter()
                .map(|&c| Cite {
                    sentence: None,
                    ..c.clone()
                })
                .collect(),
        });
        from = to;
    }
    cues
}

/// A finished job's transcript.
#[utoipa::path(
    get,
    path = "/media/transcript/{id}",
    tag = "media",
    params(JobId, MediaQuery),
    responses(
        (status = 200, description = "The transcript", body = Transcript),
        NoSuchMedia,
    )
)]
async fn transcript(
    State(state): State<AppState>,
    MediaJob { job, .. }: MediaJob,
) -> ApiResult<Response> {
    let stored = stored_json(&state, &jobs::media::transcript(&job.id), "Transcript").await?;
    // The pipeline's sentences become cues: what the player's transcript panel seeks by.
    let cues = cues_of(&stored);
    // Read leniently: a checkpoint the player could not ask is left out.
    let checkpoints = stored["checkpoints"]
        .as_array()
        .map(|stored| {
            stored
                .iter()
                .filter_map(|c| serde_json::from_value::<Checkpoint>(c.clone()).ok())
                .collect()
        })
        .unwrap_or_default();
    Ok(axum::Json(Transcript {
        title: stored["title"].clone(),
        duration: stored["duration"].clone(),
        scenes: stored["scenes"].clone(),
        cues,
        checkpoints,
        documents: serde_json::from_value(stored["documents"].clone()).unwrap_or_default(),
    })
    .into_response())
}

/// A finished video's printable study sheet: a PDF with its key points, definitions, worked
/// steps and questions, the answers at the end (`lectern_pipeline::study_sheet`).
#[utoipa::path(
    get,
    path = "/media/study-sheet/{id}",
    tag = "media",
    params(JobId, MediaQuery),
    responses(
        (status = 200, description = "The study sheet", content_type = "application/pdf", body = String),
        NoSuchMedia,
    )
)]
async fn study_sheet(
    State(state): State<AppState>,
    MediaJob { job, .. }: MediaJob,
) -> ApiResult<Response> {
    let stored = stored_json(&state, &jobs::media::storyboard(&job.id), "Storyboard").await?;
    let storyboard: lectern_pipeline::Storyboard = serde_json::from_value(stored)
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("a stored storyboard")))?;
    let name = file_name(&storyboard.title);
    let pdf = tokio::task::spawn_blocking(move || lectern_pipeline::study_sheet::pdf(&storyboard))
        .await
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e)))?
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e)))?;
    let disposition = format!("inline; filename=\"{name}-study-sheet.pdf\"");
    let mut response = private_file("application/pdf", pdf);
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

/// A finished job's thumbnail.
#[utoipa::path(
    get,
    path = "/media/thumbnail/{id}",
    tag = "media",
    params(JobId, MediaQuery),
    responses(
        (status = 200, description = "The thumbnail", content_type = "image/jpeg", body = String),
        NoSuchMedia,
    )
)]
async fn thumbnail(
    State(state): State<AppState>,
    MediaJob { job, .. }: MediaJob,
) -> ApiResult<Response> {
    small_file(&state, &job, "thumbnail.jpg", "image/jpeg").await
}

/// SPEC.md's second thumbnail address: a course's cover (or a video's thumbnail) by the
/// item's id or its job's, for its owner, a media token naming either id, or anyone once
/// published.
#[utoipa::path(
    get,
    path = "/media/course-thumbnail/{id}",
    tag = "media",
    params(("id" = String, Path, description = "The course's or video's id, or its job's"), MediaQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The cover or thumbnail", content(
            (String = "image/jpeg"),
            (String = "image/png"),
        )),
        (status = 404, description = "No such item the caller may see (another user's private item answers as an unknown id does)", body = ErrorBody),
    )
)]
async fn course_thumbnail(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(query): Query<MediaQuery>,
) -> ApiResult<Response> {
    let access = library::thumbnail_access(&state.db, &id)
        .await?
        .or_not_found("Thumbnail")?;
    let viewer = Viewer::new(&state, &headers, &query);
    let by_media_token = viewer
        .token_names
        .as_ref()
        .is_some_and(|named| access.token_ids.contains(named));
    if !(access.is_public || by_media_token || viewer.is(&access.owner_id)) {
        return Err(viewer.refusal("Thumbnail"));
    }
    let bytes = state
        .storage
        .get_bytes(&access.key)
        .await
        .map_err(storage_error)?
        .or_not_found("Thumbnail")?;
    let content_type = if access.key.ends_with(".png") {
        "image/png"
    } else {
        "image/jpeg"
    };
    Ok(private_file(content_type, bytes))
}

/// A JSON file a job stored (its transcript, its storyboard); `what` names it in the 404
/// when there is none.
pub(super) async fn stored_json(
    state: &AppState,
    key: &str,
    what: &str,
) -> ApiResult<serde_json::Value> {
    let bytes = state
        .storage
        .get_bytes(key)
        .await
        .map_err(storage_error)?
        .or_not_found(what)?;
    serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context(key.to_string())))
}

fn storage_error(err: lectern_core::storage::StorageError) -> ApiError {
    ApiError::Internal(anyhow::Error::new(err).context("media storage"))
}

#[cfg(test)]
mod tests {
    use super::{cues_of, parse_range};

    #[test]
    fn ranges_are_read_as_http_defines_them() {
        assert_eq!(parse_range("bytes=0-99", 1000), Some((0, 99)));
        assert_eq!(parse_range("bytes=900-", 1000), Some((900, 999)));
        assert_eq!(parse_range("bytes=-100", 1000), Some((900, 999)));
        assert_eq!(parse_range("bytes=0-5000", 1000), Some((0, 999)));
        assert_eq!(parse_range("bytes=1000-", 1000), None);
        assert_eq!(parse_range("bytes=5-1", 1000), None);
        assert_eq!(parse_range("bytes=0-1,5-6", 1000), None);
        assert_eq!(parse_range("items=0-1", 1000), None);
    }

    #[test]
    fn a_beat_whose_citations_name_its_sentences_is_a_cue_a_sentence() {
        let stored = serde_json::json!({
            "scenes": [{"cites": [
                [{"source_id": "s1", "passage": 0, "sentence": 0},
                 {"source_id": "s1", "passage": 3, "page": 2, "sentence": 1}],
                [{"source_id": "s1", "passage": 1}],
            ]}],
            "sentences": [
                {"scene": 0, "beat": 0, "start": 1.0, "end": 5.0,
                 "text": "The lehr holds 512 degrees. Quist built it in 1873."},
                {"scene": 0, "beat": 1, "start": 5.5, "end": 7.0,
                 "text": "It cools slowly. Then it rests."},
            ],
        });
        let cues = cues_of(&stored);
        let texts: Vec<&str> = cues.iter().map(|c| c.text.as_str().unwrap()).collect();
        assert_eq!(
            texts,
            [
                "The lehr holds 512 degrees.",
                "Quist built it in 1873.",
                "It cools slowly. Then it rests."
            ]
        );
        let passages: Vec<Vec<u32>> = cues
            .iter()
            .map(|c| c.cites.iter().map(|c| c.passage).collect())
            .collect();
        assert_eq!(passages, [vec![0], vec![3], vec![1]]);
        assert_eq!(cues[1].cites[0].page, Some(2));
        assert!(
            cues.iter()
                .flat_map(|c| &c.cites)
                .all(|c| c.sentence.is_none())
        );
        // The beat's time shared by letters: 27 and 23 of 50 of its 4 seconds.
        let times: Vec<(f64, f64)> = cues
            .iter()
            .map(|c| (c.start.as_f64().unwrap(), c.end.as_f64().unwrap()))
            .collect();
        assert_eq!(times[0].0, 1.0);
        assert!((times[0].1 - (1.0 + 4.0 * 27.0 / 50.0)).abs() < 1e-9);
        assert_eq!(times[1], (times[0].1, 5.0));
        assert_eq!(times[2], (5.5, 7.0));
    }
}

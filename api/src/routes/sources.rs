//! A learner's own documents (issue 50): `POST /api/sources` (files as
//! `multipart/form-data`, or pasted text as JSON), `GET /api/sources`, `GET /api/sources/{id}`
//! with its passages, and `DELETE /api/sources/{id}`. Each file is read in a child process
//! with time and memory limits (`lectern_sources::isolate`); an upload is stored all or
//! nothing, within the user's quota, and charges no credits.

use axum::{
    Json,
    extract::{DefaultBodyLimit, FromRequest, Multipart, Path, Request, State, multipart::Field},
    http::{StatusCode, header},
};
use chrono::{DateTime, Utc};
use lectern_core::{
    entities::{source, source_passage},
    sources::{self, NewPassage, NewSource, StoreError},
};
use lectern_sources::{Document, Kind, MAX_FILE_BYTES, ReadError};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldError, OrNotFound, responses::NotSignedIn},
    extract::{AuthUser, parse_json},
    state::AppState,
};

/// The largest upload request (all its files together).
pub const MAX_UPLOAD_BYTES: usize = 50 * 1024 * 1024;
/// The most characters of pasted text.
pub const MAX_PASTED_CHARS: usize = 500_000;

/// The `source_ids` of a request to write from the caller's documents: without repeats, in
/// their first order; more than [`sources::MAX_PER_VIDEO`] is a field error.
pub(crate) fn chosen_sources(
    ids: Option<Vec<String>>,
    errors: &mut Vec<FieldError>,
) -> Vec<String> {
    let mut chosen: Vec<String> = Vec::new();
    for id in ids.unwrap_or_default() {
        if !chosen.contains(&id) {
            chosen.push(id);
        }
    }
    if chosen.len() > sources::MAX_PER_VIDEO {
        errors.push(FieldError::new(
            &["body", "source_ids"],
            format!(
                "source_ids may name at most {} sources",
                sources::MAX_PER_VIDEO
            ),
            "too_long",
        ));
    }
    chosen
}

/// The caller's documents named by `source_ids`, in order; an id that is not one of theirs is
/// a 422 on `source_ids` (another user's source looks like one that does not exist).
pub(crate) async fn check_sources(
    state: &AppState,
    caller: &AuthUser,
    source_ids: &[String],
) -> ApiResult<Vec<source::Model>> {
    let mut found = Vec::with_capacity(source_ids.len());
    for id in source_ids {
        match sources::find(&state.db, &caller.id, id).await? {
            Some(document) => found.push(document),
            None => {
                return Err(ApiError::field(
                    &["body", "source_ids"],
                    format!("source_ids names {id}, which is not one of your sources"),
                    "not_found",
                ));
            }
        }
    }
    Ok(found)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_sources, add_sources))
        .routes(routes!(get_source, delete_source))
        // Headroom over the files for the multipart framing: the files' own limit is
        // checked as they arrive.
        .layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES + 64 * 1024))
}

/// A source's id.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct SourceId {
    /// The source's id
    id: String,
}

/// Pasted text, read as a plain-text document.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct PastedSource {
    /// What to call it (1-200 characters).
    title: String,
    /// The text, paragraphs separated by blank lines (at most 500,000 characters).
    text: String,
}

/// One or more files: PDF, Markdown, plain text, HTML, Word (DOCX) or EPUB, each at most 20 MB.
#[derive(ToSchema)]
#[allow(dead_code)]
struct UploadForm {
    /// The files (the form field's name does not matter).
    #[schema(value_type = Vec<String>, format = Binary)]
    files: Vec<Vec<u8>>,
}

/// A document as stored.
#[derive(Debug, Serialize, ToSchema)]
pub struct SourceSummary {
    id: String,
    title: String,
    /// `pdf`, `markdown`, `text`, `html`, `docx` or `epub`.
    kind: String,
    /// The uploaded file's name; null for pasted text.
    #[schema(required)]
    file_name: Option<String>,
    /// A PDF's pages; null for other kinds.
    #[schema(required)]
    pages: Option<u32>,
    /// Characters of text read.
    characters: u64,
    /// How many passages it was cut into.
    passages: u32,
    /// Bytes of text it holds against the quota.
    bytes: u64,
    created_at: DateTime<Utc>,
}

impl From<source::Model> for SourceSummary {
    fn from(s: source::Model) -> Self {
        SourceSummary {
            id: s.id,
            title: s.title,
            kind: s.kind,
            file_name: s.file_name,
            pages: s.pages.map(|p| p.max(0) as u32),
            characters: s.characters.max(0) as u64,
            passages: s.passages.max(0) as u32,
            bytes: s.bytes.max(0) as u64,
            created_at: s.created_at,
        }
    }
}

/// The documents an upload added, in the order given.
#[derive(Debug, Serialize, ToSchema)]
struct AddedSources {
    sources: Vec<SourceSummary>,
}

/// The caller's documents, newest first, and how much of their quota they use.
#[derive(Debug, Serialize, ToSchema)]
struct SourceList {
    sources: Vec<SourceSummary>,
    used_bytes: u64,
    quota_bytes: u64,
}

/// About 100-300 words of a document.
#[derive(Debug, Serialize, ToSchema)]
struct PassageView {
    /// Its place in the document, from 0 (what a citation names).
    index: u32,
    /// The PDF page it starts on.
    #[schema(required)]
    page: Option<u32>,
    /// The heading it stands under.
    #[schema(required)]
    heading: Option<String>,
    text: String,
    words: u32,
}

impl From<source_passage::Model> for PassageView {
    fn from(p: source_passage::Model) -> Self {
        PassageView {
            index: p.ordinal.max(0) as u32,
            page: p.page.map(|n| n.max(0) as u32),
            heading: p.heading,
            text: p.text,
            words: p.words.max(0) as u32,
        }
    }
}

/// One document with its passages.
#[derive(Debug, Serialize, ToSchema)]
struct SourceDetail {
    source: SourceSummary,
    passages: Vec<PassageView>,
}

/// A file as uploaded.
struct Upload {
    file_name: Option<String>,
    content_type: Option<String>,
    bytes: Vec<u8>,
}

fn megabytes(bytes: usize) -> usize {
    bytes / (1024 * 1024)
}

fn named(file: &Option<String>, message: impl std::fmt::Display) -> String {
    match file {
        Some(name) => format!("{name}: {message}"),
        None => message.to_string(),
    }
}

fn too_large_request() -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The upload is larger than the {} MB one request may carry; send fewer files at once",
        megabytes(MAX_UPLOAD_BYTES)
    ))
}

/// A file's bytes, refused as soon as it passes the per-file limit.
async fn read_field(field: &mut Field<'_>, file_name: &Option<String>) -> ApiResult<Vec<u8>> {
    let mut bytes = Vec::new();
    loop {
        match field.chunk().await {
            Ok(Some(chunk)) => {
                if bytes.len() + chunk.len() > MAX_FILE_BYTES {
                    return Err(ApiError::PayloadTooLarge(named(
                        file_name,
                        format!(
                            "the file is larger than the {} MB a source may be",
                            megabytes(MAX_FILE_BYTES)
                        ),
                    )));
                }
                bytes.extend_from_slice(&chunk);
            }
            Ok(None) => return Ok(bytes),
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(too_large_request());
            }
            Err(_) => {
                return Err(ApiError::BadRequest(
                    "The upload could not be read: the form data is cut short or malformed".into(),
                ));
            }
        }
    }
}

async fn uploads(mut form: Multipart) -> ApiResult<Vec<Upload>> {
    let mut files = Vec::new();
    loop {
        let mut field = match form.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(too_large_request());
            }
            Err(_) => {
                return Err(ApiError::BadRequest(
                    "The upload could not be read: the form data is cut short or malformed".into(),
                ));
            }
        };
        // Only file parts are documents; other form fields are ignored.
        let Some(file_name) = field.file_name().map(clean_file_name) else {
            continue;
        };
        if files.len() == sources::MAX_PER_REQUEST {
            return Err(ApiError::field(
                &["body", "files"],
                format!(
                    "At most {} files can be added at once",
                    sources::MAX_PER_REQUEST
                ),
                "too_long",
            ));
        }
        let content_type = field.content_type().map(str::to_string);
        let file_name = Some(file_name).filter(|n| !n.is_empty());
        let bytes = read_field(&mut field, &file_name).await?;
        files.push(Upload {
            file_name,
            content_type,
            bytes,
        });
    }
    if files.is_empty() {
        return Err(ApiError::field(
            &["body", "files"],
            "Choose at least one file to add",
            "missing",
        ));
    }
    Ok(files)
}

/// A file name without any folder a browser may send, and at most 200 characters.
fn clean_file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    base.chars()
        .filter(|c| !c.is_control())
        .take(sources::MAX_TITLE_CHARS)
        .collect::<String>()
        .trim()
        .to_string()
}

fn read_error(file: &Option<String>, kind: Kind, err: ReadError) -> ApiError {
    match &err {
        ReadError::Internal(why) => {
            ApiError::Internal(anyhow::anyhow!("reading {} source: {why}", kind.as_str()))
        }
        ReadError::TooLong | ReadError::Unpacked => ApiError::PayloadTooLarge(named(file, &err)),
        other => ApiError::Unprocessable(named(file, other)),
    }
}

fn title_for(document: &Document, file_name: &Option<String>) -> String {
    let stem = file_name
        .as_deref()
        .map(|n| n.rsplit_once('.').map_or(n, |(stem, _)| stem).to_string());
    // A PDF's own title is often a tool's leftover ("Microsoft Word - draft.docx").
    let own = document
        .title
        .clone()
        .filter(|_| document.kind != Kind::Pdf);
    own.or(stem)
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "Untitled document".into())
}

fn new_source(document: Document, title: String, file_name: Option<String>) -> NewSource {
    NewSource {
        title,
        kind: document.kind.as_str().into(),
        file_name,
        pages: document.pages,
        characters: document.characters,
        passages: document
            .passages
            .into_iter()
            .map(|p| NewPassage {
                page: p.page,
                heading: p.heading,
                text: p.text,
                words: p.words,
            })
            .collect(),
    }
}

fn pasted(body: PastedSource) -> ApiResult<(String, String)> {
    let mut errors = Vec::new();
    let title = body.title.trim().to_string();
    if title.is_empty() || title.chars().count() > sources::MAX_TITLE_CHARS {
        errors.push(FieldError::new(
            &["body", "title"],
            format!(
                "Give the text a title of 1-{} characters",
                sources::MAX_TITLE_CHARS
            ),
            "string_length",
        ));
    }
    if body.text.trim().is_empty() {
        errors.push(FieldError::new(
            &["body", "text"],
            "Paste some text",
            "missing",
        ));
    } else if body.text.chars().count() > MAX_PASTED_CHARS {
        errors.push(FieldError::new(
            &["body", "text"],
            format!("Pasted text can be at most {MAX_PASTED_CHARS} characters; upload a longer document as a file"),
            "string_too_long",
        ));
    }
    if errors.is_empty() {
        Ok((title, body.text))
    } else {
        Err(ApiError::Validation(errors))
    }
}

/// Adds documents: files as `multipart/form-data` (PDF, Markdown, plain text, HTML, DOCX, EPUB; at most
/// 10, each at most 20 MB), or pasted text as JSON. Each is read into passages; if any
/// cannot be read, or together they pass the caller's quota, nothing is stored. Charges no
/// credits.
#[utoipa::path(
    post,
    path = "/sources",
    tag = "sources",
    request_body(content(
        (UploadForm = "multipart/form-data"),
        (PastedSource = "application/json"),
    )),
    responses(
        (status = 201, description = "The documents added, in the order given", body = AddedSources),
        (status = 400, description = "The form data is cut short or malformed", body = ErrorBody),
        NotSignedIn,
        (status = 403, description = "The caller's storage quota for sources is reached; nothing was stored", body = ErrorBody),
        (status = 413, description = "A file, the request or a document's text is over its limit (the answer names it)", body = ErrorBody),
        (status = 415, description = "A file is of a type Lectern does not read, or the body is neither form data nor JSON", body = ErrorBody),
        (status = 422, description = "A document could not be read (a scan without text, an encrypted or damaged file, no text at all), or a field is missing", body = ErrorBody),
    )
)]
async fn add_sources(
    State(state): State<AppState>,
    caller: AuthUser,
    request: Request,
) -> ApiResult<(StatusCode, Json<AddedSources>)> {
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    let mut new = Vec::new();
    if content_type.starts_with("application/json") {
        let bytes = axum::body::to_bytes(request.into_body(), crate::extract::MAX_BODY_BYTES)
            .await
            .map_err(|_| {
                ApiError::PayloadTooLarge(format!(
                    "The request body is larger than the {} MB pasted text may carry; upload the document as a file",
                    megabytes(crate::extract::MAX_BODY_BYTES)
                ))
            })?;
        let (title, text) = pasted(parse_json::<PastedSource>(&bytes)?)?;
        let document =
            tokio::task::spawn_blocking(move || lectern_sources::read(Kind::Text, text.as_bytes()))
                .await
                .map_err(|e| ApiError::Internal(anyhow::anyhow!("reading pasted text: {e}")))?
                .map_err(|e| read_error(&None, Kind::Text, e))?;
        new.push(new_source(document, title, None));
    } else if content_type.starts_with("multipart/form-data") {
        let form = Multipart::from_request(request, &state)
            .await
            .map_err(|_| ApiError::BadRequest("The form data has no boundary".into()))?;
        let files = uploads(form).await?;
        // Every file's type first: an unknown one is refused before any is read.
        let mut typed = Vec::with_capacity(files.len());
        for file in files {
            let kind = Kind::detect(file.file_name.as_deref(), file.content_type.as_deref(), &file.bytes)
                .ok_or_else(|| {
                    ApiError::UnsupportedMediaType(named(
                        &file.file_name,
                        "Lectern reads PDF, Markdown (.md), plain text (.txt), web pages (.html), Word documents (.docx) and EPUB books (.epub); this file is none of them",
                    ))
                })?;
            typed.push((kind, file));
        }
        for (kind, file) in typed {
            let document = state
                .sources
                .read(kind, file.bytes)
                .await
                .map_err(|e| read_error(&file.file_name, kind, e))?;
            let title = title_for(&document, &file.file_name);
            new.push(new_source(document, title, file.file_name));
        }
    } else {
        return Err(ApiError::UnsupportedMediaType(
            "Send files as multipart/form-data, or pasted text as application/json".into(),
        ));
    }
    let stored = sources::store(&state.db, &caller.id, new, state.config.source_quota_bytes)
        .await
        .map_err(|e| match e {
            StoreError::QuotaReached {
                used,
                adding,
                quota,
            } => ApiError::Forbidden(format!(
                "Your sources would pass your storage quota: they hold {} of the {} allowed, and this adds {}. Remove a source to make room.",
                size(used),
                size(quota),
                size(adding)
            )),
            StoreError::Db(db) => db.into(),
        })?;
    Ok((
        StatusCode::CREATED,
        Json(AddedSources {
            sources: stored.into_iter().map(SourceSummary::from).collect(),
        }),
    ))
}

/// Bytes as a reader says them: "1.2 MB", "800 KB".
fn size(bytes: u64) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    } else {
        format!("{} KB", bytes.div_ceil(1024))
    }
}

/// The caller's documents, newest first, with how much of their quota they use.
#[utoipa::path(
    get,
    path = "/sources",
    tag = "sources",
    responses(
        (status = 200, description = "The caller's documents", body = SourceList),
        NotSignedIn,
    )
)]
async fn list_sources(
    State(state): State<AppState>,
    caller: AuthUser,
) -> ApiResult<Json<SourceList>> {
    let listed = sources::list(&state.db, &caller.id).await?;
    let used_bytes = sources::usage(&state.db, &caller.id).await?;
    Ok(Json(SourceList {
        sources: listed.into_iter().map(SourceSummary::from).collect(),
        used_bytes,
        quota_bytes: state.config.source_quota_bytes,
    }))
}

/// One of the caller's documents with its passages in order, each with its page or heading.
#[utoipa::path(
    get,
    path = "/sources/{id}",
    tag = "sources",
    params(SourceId),
    responses(
        (status = 200, description = "The document and its passages", body = SourceDetail),
        NotSignedIn,
        (status = 404, description = "No such source of the caller's", body = ErrorBody),
    )
)]
async fn get_source(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(SourceId { id }): Path<SourceId>,
) -> ApiResult<Json<SourceDetail>> {
    let found = sources::find(&state.db, &caller.id, &id)
        .await?
        .or_not_found("Source")?;
    let passages = sources::passages(&state.db, &found).await?;
    Ok(Json(SourceDetail {
        source: found.into(),
        passages: passages.into_iter().map(PassageView::from).collect(),
    }))
}

/// Removes one of the caller's documents and its passages.
#[utoipa::path(
    delete,
    path = "/sources/{id}",
    tag = "sources",
    params(SourceId),
    responses(
        (status = 204, description = "Removed"),
        NotSignedIn,
        (status = 404, description = "No such source of the caller's", body = ErrorBody),
    )
)]
async fn delete_source(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(SourceId { id }): Path<SourceId>,
) -> ApiResult<StatusCode> {
    if sources::delete(&state.db, &caller.id, &id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found("Source"))
    }
}

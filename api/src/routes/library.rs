//! The user's library: saving the history record of a finished job, searching it, and
//! publishing, renaming and deleting its courses and videos.

use std::collections::HashMap;

use axum::{
    Json,
    extract::{Path, RawQuery, State},
    http::StatusCode,
};
use chrono::{DateTime, Utc};
use lectern_core::{
    entities::video,
    jobs,
    library::{self, Changes, Course, ItemType, Page, SearchTerms, progress, video_types},
};
use serde::{Deserialize, Serialize};
use utoipa::{
    IntoParams, ToSchema,
    openapi::{ObjectBuilder, RefOr, Schema, schema::Type},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{
        ApiError, ApiResult, FieldError, OrNotFound,
        responses::{
            BadItemChanges, BadListQuery, NoSuchCourse, NoSuchVideo, NotSignedIn, NotTheCaller,
        },
    },
    extract::{AuthUser, ValidJson},
    limits::{self, LIMITS},
    routes::ids::{CallersId, CourseId, VideoOrJobId},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(get_video, update_video, delete_video))
        .routes(routes!(get_storyboard))
        .routes(routes!(update_course, delete_course))
}

/// The query string of a listing: `q` and `type` where the listing takes them, `limit`
/// (1-100, default 50) and `offset` (0-1,000,000). Every bad value is named in one 422.
pub(super) struct ListQuery {
    pub q: Option<String>,
    pub item_type: Option<ItemType>,
    pub page: Page,
}

/// A listing's page as the query string gives it, checked by `parse_list_query`.
#[derive(Debug, Default, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct PageParams {
    /// How many items (of each list); default 50.
    #[param(schema_with = limit_schema)]
    limit: Option<String>,
    /// How many to skip; default 0.
    #[param(schema_with = offset_schema)]
    offset: Option<String>,
}

fn limit_schema() -> RefOr<Schema> {
    let size = LIMITS.library.page_size;
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(size.min))
        .maximum(Some(size.max))
        .default(Some(size.default.into()))
        .into()
}

fn offset_schema() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(0))
        .maximum(Some(library::MAX_OFFSET))
        .default(Some(0.into()))
        .into()
}

pub(super) fn parse_list_query(
    raw: Option<String>,
    allowed_types: &[ItemType],
    takes_q: bool,
) -> ApiResult<ListQuery> {
    let mut q = None;
    let mut kind = None;
    let mut page = PageParams::default();
    for (key, value) in url::form_urlencoded::parse(raw.unwrap_or_default().as_bytes()) {
        match key.as_ref() {
            "q" if takes_q => q = Some(value.into_owned()),
            "type" if !allowed_types.is_empty() => kind = Some(value.into_owned()),
            "limit" => page.limit = Some(value.into_owned()),
            "offset" => page.offset = Some(value.into_owned()),
            _ => {}
        }
    }
    let PageParams { limit, offset } = page;
    let mut errors = Vec::new();
    let q = q.map(|q| q.trim().to_string()).filter(|q| !q.is_empty());
    if q.as_ref()
        .is_some_and(|q| q.chars().count() > library::MAX_QUERY_CHARS)
    {
        errors.push(FieldError::new(
            &["query", "q"],
            format!(
                "A search can be at most {} characters long",
                library::MAX_QUERY_CHARS
            ),
            "string_too_long",
        ));
    }
    let item_type = match kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        None => None,
        Some(k) => match ItemType::parse(k).filter(|t| allowed_types.contains(t)) {
            Some(t) => Some(t),
            None => {
                let names: Vec<&str> = allowed_types
                    .iter()
                    .map(|t| match t {
                        ItemType::Course => "course",
                        ItemType::Lesson => "lesson",
                        ItemType::Solution => "solution",
                    })
                    .collect();
                errors.push(FieldError::new(
                    &["query", "type"],
                    format!("type must be one of: {}", names.join(", ")),
                    "enum",
                ));
                None
            }
        },
    };
    let limit = match limit.as_deref().map(str::trim) {
        None | Some("") => library::DEFAULT_LIMIT,
        Some(v) => match v.parse::<u64>() {
            Ok(n) if (1..=library::MAX_LIMIT).contains(&n) => n,
            _ => {
                errors.push(FieldError::new(
                    &["query", "limit"],
                    format!(
                        "limit must be a whole number from 1 to {}",
                        library::MAX_LIMIT
                    ),
                    "range",
                ));
                library::DEFAULT_LIMIT
            }
        },
    };
    let offset = match offset.as_deref().map(str::trim) {
        None | Some("") => 0,
        Some(v) => match v.parse::<u64>() {
            Ok(n) if n <= library::MAX_OFFSET => n,
            _ => {
                errors.push(FieldError::new(
                    &["query", "offset"],
                    format!(
                        "offset must be a whole number from 0 to {}",
                        library::MAX_OFFSET
                    ),
                    "range",
                ));
                0
            }
        },
    };
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    Ok(ListQuery {
        q,
        item_type,
        page: Page { limit, offset },
    })
}

/// SPEC.md's media item for a video. A public item's media URLs carry no token (anyone may
/// open them, and the URL stays the same, so browsers cache it); a private item's carry a
/// media token bound to its job.
#[derive(Serialize, ToSchema)]
pub(super) struct VideoItem {
    id: String,
    #[schema(required)]
    job_id: Option<String>,
    title: String,
    topic: String,
    description: String,
    #[schema(schema_with = video_type_schema)]
    video_type: String,
    #[schema(value_type = jobs::JobStatus)]
    status: String,
    /// The length as shown, e.g. `5 min`.
    duration: String,
    duration_minutes: i32,
    level: i32,
    difficulty: String,
    subject: String,
    #[schema(required)]
    problem_type: Option<String>,
    #[schema(required)]
    course_id: Option<String>,
    #[schema(required)]
    lesson_index: Option<i32>,
    is_public: bool,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    #[schema(required)]
    thumbnail_url: Option<String>,
    has_thumbnail: bool,
    #[schema(required)]
    thumbnail_storage_path: Option<String>,
    /// The outputs, once finished.
    #[schema(required)]
    video_url: Option<String>,
    #[schema(required)]
    subtitle_url: Option<String>,
    #[schema(required)]
    chapters_url: Option<String>,
    #[schema(required)]
    transcript_url: Option<String>,
    /// Written by the offline writer: a labelled study skeleton, not a model's lesson.
    offline_draft: bool,
}

/// What a video is: an explainer (`educational`), a solution or a course's lesson.
fn video_type_schema() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some([
            video_types::EDUCATIONAL,
            video_types::PROBLEM_SOLVING,
            video_types::COURSE_LESSON,
        ]))
        .into()
}

/// Where the media routes serve a finished job's files; `token` is a media token bound to the
/// job, for an item only its owner may open.
#[derive(Serialize, ToSchema)]
pub(super) struct MediaUrls {
    #[schema(required)]
    thumbnail_url: Option<String>,
    video_url: String,
    subtitle_url: String,
    chapters_url: String,
    transcript_url: String,
}

pub(super) fn media_urls(job_id: &str, has_thumbnail: bool, token: Option<&str>) -> MediaUrls {
    let link = |path: &str| match token {
        Some(t) => format!("{path}/{job_id}?t={t}"),
        None => format!("{path}/{job_id}"),
    };
    MediaUrls {
        thumbnail_url: has_thumbnail.then(|| link("/api/media/thumbnail")),
        video_url: link("/api/video"),
        subtitle_url: link("/api/media/subtitles"),
        chapters_url: link("/api/media/chapters"),
        transcript_url: link("/api/media/transcript"),
    }
}

pub(super) fn video_item(state: &AppState, v: video::Model) -> VideoItem {
    let media = v
        .job_id
        .as_deref()
        .filter(|_| v.status == jobs::status::COMPLETED)
        .map(|job_id| {
            let token = (!v.is_public).then(|| state.tokens.issue_media(job_id));
            media_urls(job_id, v.has_thumbnail, token.as_deref())
        });
    let (thumbnail_url, video_url, subtitle_url, chapters_url, transcript_url) = match media {
        Some(m) => (
            m.thumbnail_url,
            Some(m.video_url),
            Some(m.subtitle_url),
            Some(m.chapters_url),
            Some(m.transcript_url),
        ),
        None => (None, None, None, None, None),
    };
    let offline_draft = serde_json::from_str::<serde_json::Value>(&v.generated_content)
        .is_ok_and(|content| content["offline_draft"] == true);
    VideoItem {
        offline_draft,
        thumbnail_url,
        video_url,
        subtitle_url,
        chapters_url,
        transcript_url,
        id: v.id,
        job_id: v.job_id,
        title: v.title,
        topic: v.topic,
        description: v.description,
        video_type: v.video_type,
        status: v.status,
        duration: v.duration,
        duration_minutes: v.duration_minutes,
        level: v.level,
        difficulty: v.difficulty,
        subject: v.subject,
        problem_type: v.problem_type,
        course_id: v.course_id,
        lesson_index: v.lesson_index,
        is_public: v.is_public,
        created_at: v.created_at,
        updated_at: v.updated_at,
        has_thumbnail: v.has_thumbnail,
        thumbnail_storage_path: v.thumbnail_storage_path,
    }
}

/// SPEC.md's media item for a course.
#[derive(Serialize, ToSchema)]
pub(super) struct CourseItem {
    id: String,
    #[schema(required)]
    job_id: Option<String>,
    title: String,
    description: String,
    goal: String,
    detail_level: i32,
    /// The job that writes it: queued, processing, completed, failed or cancelled.
    status: String,
    lesson_count: i64,
    is_public: bool,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    #[schema(required)]
    thumbnail_url: Option<String>,
    has_thumbnail: bool,
    #[schema(required)]
    thumbnail_storage_path: Option<String>,
}

pub(super) fn course_item(state: &AppState, c: Course) -> CourseItem {
    let course = c.course;
    let thumbnail_url = course.has_thumbnail.then(|| {
        let path = format!("/api/media/course-thumbnail/{}", course.id);
        if course.is_public {
            path
        } else {
            format!("{path}?t={}", state.tokens.issue_media(&course.id))
        }
    });
    CourseItem {
        thumbnail_url,
        id: course.id,
        job_id: course.job_id,
        title: course.title,
        description: course.description,
        goal: course.goal,
        detail_level: course.detail_level,
        status: course.status,
        lesson_count: c.lesson_count,
        is_public: course.is_public,
        created_at: course.created_at,
        updated_at: course.updated_at,
        has_thumbnail: course.has_thumbnail,
        thumbnail_storage_path: course.thumbnail_storage_path,
    }
}

/// "3 of 6 lessons, 80% of checkpoints": a lesson counts as completed when its video was
/// watched to 90% of its length.
#[derive(Serialize, ToSchema)]
pub(super) struct CourseProgress {
    lessons: u64,
    lessons_completed: u32,
    checkpoints_correct: u32,
    checkpoints_answered: u32,
}

impl CourseProgress {
    pub(super) fn new(lessons: u64, sum: progress::CourseProgress) -> Self {
        CourseProgress {
            lessons,
            lessons_completed: sum.lessons_completed,
            checkpoints_correct: sum.checkpoints_correct,
            checkpoints_answered: sum.checkpoints_answered,
        }
    }
}

/// How far the caller watched one of the listed videos.
#[derive(Serialize, ToSchema)]
struct WatchedVideo {
    furthest_seconds: f64,
    duration_seconds: f64,
    completed: bool,
}

/// The caller's progress in the listed items, by id: every listed course, and each listed
/// video they have started.
#[derive(Serialize, ToSchema)]
struct ListedProgress {
    courses: HashMap<String, CourseProgress>,
    videos: HashMap<String, WatchedVideo>,
}

#[derive(Serialize, ToSchema)]
struct SearchResults {
    courses: Vec<CourseItem>,
    videos: Vec<VideoItem>,
    progress: ListedProgress,
    has_more_courses: bool,
    has_more_videos: bool,
}

/// SPEC.md's `{courses, videos}` for the caller: newest first, or ranked by `q` (a title
/// that holds every word first). `type` keeps one kind; `limit` and `offset` apply to each
/// list.
#[utoipa::path(
    get,
    path = "/auth/user/{user_id}/search",
    tag = "library",
    params(
        CallersId,
        ("q" = Option<String>, Query, description = "Words to rank by (at most 200 characters)"),
        ("type" = inline(Option<ItemType>), Query, description = "Keep one kind"),
        PageParams,
    ),
    responses(
        (status = 200, description = "The caller's courses and videos", body = SearchResults),
        NotSignedIn,
        NotTheCaller,
        BadListQuery,
    )
)]
async fn search(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(CallersId { user_id }): Path<CallersId>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<SearchResults>> {
    caller.require_self(&user_id)?;
    let query = parse_list_query(
        raw,
        &[ItemType::Course, ItemType::Lesson, ItemType::Solution],
        true,
    )?;
    let terms = query.q.as_deref().map(SearchTerms::parse);
    let (courses, videos) = match query.item_type {
        Some(ItemType::Course) => (
            library::user_courses(&state.db, &caller.id, terms.as_ref(), query.page).await?,
            library::Listing::default(),
        ),
        Some(kind) => (
            library::Listing::default(),
            library::user_videos(
                &state.db,
                &caller.id,
                terms.as_ref(),
                kind.video_type(),
                query.page,
            )
            .await?,
        ),
        None => (
            library::user_courses(&state.db, &caller.id, terms.as_ref(), query.page).await?,
            library::user_videos(&state.db, &caller.id, terms.as_ref(), None, query.page).await?,
        ),
    };
    let progress = listed_progress(&state, &caller.id, &courses.items, &videos.items).await?;
    Ok(Json(SearchResults {
        progress,
        has_more_courses: courses.has_more,
        has_more_videos: videos.has_more,
        courses: courses
            .items
            .into_iter()
            .map(|c| course_item(&state, c))
            .collect(),
        videos: videos
            .items
            .into_iter()
            .map(|v| video_item(&state, v))
            .collect(),
    }))
}

async fn listed_progress(
    state: &AppState,
    user_id: &str,
    courses: &[Course],
    videos: &[video::Model],
) -> ApiResult<ListedProgress> {
    let course_ids: Vec<String> = courses.iter().map(|c| c.course.id.clone()).collect();
    let by_course = progress::of_courses(&state.db, user_id, &course_ids).await?;
    let watched =
        progress::of_videos(&state.db, user_id, &videos.iter().collect::<Vec<_>>()).await?;
    Ok(ListedProgress {
        courses: courses
            .iter()
            .map(|c| {
                let sum = by_course.get(&c.course.id).copied().unwrap_or_default();
                (
                    c.course.id.clone(),
                    CourseProgress::new(c.lesson_count.max(0) as u64, sum),
                )
            })
            .collect(),
        videos: watched
            .into_iter()
            .filter(|(_, p)| p.recorded_at.is_some())
            .map(|(id, p)| {
                let video = WatchedVideo {
                    furthest_seconds: p.furthest_seconds,
                    duration_seconds: p.duration_seconds,
                    completed: p.completed,
                };
                (id, video)
            })
            .collect(),
    })
}

/// What `PATCH` may change: `is_public` (publish or unpublish) and `title` (rename); at
/// least one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ItemChanges {
    is_public: Option<bool>,
    #[schema(schema_with = limits::title_schema)]
    title: Option<String>,
}

const MAX_TITLE_CHARS: usize = limits::TITLE_MAX_CHARS;

impl ItemChanges {
    fn validate(self) -> ApiResult<Changes> {
        let title = match self.title {
            None => None,
            Some(title) => {
                let title = title.trim().to_string();
                if title.is_empty() {
                    return Err(ApiError::field(
                        &["body", "title"],
                        "title must not be empty",
                        "string_too_short",
                    ));
                }
                if title.chars().count() > MAX_TITLE_CHARS {
                    return Err(ApiError::field(
                        &["body", "title"],
                        format!("title must be at most {MAX_TITLE_CHARS} characters"),
                        "string_too_long",
                    ));
                }
                if title.chars().any(char::is_control) {
                    return Err(ApiError::field(
                        &["body", "title"],
                        "title must be a single line of text",
                        "value_error",
                    ));
                }
                Some(title)
            }
        };
        if self.is_public.is_none() && title.is_none() {
            return Err(ApiError::field(
                &["body"],
                "give is_public, title or both",
                "missing",
            ));
        }
        Ok(Changes {
            is_public: self.is_public,
            title,
        })
    }
}

/// One of the caller's videos, by its id or its job's id: the stored title and description
/// every screen shows.
#[utoipa::path(
    get,
    path = "/library/videos/{id}",
    tag = "library",
    params(VideoOrJobId),
    responses(
        (status = 200, description = "The video", body = VideoItem),
        NotSignedIn,
        NoSuchVideo,
    )
)]
async fn get_video(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(VideoOrJobId { id }): Path<VideoOrJobId>,
) -> ApiResult<Json<VideoItem>> {
    let video = library::find_video_or_job(&state.db, &caller.id, &id)
        .await?
        .or_not_found("Video")?;
    Ok(Json(video_item(&state, video)))
}

/// The storyboard one of the caller's videos was rendered from (the pipeline's storyboard
/// format: title, level, words per minute, and each scene's visual and narration), for the
/// storyboard editor.
#[utoipa::path(
    get,
    path = "/video/{id}/storyboard",
    tag = "library",
    params(VideoOrJobId),
    responses(
        (status = 200, description = "The storyboard", body = lectern_pipeline::Storyboard),
        NotSignedIn,
        NoSuchVideo,
    )
)]
async fn get_storyboard(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(VideoOrJobId { id }): Path<VideoOrJobId>,
) -> ApiResult<Json<serde_json::Value>> {
    let video = library::find_video_or_job(&state.db, &caller.id, &id)
        .await?
        .or_not_found("Video")?;
    let key = video
        .job_id
        .as_deref()
        .map(jobs::media::storyboard)
        .or_not_found("Storyboard")?;
    Ok(Json(
        super::media::stored_json(&state, &key, "Storyboard").await?,
    ))
}

/// Publishes, unpublishes or renames one of the caller's videos.
#[utoipa::path(
    patch,
    path = "/library/videos/{id}",
    tag = "library",
    params(VideoOrJobId),
    request_body = ItemChanges,
    responses(
        (status = 200, description = "The video as it is now", body = VideoItem),
        NotSignedIn,
        NoSuchVideo,
        BadItemChanges,
    )
)]
async fn update_video(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(VideoOrJobId { id }): Path<VideoOrJobId>,
    ValidJson(changes): ValidJson<ItemChanges>,
) -> ApiResult<Json<VideoItem>> {
    let updated = library::update_video(&state.db, &caller.id, &id, changes.validate()?)
        .await?
        .or_not_found("Video")?;
    Ok(Json(video_item(&state, updated)))
}

/// Publishes, unpublishes or renames one of the caller's courses.
#[utoipa::path(
    patch,
    path = "/library/courses/{id}",
    tag = "library",
    params(CourseId),
    request_body = ItemChanges,
    responses(
        (status = 200, description = "The course as it is now", body = CourseItem),
        NotSignedIn,
        NoSuchCourse,
        BadItemChanges,
    )
)]
async fn update_course(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(CourseId { id }): Path<CourseId>,
    ValidJson(changes): ValidJson<ItemChanges>,
) -> ApiResult<Json<CourseItem>> {
    let updated = library::update_course(&state.db, &caller.id, &id, changes.validate()?)
        .await?
        .or_not_found("Course")?;
    Ok(Json(course_item(&state, updated)))
}

/// A delete's answer: 204 once done, 404 when the caller has no such `what`.
fn deleted(outcome: Result<bool, library::DeleteError>, what: &str) -> ApiResult<StatusCode> {
    match outcome {
        Ok(true) => Ok(StatusCode::NO_CONTENT),
        Ok(false) => Err(ApiError::not_found(what)),
        Err(library::DeleteError::Db(db)) => Err(db.into()),
        Err(library::DeleteError::Storage(storage)) => Err(ApiError::Internal(
            anyhow::Error::new(storage).context("deleting media"),
        )),
    }
}

/// Deletes one of the caller's videos and its media.
#[utoipa::path(
    delete,
    path = "/library/videos/{id}",
    tag = "library",
    params(VideoOrJobId),
    responses(
        (status = 204, description = "Deleted"),
        NotSignedIn,
        NoSuchVideo,
    )
)]
async fn delete_video(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(VideoOrJobId { id }): Path<VideoOrJobId>,
) -> ApiResult<StatusCode> {
    let outcome = library::delete_video(&state.db, &state.storage, &caller.id, &id).await;
    deleted(outcome, "Video")
}

/// Deletes one of the caller's courses, its lessons and their videos.
#[utoipa::path(
    delete,
    path = "/library/courses/{id}",
    tag = "library",
    params(CourseId),
    responses(
        (status = 204, description = "Deleted"),
        NotSignedIn,
        NoSuchCourse,
    )
)]
async fn delete_course(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(CourseId { id }): Path<CourseId>,
) -> ApiResult<StatusCode> {
    let outcome = library::delete_course(&state.db, &state.storage, &caller.id, &id).await;
    deleted(outcome, "Course")
}

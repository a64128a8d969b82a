//! The public explore catalogue: published courses and videos, newest first, and a published
//! course with its lessons, for anyone, signed in or not.

use axum::{
    Json,
    extract::{Path, RawQuery, State},
};
use lectern_core::{
    courses::{self, CourseView, LessonView},
    library::{self, ItemType},
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{ApiResult, ErrorBody, OrNotFound, responses::BadListQuery},
    routes::{
        ids::CourseId,
        library::{
            CourseItem, MediaUrls, PageParams, VideoItem, course_item, media_urls,
            parse_list_query, video_item,
        },
    },
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(courses))
        .routes(routes!(videos))
        .routes(routes!(course))
        .routes(routes!(video))
}

#[derive(Serialize, ToSchema)]
struct Courses {
    courses: Vec<CourseItem>,
    has_more: bool,
}

#[derive(Serialize, ToSchema)]
struct Videos {
    videos: Vec<VideoItem>,
    has_more: bool,
}

/// Published courses, newest first.
#[utoipa::path(
    get,
    path = "/public/explore/courses",
    tag = "explore",
    operation_id = "explore_courses",
    params(PageParams),
    responses(
        (status = 200, description = "A page of published courses", body = Courses),
        BadListQuery,
    )
)]
async fn courses(
    State(state): State<AppState>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Courses>> {
    let query = parse_list_query(raw, &[], false)?;
    let listing = library::public_courses(&state.db, query.page).await?;
    Ok(Json(Courses {
        has_more: listing.has_more,
        courses: listing
            .items
            .into_iter()
            .map(|c| course_item(&state, c))
            .collect(),
    }))
}

/// Lessons and solutions together (SPEC.md's explore preload splits them by `video_type`);
/// `type=lesson` or `type=solution` keeps one kind.
#[utoipa::path(
    get,
    path = "/public/explore/videos",
    tag = "explore",
    operation_id = "explore_videos",
    params(
        ("type" = inline(Option<ItemType>), Query, description = "`lesson` or `solution` keeps one kind"),
        PageParams,
    ),
    responses(
        (status = 200, description = "A page of published videos", body = Videos),
        BadListQuery,
    )
)]
async fn videos(State(state): State<AppState>, RawQuery(raw): RawQuery) -> ApiResult<Json<Videos>> {
    let query = parse_list_query(raw, &[ItemType::Lesson, ItemType::Solution], false)?;
    let listing = library::public_videos(
        &state.db,
        query.item_type.and_then(ItemType::video_type),
        query.page,
    )
    .await?;
    Ok(Json(Videos {
        has_more: listing.has_more,
        videos: listing
            .items
            .into_iter()
            .map(|v| video_item(&state, v))
            .collect(),
    }))
}

/// A published course as a visitor sees it: the explore item, the outline, and each lesson
/// with its video once finished. Nothing about the owner, and nothing about lesson videos
/// that are on the way or failed.
#[derive(Serialize, ToSchema)]
struct PublicCourse {
    #[serde(flatten)]
    item: CourseItem,
    audience: String,
    prerequisites: Vec<String>,
    offline_draft: bool,
    lessons: Vec<PublicLesson>,
}

#[derive(Serialize, ToSchema)]
struct PublicLesson {
    /// Counted from zero, as everywhere else.
    lesson_index: i32,
    title: String,
    summary: String,
    objectives: Vec<String>,
    key_terms: Vec<String>,
    /// The finished video's job, the id its media URLs name.
    #[schema(required)]
    job_id: Option<String>,
    #[schema(required)]
    video: Option<PublicLessonVideo>,
}

#[derive(Serialize, ToSchema)]
struct PublicLessonVideo {
    title: String,
    duration: String,
    duration_minutes: i32,
    #[serde(flatten)]
    media: MediaUrls,
}

fn public_lesson(view: LessonView) -> PublicLesson {
    let LessonView { lesson, video, .. } = view;
    // A lesson video of a public course opens without a token (`library::job_is_public`).
    let video = video.and_then(|v| {
        let job_id = v.job_id?;
        let media = media_urls(&job_id, v.has_thumbnail, None);
        Some((
            job_id,
            PublicLessonVideo {
                title: v.title,
                duration: v.duration,
                duration_minutes: v.duration_minutes,
                media,
            },
        ))
    });
    let (job_id, video) = video.unzip();
    PublicLesson {
        lesson_index: lesson.lesson_index,
        objectives: lesson.objectives(),
        key_terms: lesson.key_terms(),
        title: lesson.title,
        summary: lesson.summary,
        job_id,
        video,
    }
}

/// A published video as its embedded player needs it.
#[derive(Serialize, ToSchema)]
struct PublicVideo {
    id: String,
    /// The finished video's job, the id its media URLs name.
    job_id: String,
    title: String,
    /// As shown on cards ("5:03").
    duration: String,
    #[serde(flatten)]
    media: MediaUrls,
}

/// `GET /api/public/videos/{id}`: a published video (or a lesson of a published course) by
/// its id or its job's; a private or unknown one answers the same 404.
#[utoipa::path(
    get,
    path = "/public/videos/{id}",
    tag = "explore",
    operation_id = "public_video",
    params(("id" = String, Path, description = "The video's id or its job's")),
    responses(
        (status = 200, description = "The video and its media", body = PublicVideo),
        (status = 404, description = "No such published video", body = ErrorBody),
    )
)]
async fn video(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<PublicVideo>> {
    let video = library::public_video(&state.db, &id)
        .await?
        .or_not_found("Video")?;
    let job_id = video.job_id.unwrap_or_default();
    Ok(Json(PublicVideo {
        media: media_urls(&job_id, video.has_thumbnail, None),
        id: video.id,
        job_id,
        title: video.title,
        duration: video.duration,
    }))
}

/// `GET /api/public/courses/{id}`: a published course; a private or unknown one answers the
/// same 404.
#[utoipa::path(
    get,
    path = "/public/courses/{id}",
    tag = "explore",
    operation_id = "public_course",
    params(CourseId),
    responses(
        (status = 200, description = "The course and its finished lessons", body = PublicCourse),
        (status = 404, description = "No such published course", body = ErrorBody),
    )
)]
async fn course(
    State(state): State<AppState>,
    Path(CourseId { id }): Path<CourseId>,
) -> ApiResult<Json<PublicCourse>> {
    let view = courses::public_view(&state.db, &id)
        .await?
        .or_not_found("Course")?;
    let offline_draft = view.offline_draft();
    let prerequisites = view.prerequisites();
    let summary = view.summary();
    let CourseView { course, lessons } = view;
    Ok(Json(PublicCourse {
        item: course_item(&state, summary),
        audience: course.audience,
        prerequisites,
        offline_draft,
        lessons: lessons.into_iter().map(public_lesson).collect(),
    }))
}

//! The public explore catalogue: published courses and videos, newest first, and a published
//! course with its lessons, for anyone, signed in or not.

use axum::{
    Json, Router,
    extract::{Path, RawQuery, State},
    routing::get,
};
use lectern_core::{
    courses::{self, CourseView, LessonView},
    library::{self, ItemType},
};
use serde::Serialize;

use crate::{
    error::{ApiError, ApiResult},
    routes::library::{
        CourseItem, MediaUrls, VideoItem, course_item, media_urls, parse_list_query, video_item,
    },
    state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/public/explore/courses", get(courses))
        .route("/public/explore/videos", get(videos))
        .route("/public/courses/{id}", get(course))
}

#[derive(Serialize)]
struct Courses {
    courses: Vec<CourseItem>,
    has_more: bool,
}

#[derive(Serialize)]
struct Videos {
    videos: Vec<VideoItem>,
    has_more: bool,
}

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
#[derive(Serialize)]
struct PublicCourse {
    #[serde(flatten)]
    item: CourseItem,
    audience: String,
    prerequisites: Vec<String>,
    offline_draft: bool,
    lessons: Vec<PublicLesson>,
}

#[derive(Serialize)]
struct PublicLesson {
    /// Counted from zero, as everywhere else.
    lesson_index: i32,
    title: String,
    summary: String,
    objectives: Vec<String>,
    key_terms: Vec<String>,
    /// The finished video's job, the id its media URLs name.
    job_id: Option<String>,
    video: Option<PublicLessonVideo>,
}

#[derive(Serialize)]
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

/// `GET /api/public/courses/{id}`: a published course; a private or unknown one answers the
/// same 404.
async fn course(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<PublicCourse>> {
    let view = courses::public_view(&state.db, &id)
        .await?
        .ok_or_else(|| ApiError::not_found("Course"))?;
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

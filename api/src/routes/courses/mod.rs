//! Courses: `POST /api/generate-course` (a goal becomes a course job), `GET /api/courses/{id}`
//! (the course with each lesson's status and video), and the lesson videos:
//! `POST /api/generate-lesson-video` and `POST /api/generate-all-lesson-videos`.

mod generate;
mod lessons;

use axum::{
    Json, Router,
    extract::{Path, State},
    routing::{get, post},
};
use lectern_core::courses::{self, CourseView, LessonView};
use serde::Serialize;

use crate::{
    error::{ApiError, ApiResult},
    extract::AuthUser,
    routes::library::{CourseItem, VideoItem, course_item, video_item},
    state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/generate-course", post(generate::generate_course))
        .route("/courses/{id}", get(course))
        .route(
            "/generate-lesson-video",
            post(lessons::generate_lesson_video),
        )
        .route(
            "/generate-all-lesson-videos",
            post(lessons::generate_all_lesson_videos),
        )
}

/// A course as its page shows it: the library's course item, the outline, and every lesson
/// with its status and, once finished, its video.
#[derive(Serialize)]
struct CourseDetail {
    #[serde(flatten)]
    item: CourseItem,
    background_knowledge: String,
    audience: String,
    prerequisites: Vec<String>,
    offline_draft: bool,
    script_engine: Option<String>,
    lessons: Vec<LessonItem>,
}

#[derive(Serialize)]
struct LessonItem {
    /// Counted from zero, as in the lesson requests.
    lesson_index: i32,
    title: String,
    objectives: Vec<String>,
    summary: String,
    key_terms: Vec<String>,
    /// none, queued, processing, completed or failed.
    status: &'static str,
    job_id: Option<String>,
    video_id: Option<String>,
    /// The running job's progress and step, while there is one.
    progress: Option<i32>,
    current_step: Option<String>,
    error: Option<String>,
    video: Option<VideoItem>,
}

fn lesson_item(state: &AppState, view: LessonView) -> LessonItem {
    let LessonView {
        lesson,
        status,
        job,
        video,
    } = view;
    let running = job.as_ref().filter(|_| {
        matches!(
            status,
            courses::LessonStatus::Queued | courses::LessonStatus::Processing
        )
    });
    LessonItem {
        lesson_index: lesson.lesson_index,
        objectives: lesson.objectives(),
        key_terms: lesson.key_terms(),
        title: lesson.title,
        summary: lesson.summary,
        status: status.as_str(),
        job_id: video
            .as_ref()
            .and_then(|v| v.job_id.clone())
            .or_else(|| job.as_ref().map(|j| j.id.clone())),
        video_id: video.as_ref().map(|v| v.id.clone()),
        progress: running.map(|j| j.progress),
        current_step: running.map(|j| j.current_step.clone()),
        error: job
            .as_ref()
            .filter(|_| status == courses::LessonStatus::Failed)
            .and_then(|j| j.error.clone()),
        video: video.map(|v| video_item(state, v)),
    }
}

fn course_detail(state: &AppState, view: CourseView) -> CourseDetail {
    let offline_draft = view.offline_draft();
    let script_engine = view.script_engine();
    let prerequisites = view.prerequisites();
    let summary = view.summary();
    let CourseView { course, lessons } = view;
    CourseDetail {
        item: course_item(state, summary),
        background_knowledge: course.background_knowledge,
        audience: course.audience,
        prerequisites,
        offline_draft,
        script_engine,
        lessons: lessons.into_iter().map(|l| lesson_item(state, l)).collect(),
    }
}

/// The caller's course by its id (or the id of the job that wrote it); another user's
/// course answers 404 like a missing one.
async fn course(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<CourseDetail>> {
    let view = courses::view(&state.db, &caller.id, &id)
        .await?
        .ok_or_else(|| ApiError::not_found("Course"))?;
    Ok(Json(course_detail(&state, view)))
}

//! Courses: `POST /api/generate-course` (a goal becomes a course job), `GET /api/courses/{id}`
//! (the course with each lesson's status and video), and the lesson videos:
//! `POST /api/generate-lesson-video` and `POST /api/generate-all-lesson-videos`.

mod generate;
mod lessons;
mod scorm;

use axum::{
    Json,
    extract::{Path, State},
};
use std::collections::HashMap;

use lectern_core::courses::{self, CourseView, LessonView};
use lectern_core::library::progress;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    error::{
        ApiResult, OrNotFound,
        responses::{NoSuchCourse, NotSignedIn},
    },
    extract::AuthUser,
    routes::{
        ids::CourseOrJobId,
        library::{CourseItem, CourseProgress, VideoItem, course_item, video_item},
    },
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(generate::generate_course))
        .routes(routes!(course))
        .routes(routes!(scorm::export_scorm))
        .routes(routes!(lessons::generate_lesson_video))
        .routes(routes!(lessons::generate_all_lesson_videos))
}

/// A course as its page shows it: the library's course item, the outline, and every lesson
/// with its status and, once finished, its video.
#[derive(Serialize, ToSchema)]
struct CourseDetail {
    #[serde(flatten)]
    item: CourseItem,
    background_knowledge: String,
    audience: String,
    prerequisites: Vec<String>,
    offline_draft: bool,
    #[schema(required)]
    script_engine: Option<String>,
    lessons: Vec<LessonItem>,
    /// How far the caller got: lessons watched to the end, checkpoints answered.
    progress: CourseProgress,
}

#[derive(Serialize, ToSchema)]
struct LessonItem {
    /// Counted from zero, as in the lesson requests.
    lesson_index: i32,
    title: String,
    objectives: Vec<String>,
    summary: String,
    key_terms: Vec<String>,
    #[schema(schema_with = lesson_status_schema)]
    status: &'static str,
    #[schema(required)]
    job_id: Option<String>,
    #[schema(required)]
    video_id: Option<String>,
    /// The running job's progress and step, while there is one.
    #[schema(required)]
    progress: Option<i32>,
    #[schema(required)]
    current_step: Option<String>,
    #[schema(required)]
    error: Option<String>,
    #[schema(required)]
    video: Option<VideoItem>,
    /// The caller watched this lesson's video to 90% of its length.
    completed: bool,
    /// The part of the caller's documents the lesson is written from (a course made from
    /// documents: its section); empty for a course planned from its goal alone.
    sources: Vec<LessonDocument>,
}

/// One document a lesson is written from, and the pages of it.
#[derive(Serialize, ToSchema)]
struct LessonDocument {
    source_id: String,
    /// The document's title; null once it is deleted.
    #[schema(required)]
    title: Option<String>,
    /// The pages its passages start on (empty for a document without pages).
    pages: Vec<u32>,
    /// How many of its passages.
    passages: usize,
}

/// Where a lesson's video stands (`courses::LessonStatus`).
fn lesson_status_schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
    use courses::LessonStatus;
    let all = [
        LessonStatus::None,
        LessonStatus::Queued,
        LessonStatus::Processing,
        LessonStatus::Completed,
        LessonStatus::Failed,
    ];
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(all.map(LessonStatus::as_str)))
        .into()
}

fn lesson_item(
    state: &AppState,
    view: LessonView,
    sources: Vec<courses::LessonSource>,
    titles: &HashMap<String, String>,
    watched: &HashMap<String, progress::Progress>,
) -> LessonItem {
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
            .and_then(|j| j.error.as_deref())
            .map(|error| lectern_core::jobs::failure::user_message(error, true)),
        completed: video
            .as_ref()
            .and_then(|v| watched.get(&v.id))
            .is_some_and(|p| p.completed),
        video: video.map(|v| video_item(state, v)),
        sources: sources
            .into_iter()
            .map(|s| LessonDocument {
                title: titles.get(&s.source_id).cloned(),
                passages: s.passages.len(),
                source_id: s.source_id,
                pages: s.pages,
            })
            .collect(),
    }
}

/// `parts`: the documents each lesson is written from; `titles`: the titles of the caller's
/// documents by id.
fn course_detail(
    state: &AppState,
    view: CourseView,
    parts: Vec<Vec<courses::LessonSource>>,
    titles: &HashMap<String, String>,
    watched: &HashMap<String, progress::Progress>,
) -> CourseDetail {
    let offline_draft = view.offline_draft();
    let script_engine = view.script_engine();
    let prerequisites = view.prerequisites();
    let summary = view.summary();
    let CourseView { course, lessons } = view;
    let mut sum = progress::CourseProgress::default();
    for lesson in &lessons {
        if let Some(watched) = lesson.video.as_ref().and_then(|v| watched.get(&v.id)) {
            sum.add(watched);
        }
    }
    CourseDetail {
        item: course_item(state, summary),
        background_knowledge: course.background_knowledge,
        audience: course.audience,
        prerequisites,
        offline_draft,
        script_engine,
        progress: CourseProgress::new(lessons.len() as u64, sum),
        lessons: lessons
            .into_iter()
            .zip(parts)
            .map(|(l, part)| lesson_item(state, l, part, titles, watched))
            .collect(),
    }
}

/// The caller's course by its id (or the id of the job that wrote it); another user's
/// course answers 404 like a missing one.
#[utoipa::path(
    get,
    path = "/courses/{id}",
    tag = "courses",
    params(CourseOrJobId),
    responses(
        (status = 200, description = "The course and its lessons", body = CourseDetail),
        NotSignedIn,
        NoSuchCourse,
    )
)]
async fn course(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(CourseOrJobId { id }): Path<CourseOrJobId>,
) -> ApiResult<Json<CourseDetail>> {
    let view = courses::view(&state.db, &caller.id, &id)
        .await?
        .or_not_found("Course")?;
    let videos: Vec<&lectern_core::entities::video::Model> = view
        .lessons
        .iter()
        .filter_map(|l| l.video.as_ref())
        .collect();
    let watched = progress::of_videos(&state.db, &caller.id, &videos).await?;
    let parts = view.lessons_sources();
    // A course planned from its goal alone names no document: nothing to look up.
    let titles = if parts.iter().all(Vec::is_empty) {
        HashMap::new()
    } else {
        lectern_core::sources::list(&state.db, &caller.id)
            .await?
            .into_iter()
            .map(|s| (s.id, s.title))
            .collect()
    };
    Ok(Json(course_detail(&state, view, parts, &titles, &watched)))
}

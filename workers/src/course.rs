//! Course jobs: a goal -> a validated outline and a cover image -> the course and its lessons,
//! written with the job's completion. Lesson-video jobs: a lesson, told its course and the
//! lessons before it -> the pipeline -> a `course_lesson` video attached to the lesson.

use lectern_contract::Minutes;
use lectern_core::{
    courses::{self, MIN_LESSONS, NewCourse, Outline, OutlineLesson},
    entities::{job, video},
    jobs::{self, Completion, CourseParams, LessonVideoParams},
    library::{difficulty, finished_video, narrated_metadata, video_types},
};
use lectern_pipeline::{
    RenderInput, RenderOutput,
    course::{
        CourseBrief, CourseOutline, LessonBrief, LessonContext, LessonOutline, Section, sections,
        write_cover,
    },
};
use sea_orm::Set;
use serde_json::json;

use crate::{
    RunError, Runtime,
    finish::{database, finish, finish_with},
    outputs::{upload, upload_files},
    render::{pipeline_failure, plan, render},
    sources::{all_passages, lesson_passages, places_of},
};

pub async fn run_course(runtime: &Runtime, job: &job::Model) -> Result<(), RunError> {
    let params: CourseParams = crate::params_of(job)?;
    // A course from documents follows them: a lesson per section. Documents deleted since
    // the job was started are left out; with none left, the course is planned from its goal.
    let sections = sections(all_passages(runtime, &job.user_id, &params.source_ids).await?);
    if !sections.is_empty() && sections.len() < MIN_LESSONS {
        return Err(RunError::Final(format!(
            "Your documents hold too little for a course: {} parts, and a course needs at \
             least {MIN_LESSONS} lessons. Add a longer document, or make a video from them.",
            sections.len()
        )));
    }
    let brief = CourseBrief {
        goal: params.goal.clone(),
        background_knowledge: params.background_knowledge.clone(),
        detail_level: params.detail_level,
        sections,
    };
    runtime
        .progress(&job.id, 5, "Planning your course...")
        .await;
    let (outline, engine) = runtime
        .pipeline
        .write_course(&brief)
        .await
        .map_err(pipeline_failure)?;
    if jobs::is_cancelled(&runtime.db, &job.id)
        .await
        .map_err(database)?
    {
        return Err(RunError::Cancelled);
    }

    if params.dry_run {
        let completion = Completion {
            result: json!({
                "dry_run": true,
                "cost": 0,
                "course": outline,
                "script_engine": engine,
            }),
            smart_title: Some(outline.title.clone()),
            step: "Course plan ready".into(),
            video: None,
        };
        return finish(runtime, job, completion).await;
    }

    runtime
        .progress(&job.id, 70, "Drawing the course cover...")
        .await;
    let work_dir =
        tempfile::tempdir().map_err(|e| RunError::Failed(format!("temporary folder: {e}")))?;
    let cover_dir = work_dir.path().to_path_buf();
    let cover_outline = outline.clone();
    let level = params.detail_level;
    tokio::task::spawn_blocking(move || write_cover(&cover_dir, &cover_outline, level))
        .await
        .map_err(|e| RunError::Failed(format!("the cover thread died: {e}")))?
        .map_err(pipeline_failure)?;
    std::fs::write(
        work_dir.path().join("course.json"),
        serde_json::to_vec_pretty(&outline).unwrap_or_default(),
    )
    .map_err(|e| RunError::Failed(format!("writing course.json: {e}")))?;
    runtime.progress(&job.id, 90, "Saving your course...").await;
    let files = [
        ("thumbnail.jpg", "image/jpeg"),
        ("course.json", "application/json"),
    ];
    upload_files(runtime, &job.id, work_dir.path(), &files).await?;

    let course_id = courses::new_id();
    let completion = Completion {
        result: json!({
            "course_id": course_id,
            "title": outline.title,
            "lessons": outline.lessons.len(),
            "offline_draft": outline.is_offline_draft(),
            "script_engine": engine,
        }),
        smart_title: Some(outline.title.clone()),
        step: "Course ready!".into(),
        video: None,
    };
    let course = NewCourse {
        id: course_id,
        user_id: &job.user_id,
        job_id: Some(&job.id),
        goal: &params.goal,
        background_knowledge: &params.background_knowledge,
        detail_level: params.detail_level,
        outline: stored_outline(outline, engine, &brief.sections),
        thumbnail_key: Some(jobs::media::thumbnail(&job.id)),
    };
    finish_with(runtime, job, || {
        courses::complete_course(&runtime.db, job, completion.clone(), course.clone())
    })
    .await
}

/// The outline as the course stores it; a course from documents with each lesson's part of
/// them (its section's passages and pages).
fn stored_outline(outline: CourseOutline, engine: String, sections: &[Section]) -> Outline {
    let sources_of = |i: usize| {
        sections
            .get(i)
            .map(|s| places_of(&s.passages))
            .unwrap_or_default()
    };
    Outline {
        offline_draft: outline.is_offline_draft(),
        title: outline.title,
        description: outline.description,
        audience: outline.audience,
        prerequisites: outline.prerequisites,
        lessons: outline
            .lessons
            .into_iter()
            .enumerate()
            .map(|(i, l)| OutlineLesson {
                title: l.title,
                objectives: l.objectives,
                summary: l.summary,
                key_terms: l.key_terms,
                sources: sources_of(i),
            })
            .collect(),
        script_engine: engine,
    }
}

/// The lesson and the course around it, as the lesson's writer is told them.
async fn lesson_context(
    runtime: &Runtime,
    job: &job::Model,
    params: &LessonVideoParams,
) -> Result<(courses::course::Model, LessonContext), RunError> {
    let course = courses::find_course(&runtime.db, &job.user_id, &params.course_id)
        .await
        .map_err(database)?
        .ok_or_else(|| RunError::Final("The course of this lesson no longer exists".into()))?;
    let lessons = courses::lessons_of(&runtime.db, &course.id)
        .await
        .map_err(database)?;
    let index = params.lesson_index as usize;
    if index >= lessons.len() {
        return Err(RunError::Final(format!(
            "The course has no lesson {index} any more"
        )));
    }
    let context = LessonContext {
        course_title: course.title.clone(),
        course_description: course.description.clone(),
        goal: course.goal.clone(),
        index,
        lessons: lessons
            .iter()
            .map(|l| LessonOutline {
                title: l.title.clone(),
                objectives: l.objectives(),
                summary: l.summary.clone(),
                key_terms: l.key_terms(),
            })
            .collect(),
    };
    Ok((course, context))
}

pub async fn run_lesson(runtime: &Runtime, job: &job::Model) -> Result<(), RunError> {
    let params: LessonVideoParams = crate::params_of(job)?;
    let (course, context) = lesson_context(runtime, job, &params).await?;
    let lesson = context.lesson().clone();
    let about = format!(
        "{} {} {}",
        lesson.title,
        lesson.summary,
        lesson.key_terms.join(" ")
    );
    let part = courses::lesson_sources(&course, params.lesson_index as usize);
    let passages = lesson_passages(runtime, &job.user_id, &part, &about).await?;
    let from_documents = passages.len();
    let input = RenderInput::lesson(LessonBrief::new(
        context,
        params.level,
        params.duration_minutes,
        params.wpm,
    ))
    .with_passages(passages);

    if params.dry_run {
        let (_, plan) = plan(runtime, &job.id, input).await?;
        let completion = Completion {
            result: json!({
                "dry_run": true,
                "cost": 0,
                "course_id": course.id,
                "lesson_index": params.lesson_index,
                "storyboard": plan.storyboard,
                "word_count": plan.word_count,
                "estimated_seconds": plan.estimated_seconds,
                "script_engine": plan.script_engine,
                "passages": from_documents,
                "citations": plan.storyboard.from_sources.as_ref().map(|f| f.check),
            }),
            smart_title: Some(lesson.title.clone()),
            step: "Plan ready".into(),
            video: None,
        };
        return finish(runtime, job, completion).await;
    }
    let (work_dir, output) = render(runtime, &job.id, input, Some, pipeline_failure).await?;

    runtime.progress(&job.id, 99, "Saving your lesson...").await;
    let transcript = upload(runtime, &job.id, work_dir.path()).await?;
    let record = lesson_record(job, &course, &params, &lesson, &output, transcript);
    let video_id = record.id.clone().unwrap();
    let completion = Completion {
        result: json!({
            "course_id": course.id,
            "lesson_index": params.lesson_index,
            "video_id": video_id,
            "render": output,
        }),
        smart_title: Some(lesson.title.clone()),
        step: "Video ready for download!".into(),
        video: Some(record),
    };
    finish_with(runtime, job, || {
        courses::complete_lesson(
            &runtime.db,
            job,
            completion.clone(),
            &course.id,
            params.lesson_index,
            &video_id,
        )
    })
    .await
}

/// SPEC.md section 3's media item for a lesson video of a course (`course_lesson`).
fn lesson_record(
    job: &job::Model,
    course: &courses::course::Model,
    params: &LessonVideoParams,
    lesson: &LessonOutline,
    output: &RenderOutput,
    transcript: Option<String>,
) -> video::ActiveModel {
    let subject = output.subject.as_str().to_string();
    let position = format!(
        "Lesson {} of the course {}",
        params.lesson_index + 1,
        course.title
    );
    let description = format!("{position}: {}", lesson.summary);
    video::ActiveModel {
        video_type: Set(video_types::COURSE_LESSON.into()),
        title: Set(lesson.title.clone()),
        original_title: Set(lesson.title.chars().take(50).collect()),
        topic: Set(lesson.title.clone()),
        prompt: Set(format!("{position}: {}", lesson.title)),
        description: Set(description.clone()),
        level: Set(params.level.into()),
        difficulty: Set(difficulty(params.level).into()),
        duration: Set(output.duration.clone()),
        duration_minutes: Set(Minutes::from_seconds(output.duration_seconds)
            .rounded_up()
            .max(1) as i32),
        subject: Set(subject.clone()),
        subtitle_style: Set(Some("modern".into())),
        wpm: Set(params.wpm.get() as i32),
        tags: Set(json!([
            "course-lesson",
            subject.to_lowercase(),
            format!("level-{}", params.level)
        ])
        .to_string()),
        generated_content: Set(json!({
            "description": description,
            "course_id": course.id,
            "lesson_index": params.lesson_index,
            "objectives": lesson.objectives,
            "key_terms": lesson.key_terms,
            "duration_seconds": output.duration_seconds,
            "offline_draft": output.offline_draft,
            "status": "completed",
        })
        .to_string()),
        content_metadata: Set(narrated_metadata(
            &subject,
            params.level,
            params.duration_minutes,
            output.offline_draft,
            "ai-course-lesson",
        )
        .to_string()),
        is_public: Set(false),
        course_id: Set(Some(course.id.clone())),
        lesson_index: Set(Some(params.lesson_index as i32)),
        ..finished_video(job, transcript)
    }
}

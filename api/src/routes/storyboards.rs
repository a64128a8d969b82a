//! The storyboard editor's routes: one slide drawn for a preview, and a finished video's
//! edits (revisions), listed and restored. A storyboard from a client is checked here, in
//! full, before anything is charged: a 422 names the scene and field.

use axum::{
    Json,
    body::Body,
    extract::{Path, State},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use chrono::{DateTime, Utc};
use lectern_core::{
    entities::video,
    jobs::{self, JobKind, RevisionParams},
    library::{self, versions},
};
use lectern_pipeline::{
    Storyboard,
    frames::{self, FrameError},
    storyboard::{ValidationErrors, Visual, check_scene_alone},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    library::{VideoItem, video_item},
    submission::Submission,
};
use crate::{
    error::{
        ApiError, ApiResult, ErrorBody, FieldError, OrNotFound,
        responses::{NoSuchVideo, NotEnoughCredits, NotSignedIn, QueueUnavailable, WorkRefused},
    },
    extract::{AuthUser, ValidJson},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(preview_frame))
        .routes(routes!(list_revisions, create_revision))
        .routes(routes!(restore_revision))
}

/// Preview slides are drawn this wide (the slides' own 960 x 540 pt page, one pixel a point).
const PREVIEW_WIDTH: u32 = 960;

/// Where in the request body a storyboard's errors are: `["body", "storyboard", ...]`.
const STORYBOARD_AT: [&str; 2] = ["body", "storyboard"];

/// A storyboard validation path (`scenes[2].steps[0].math`) as a 422's `loc` under `at`.
fn loc_of(at: &[&str], path: &str) -> Vec<String> {
    let mut loc: Vec<String> = at.iter().map(|s| s.to_string()).collect();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let mut pieces = part.split('[');
        if let Some(name) = pieces.next().filter(|n| !n.is_empty()) {
            loc.push(name.to_string());
        }
        for index in pieces {
            loc.push(index.trim_end_matches(']').to_string());
        }
    }
    loc
}

fn invalid(at: &[&str], errors: ValidationErrors) -> ApiError {
    ApiError::Validation(
        errors
            .0
            .into_iter()
            .map(|e| FieldError {
                loc: loc_of(at, &e.path),
                msg: e.message,
                kind: "storyboard".into(),
            })
            .collect(),
    )
}

fn layout_error(error: FrameError) -> ValidationErrors {
    match error {
        FrameError::Layout { scene, message, .. } => {
            ValidationErrors::single(format!("scenes[{scene}]"), message)
        }
    }
}

/// Checks a storyboard from a client as a render would: every field, and every slide laid
/// out (formulas that do not parse, text that does not fit). Runs off the async threads:
/// laying out sixty slides takes a moment.
pub async fn check(storyboard: Storyboard, at: &'static [&'static str]) -> ApiResult<Storyboard> {
    tokio::task::spawn_blocking(move || {
        storyboard.validate().map_err(|e| invalid(at, e))?;
        frames::check_slides(&storyboard).map_err(|e| invalid(at, e))?;
        Ok(storyboard)
    })
    .await
    .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("checking a storyboard")))?
}

/// Check marks are the checker's, not the client's: a solution step keeps its mark only in a
/// scene that is exactly as `trusted` has it. Citations likewise: a sentence is checked
/// against its passage when it is written, so an edited scene loses its citations, and what a
/// storyboard was written from is `trusted`'s.
pub fn keep_only_trusted_checks(storyboard: &mut Storyboard, trusted: Option<&Storyboard>) {
    storyboard.from_sources = trusted.and_then(|t| t.from_sources.clone());
    for scene in &mut storyboard.scenes {
        if trusted.is_some_and(|t| t.scenes.contains(scene)) {
            continue;
        }
        scene.cites.clear();
        if let Visual::SolutionSteps { steps, answer, .. } = &mut scene.visual {
            for step in steps {
                step.checked = false;
            }
            if let Some(answer) = answer {
                answer.checked = false;
            }
        }
    }
}

/// One scene of a storyboard, to draw.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct PreviewFrame {
    storyboard: Storyboard,
    /// The scene's index, from 0.
    scene: usize,
}

/// Draws one scene, every element shown, exactly as the video will: the editor's picture of
/// a slide, and its check that an equation typesets.
#[utoipa::path(
    post,
    path = "/storyboards/preview-frame",
    tag = "storyboards",
    request_body = PreviewFrame,
    responses(
        (status = 200, description = "The slide", content_type = "image/png", body = Vec<u8>),
        NotSignedIn,
        (status = 422, description = "The scene, or the storyboard around it, is invalid; `loc` names the field", body = ErrorBody),
    )
)]
async fn preview_frame(
    _caller: AuthUser,
    ValidJson(body): ValidJson<PreviewFrame>,
) -> ApiResult<Response> {
    let PreviewFrame { storyboard, scene } = body;
    let count = storyboard.scenes.len();
    if scene >= count {
        return Err(ApiError::field(
            &["body", "scene"],
            format!("scene must be an index below the storyboard's {count} scenes"),
            "range",
        ));
    }
    let png = tokio::task::spawn_blocking(move || {
        check_scene_alone(&storyboard.scenes[scene]).map_err(|errors| {
            let errors = errors
                .0
                .into_iter()
                .map(|mut e| {
                    e.path = e.path.replacen("scene", &format!("scenes[{scene}]"), 1);
                    e
                })
                .collect();
            invalid(&STORYBOARD_AT, ValidationErrors(errors))
        })?;
        frames::scene_png(&storyboard, scene, PREVIEW_WIDTH)
            .map_err(|e| invalid(&STORYBOARD_AT, layout_error(e)))
    })
    .await
    .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("drawing a slide")))??;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Body::from(png),
    )
        .into_response())
}

/// A finished video's storyboard, edited.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct NewRevision {
    storyboard: Option<Storyboard>,
    /// Only say what the edit would change and cost; nothing is started or charged.
    dry_run: Option<bool>,
}

/// An edit's job (`job_id` is null for a dry run), what it changes and costs.
#[derive(Serialize, ToSchema)]
struct RevisionStarted {
    #[schema(required)]
    job_id: Option<String>,
    /// Credits: 0 when at most 3 scenes changed, else 1; reserved now, refunded if it fails.
    cost: i64,
    /// Scenes whose narration or picture differ from the version shown now.
    scenes_changed: u32,
}

/// Scenes of `new` that must be narrated or drawn afresh: those `old` does not hold as they
/// are (moving or deleting a scene changes none), or all of them when what every slide shows
/// (title, subject, level) or the voice's speed changed.
fn scenes_changed(old: &Storyboard, new: &Storyboard) -> u32 {
    let every_slide = old.title != new.title
        || old.subject != new.subject
        || old.level != new.level
        || old.show_level != new.show_level
        || old.wpm != new.wpm;
    new.scenes
        .iter()
        .filter(|scene| every_slide || !old.scenes.contains(scene))
        .count() as u32
}

/// The caller's finished video that has a storyboard to edit (a job made it).
async fn owned_video(state: &AppState, caller: &AuthUser, id: &str) -> ApiResult<video::Model> {
    Some(super::progress::owned_video(state, caller, id).await?)
        .filter(|v| v.job_id.is_some())
        .or_not_found("Video")
}

async fn shown_storyboard(state: &AppState, video: &video::Model) -> ApiResult<Storyboard> {
    let job_id = video.job_id.as_deref().unwrap_or_default();
    let stored =
        super::media::stored_json(state, &jobs::media::storyboard(job_id), "Storyboard").await?;
    serde_json::from_value(stored).map_err(|e| {
        ApiError::Internal(anyhow::Error::new(e).context("the stored storyboard is unreadable"))
    })
}

/// Renders an edited storyboard as the video's next version: only the changed scenes are
/// narrated again; the version shown now stays until the new one is complete. Free when at
/// most 3 scenes changed, else 1 credit.
#[utoipa::path(
    post,
    path = "/video/{id}/revisions",
    tag = "storyboards",
    params(("id" = String, Path, description = "The video's id or the id of the job that made it")),
    request_body = NewRevision,
    responses(
        (status = 202, description = "The edit is queued", body = RevisionStarted),
        (status = 200, description = "A dry run: what the edit would change and cost", body = RevisionStarted),
        NotSignedIn,
        NotEnoughCredits,
        NoSuchVideo,
        (status = 422, description = "The storyboard is invalid (`loc` names the scene and field), or changes nothing", body = ErrorBody),
        QueueUnavailable,
        WorkRefused,
    )
)]
async fn create_revision(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<String>,
    ValidJson(body): ValidJson<NewRevision>,
) -> ApiResult<Response> {
    let Some(mut storyboard) = body.storyboard else {
        return Err(ApiError::field(
            &["body", "storyboard"],
            "storyboard is required",
            "missing",
        ));
    };
    let video = owned_video(&state, &caller, &id).await?;
    let base = shown_storyboard(&state, &video).await?;
    // What the client does not write: where the lesson came from and its reference facts.
    storyboard.version = base.version;
    storyboard.origin = base.origin;
    storyboard.sources = base.sources.clone();
    keep_only_trusted_checks(&mut storyboard, Some(&base));
    if storyboard == base {
        return Err(ApiError::field(
            &STORYBOARD_AT,
            "storyboard is the same as the version shown now; change a scene first",
            "unchanged",
        ));
    }
    let storyboard = check(storyboard, &STORYBOARD_AT).await?;
    let changed = scenes_changed(&base, &storyboard);
    let cost = jobs::revision_cost(changed);
    if body.dry_run.unwrap_or(false) {
        return Ok(Json(RevisionStarted {
            job_id: None,
            cost,
            scenes_changed: changed,
        })
        .into_response());
    }
    let params = RevisionParams {
        video_id: video.id.clone(),
        base_job_id: video.job_id.clone().unwrap_or_default(),
        storyboard: serde_json::to_value(&storyboard).expect("a storyboard serialises"),
        scenes_changed: changed,
    };
    let job = Submission {
        kind: JobKind::Revision,
        title: video.title.clone(),
        cost,
        dry_run: false,
    }
    .create(&state, &caller, &params)
    .await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(RevisionStarted {
            job_id: Some(job.id),
            cost,
            scenes_changed: changed,
        }),
    )
        .into_response())
}

/// One version of a video.
#[derive(Serialize, ToSchema)]
struct Revision {
    /// 1 is the video as first made.
    number: i32,
    /// The job that rendered it (its media are under this id).
    job_id: String,
    created_at: DateTime<Utc>,
    /// The version the video shows.
    current: bool,
    scenes_changed: i32,
    /// Credits it cost.
    cost: i64,
}

#[derive(Serialize, ToSchema)]
struct Revisions {
    /// Newest first.
    revisions: Vec<Revision>,
}

/// A video's versions, newest first, the shown one marked.
#[utoipa::path(
    get,
    path = "/video/{id}/revisions",
    tag = "storyboards",
    params(("id" = String, Path, description = "The video's id or the id of the job that made it")),
    responses(
        (status = 200, description = "The versions", body = Revisions),
        NotSignedIn,
        NoSuchVideo,
    )
)]
async fn list_revisions(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Revisions>> {
    let video = owned_video(&state, &caller, &id).await?;
    let revisions = versions::list(&state.db, &video)
        .await?
        .into_iter()
        .map(|v| Revision {
            current: video.job_id.as_deref() == Some(v.job_id.as_str()),
            number: v.number,
            job_id: v.job_id,
            created_at: v.created_at,
            scenes_changed: v.scenes_changed,
            cost: v.credits_used,
        })
        .collect();
    Ok(Json(Revisions { revisions }))
}

/// Shows an earlier (or later) version of the video again; answers the video.
#[utoipa::path(
    post,
    path = "/video/{id}/revisions/{number}/restore",
    tag = "storyboards",
    params(
        ("id" = String, Path, description = "The video's id or the id of a job that made one of its versions"),
        ("number" = i32, Path, description = "The version's number"),
    ),
    responses(
        (status = 200, description = "The video, now showing that version", body = VideoItem),
        NotSignedIn,
        (status = 404, description = "No such video of the caller's, or no such version", body = ErrorBody),
    )
)]
async fn restore_revision(
    State(state): State<AppState>,
    caller: AuthUser,
    Path((id, number)): Path<(String, String)>,
) -> ApiResult<Json<VideoItem>> {
    let video = owned_video(&state, &caller, &id).await?;
    // Read here, not by the extractor: a number no version can have is a missing version.
    let number: i32 = number.parse().map_err(|_| ApiError::not_found("Version"))?;
    versions::restore(&state.db, &state.storage, &video, number)
        .await
        .map_err(|e| match e {
            versions::RestoreError::NoSuchVersion => ApiError::not_found("Version"),
            versions::RestoreError::Db(db) => db.into(),
            versions::RestoreError::Storage(s) => {
                ApiError::Internal(anyhow::Error::new(s).context("media storage"))
            }
        })?;
    let video = library::find_video(&state.db, &caller.id, &video.id)
        .await?
        .or_not_found("Video")?;
    Ok(Json(video_item(&state, video)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn storyboard(narration: &[&str]) -> Storyboard {
        serde_json::from_value(serde_json::json!({
            "version": 1, "title": "Photosynthesis", "subject": "Science", "level": 2,
            "target_minutes": 1.0, "wpm": 150, "origin": "model",
            "scenes": narration.iter().enumerate().map(|(i, n)| if i == 0 {
                serde_json::json!({"kind": "title", "title": "Photosynthesis", "subtitle": null, "narration": [n]})
            } else {
                serde_json::json!({"kind": "bullets", "heading": format!("Part {i}"), "items": ["One"], "narration": [n]})
            }).collect::<Vec<_>>(),
        }))
        .unwrap()
    }

    #[test]
    fn a_validation_path_becomes_a_loc() {
        assert_eq!(
            loc_of(&STORYBOARD_AT, "scenes[2].steps[0].math"),
            ["body", "storyboard", "scenes", "2", "steps", "0", "math"]
        );
        assert_eq!(
            loc_of(&STORYBOARD_AT, "title"),
            ["body", "storyboard", "title"]
        );
    }

    #[test]
    fn only_scenes_the_old_storyboard_lacks_count_as_changed() {
        let old = storyboard(&["Hello.", "Plants need light.", "Leaves are green."]);
        let mut new = old.clone();
        assert_eq!(scenes_changed(&old, &new), 0);
        new.scenes[1].narration[0] = "Plants need sunlight.".into();
        assert_eq!(scenes_changed(&old, &new), 1);
        new.scenes.swap(1, 2);
        assert_eq!(scenes_changed(&old, &new), 1, "moving a scene changes none");
        new.scenes.remove(2);
        assert_eq!(scenes_changed(&old, &new), 0, "deleting one changes none");
        new.title = "Photosynthesis in plants".into();
        assert_eq!(
            scenes_changed(&old, &new),
            2,
            "a new title is on every slide"
        );
    }
}

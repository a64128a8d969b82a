//! The user's library: saving the history record of a finished job, and listing it.

use axum::{
    Json, Router,
    extract::{Path, Query, State},
    routing::{get, post},
};
use lectern_core::{entities::video, jobs};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::{
    error::{ApiError, ApiResult},
    extract::{AuthUser, ValidJson},
    state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/user/{user_id}/video-history", post(save_history))
        .route("/auth/user/{user_id}/search", get(search))
}

#[derive(Debug, Deserialize)]
struct HistoryRecord {
    job_id: Option<String>,
    title: Option<String>,
}

#[derive(Serialize)]
struct Saved {
    video_id: String,
    smart_title: Option<String>,
}

/// The worker writes the library record when the job completes; this call (SPEC.md's
/// auto-save) confirms it and may set the title. Saving twice answers the same record.
async fn save_history(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(user_id): Path<String>,
    ValidJson(record): ValidJson<HistoryRecord>,
) -> ApiResult<Json<Saved>> {
    caller.require_self(&user_id)?;
    let job_id = record
        .job_id
        .filter(|j| !j.is_empty())
        .ok_or_else(|| ApiError::field(&["body", "job_id"], "job_id is required", "missing"))?;
    let job = jobs::find_for_user(&state.db, &caller.id, &job_id)
        .await?
        .ok_or_else(|| ApiError::not_found("Job"))?;
    let saved = video::Entity::find()
        .filter(video::Column::JobId.eq(job.id.as_str()))
        .one(&state.db)
        .await?
        .ok_or_else(|| {
            ApiError::Conflict(format!(
                "The video is not finished yet (status: {})",
                job.status
            ))
        })?;
    let _ = record.title;
    Ok(Json(Saved {
        video_id: saved.id,
        smart_title: job.smart_title,
    }))
}

#[derive(Debug, Deserialize)]
struct SearchQuery {
    #[serde(rename = "type")]
    kind: Option<String>,
    limit: Option<u64>,
    offset: Option<u64>,
}

/// SPEC.md's `{courses, videos}` for the caller, newest first.
async fn search(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(user_id): Path<String>,
    Query(query): Query<SearchQuery>,
) -> ApiResult<Json<Value>> {
    caller.require_self(&user_id)?;
    let limit = query.limit.unwrap_or(50);
    if !(1..=100).contains(&limit) {
        return Err(ApiError::field(
            &["query", "limit"],
            "limit must be between 1 and 100",
            "range",
        ));
    }
    let mut select = video::Entity::find()
        .filter(video::Column::UserId.eq(caller.id.as_str()))
        .order_by_desc(video::Column::CreatedAt)
        .limit(limit)
        .offset(query.offset.unwrap_or(0));
    match query.kind.as_deref() {
        None | Some("course") => {}
        Some("lesson") => select = select.filter(video::Column::VideoType.eq("educational")),
        Some("solution") => select = select.filter(video::Column::VideoType.eq("problem_solving")),
        Some(_) => {
            return Err(ApiError::field(
                &["query", "type"],
                "type must be course, lesson or solution",
                "enum",
            ));
        }
    }
    let videos = if query.kind.as_deref() == Some("course") {
        Vec::new()
    } else {
        select.all(&state.db).await?
    };
    let items: Vec<Value> = videos.into_iter().map(|v| media_item(&state, v)).collect();
    Ok(Json(json!({ "courses": [], "videos": items })))
}

fn media_item(state: &AppState, v: video::Model) -> Value {
    let thumbnail_url = match (&v.job_id, v.has_thumbnail) {
        (Some(job_id), true) => Some(format!(
            "/api/media/thumbnail/{job_id}?t={}",
            state.tokens.issue_media(job_id)
        )),
        _ => None,
    };
    json!({
        "id": v.id,
        "job_id": v.job_id,
        "title": v.title,
        "topic": v.topic,
        "description": v.description,
        "video_type": v.video_type,
        "status": v.status,
        "duration": v.duration,
        "duration_minutes": v.duration_minutes,
        "level": v.level,
        "difficulty": v.difficulty,
        "subject": v.subject,
        "created_at": v.created_at,
        "thumbnail_url": thumbnail_url,
        "has_thumbnail": v.has_thumbnail,
        "thumbnail_storage_path": v.thumbnail_storage_path,
        "is_public": v.is_public,
    })
}

//! The public explore catalogue: published courses and videos, newest first, for anyone,
//! signed in or not.

use axum::{
    Json, Router,
    extract::{RawQuery, State},
    routing::get,
};
use lectern_core::library::{self, ItemType};
use serde::Serialize;

use crate::{
    error::ApiResult,
    routes::library::{CourseItem, VideoItem, course_item, parse_list_query, video_item},
    state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/public/explore/courses", get(courses))
        .route("/public/explore/videos", get(videos))
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

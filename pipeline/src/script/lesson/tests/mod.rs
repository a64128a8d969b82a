//! The scene-by-scene writer's tests, by stage.

mod plan;
mod repair;
mod scene;
mod text;

use super::*;

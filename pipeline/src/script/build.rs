//! Small constructors for the offline writer's hand-written scenes.

use crate::storyboard::{Scene, Visual};

pub(super) fn scene(visual: Visual, narration: &[String]) -> Scene {
    Scene {
        visual,
        narration: narration.to_vec(),
    }
}

pub(super) fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

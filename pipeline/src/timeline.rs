//! The timeline: when each picture is on screen, derived from the narration timings only.

use crate::frames::SlideState;
use crate::narration::Narration;
use crate::storyboard::Storyboard;

/// A new picture appears this long before its sentence is spoken (within the pause).
const LEAD: f64 = 0.25;

/// One picture on screen from `start` to `end` (seconds).
#[derive(Debug, Clone, PartialEq)]
pub struct Shot {
    pub state: SlideState,
    pub start: f64,
    pub end: f64,
    pub new_scene: bool,
}

/// Shots for every beat that changes the picture; a beat that reveals nothing new extends
/// the previous shot instead of producing another frame.
pub fn shots(storyboard: &Storyboard, narration: &Narration) -> Vec<Shot> {
    let mut shots: Vec<Shot> = Vec::new();
    let mut previous_end = 0.0;
    for (i, sentence) in narration.sentences.iter().enumerate() {
        let scene = &storyboard.scenes[sentence.scene];
        let state = SlideState::at(sentence.scene, scene, sentence.beat);
        let start = if i == 0 {
            0.0
        } else {
            (sentence.start - LEAD).max(previous_end)
        };
        previous_end = sentence.end;
        if shots.last().is_some_and(|last| last.state == state) {
            continue;
        }
        if let Some(last) = shots.last_mut() {
            last.end = start;
        }
        shots.push(Shot {
            state,
            start,
            end: start,
            new_scene: shots
                .last()
                .is_none_or(|last| last.state.scene != state.scene),
        });
    }
    if let Some(last) = shots.last_mut() {
        last.end = narration.duration();
    }
    shots
}

/// When each scene starts and ends, for chapters.
pub fn scene_spans(shots: &[Shot], scene_count: usize, duration: f64) -> Vec<(f64, f64)> {
    let mut starts = vec![None; scene_count];
    for shot in shots {
        starts[shot.state.scene].get_or_insert(shot.start);
    }
    let starts: Vec<f64> = starts.into_iter().map(|s| s.unwrap_or(duration)).collect();
    (0..scene_count)
        .map(|i| {
            let end = starts.get(i + 1).copied().unwrap_or(duration);
            (starts[i], end)
        })
        .collect()
}

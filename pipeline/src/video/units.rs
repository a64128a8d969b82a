//! Encoded pictures kept for the next render. Each scene's pictures are encoded as two
//! units, its first shot (with the cross-fade into it) and the rest of its shots, and each
//! unit starts with an IDR frame, so it decodes without anything before it. A unit is
//! named by a hash of everything its frames are made of: the slide data of its shots and of
//! the shot it fades from, their lengths, the picture size and the encoder settings.
//!
//! A render writes [`INDEX`] (each unit's name and where it starts in `video.mp4`). An edit
//! reads the earlier video's index, copies the access units of every unit it finds there
//! into the new video (shifted to their new time) and renders and encodes only the others:
//! changing one scene costs that scene and the first shot of the next.

use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;

use gstreamer as gst;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::encode::demux_video;
use crate::timeline::Shot;

/// Where each unit of `video.mp4` starts, and its name.
pub const INDEX: &str = "video_units.json";
/// Changes whenever what a unit's frames are made of changes (the template, the fades…).
const FORMAT: &str = "lectern video units 1";
/// MP4 timestamps are rounded to the track's timescale: a unit starts within this.
const TOLERANCE: f64 = 0.002;

/// A run of consecutive shots encoded together.
#[derive(Debug, Clone, PartialEq)]
pub struct Unit {
    pub shots: Range<usize>,
    pub key: String,
    /// When its first picture appears.
    pub start: f64,
}

/// What the frames of a unit depend on besides the slides.
pub struct Recipe<'a> {
    pub width: u32,
    pub height: u32,
    pub quantizer: u32,
    pub transitions: bool,
    /// The template and fonts the slides are drawn with.
    pub template: &'a str,
}

fn nanos(t: f64) -> u64 {
    (t.max(0.0) * 1e9).round() as u64
}

/// Splits the shots into units (a scene's first shot, then the rest of the scene) and names
/// each. `slide` is the data a shot's picture is drawn from.
pub fn plan(shots: &[Shot], slide: &dyn Fn(usize) -> Vec<u8>, recipe: &Recipe) -> Vec<Unit> {
    let mut bounds: Vec<usize> = (0..shots.len())
        .filter(|&i| i == 0 || shots[i].new_scene || shots[i - 1].new_scene)
        .collect();
    bounds.push(shots.len());
    bounds
        .windows(2)
        .map(|pair| {
            let shots_range = pair[0]..pair[1];
            let start = shots[pair[0]].start;
            let mut hash = Sha256::new();
            let mut part = |bytes: &[u8]| {
                hash.update((bytes.len() as u64).to_le_bytes());
                hash.update(bytes);
            };
            part(FORMAT.as_bytes());
            part(recipe.template.as_bytes());
            part(
                &[
                    recipe.width,
                    recipe.height,
                    recipe.quantizer,
                    u32::from(recipe.transitions),
                ]
                .map(u32::to_le_bytes)
                .concat(),
            );
            // The closing copy of the last picture belongs to the last unit.
            part(&[u8::from(pair[1] == shots.len())]);
            // The cross-fade into the first shot is drawn from the picture before it.
            if recipe.transitions && pair[0] > 0 {
                part(&slide(pair[0] - 1));
            }
            for i in shots_range.clone() {
                let shot = &shots[i];
                part(&slide(i));
                part(&[u8::from(shot.new_scene)]);
                part(&nanos(shot.start - start).to_le_bytes());
                part(&nanos(shot.end - start).to_le_bytes());
            }
            Unit {
                shots: shots_range,
                key: format!("{:x}", hash.finalize()),
                start,
            }
        })
        .collect()
}

#[derive(Debug, Serialize, Deserialize)]
struct Index {
    format: String,
    units: Vec<IndexedUnit>,
}

#[derive(Debug, Serialize, Deserialize)]
struct IndexedUnit {
    key: String,
    start: f64,
}

/// Writes the index of the units of the video just made.
pub fn save(dir: &Path, units: &[Unit]) -> std::io::Result<()> {
    let index = Index {
        format: FORMAT.into(),
        units: units
            .iter()
            .map(|u| IndexedUnit {
                key: u.key.clone(),
                start: u.start,
            })
            .collect(),
    };
    std::fs::write(
        dir.join(INDEX),
        serde_json::to_vec(&index).expect("an index serialises"),
    )
}

/// Access units of one unit, with the time they were made for.
#[derive(Debug, Clone)]
pub struct Samples {
    pub start: f64,
    pub samples: Vec<gst::Buffer>,
}

impl Samples {
    /// Where each access unit goes when the unit starts at `start` instead.
    pub fn placed_at(&self, start: f64) -> impl Iterator<Item = (gst::Buffer, f64)> + '_ {
        self.samples.iter().map(move |buffer| {
            let at = pts(buffer) - self.start + start;
            (buffer.clone(), at)
        })
    }
}

fn pts(buffer: &gst::Buffer) -> f64 {
    buffer.pts().map_or(0.0, |t| t.nseconds() as f64 / 1e9)
}

/// Splits access units (in time order) among units starting at `starts` (ascending).
/// A unit whose first access unit is not a key frame cannot stand alone: it is `None`.
/// A unit's key frame may stand up to [`TOLERANCE`] before its start (the MP4's time scale
/// rounds it); a frame that depends on others and stands before a start belongs to the unit
/// before (a still picture repeated 1.5 ms before the next scene was once taken for the
/// next unit's first frame).
pub fn split(samples: Vec<gst::Buffer>, starts: &[f64]) -> Vec<Option<Vec<gst::Buffer>>> {
    let mut split: Vec<Vec<gst::Buffer>> = vec![Vec::new(); starts.len()];
    for buffer in samples {
        let at = pts(&buffer);
        let Some(mut i) = starts.iter().rposition(|&start| start <= at + TOLERANCE) else {
            continue;
        };
        if i > 0 && at < starts[i] && buffer.flags().contains(gst::BufferFlags::DELTA_UNIT) {
            i -= 1;
        }
        split[i].push(buffer);
    }
    split
        .into_iter()
        .zip(starts)
        .map(|(samples, &start)| match samples.first() {
            None => Some(samples),
            Some(first)
                if !first.flags().contains(gst::BufferFlags::DELTA_UNIT)
                    && (pts(first) - start).abs() <= TOLERANCE =>
            {
                Some(samples)
            }
            Some(_) => None,
        })
        .collect()
}

/// The units an earlier render left, by name, and the caps of their track.
pub struct Earlier {
    pub caps: gst::Caps,
    pub units: HashMap<String, Samples>,
}

impl Earlier {
    /// Loads the units of `dir/video.mp4` listed in `dir/`[`INDEX`]; `None` when there is
    /// no index (a video made before units were kept) or it is of another format.
    pub fn load(dir: &Path, video: &str) -> anyhow::Result<Option<Earlier>> {
        let Ok(bytes) = std::fs::read(dir.join(INDEX)) else {
            return Ok(None);
        };
        let index: Index = serde_json::from_slice(&bytes)?;
        if index.format != FORMAT || !dir.join(video).exists() {
            return Ok(None);
        }
        let encoded = demux_video(&dir.join(video))?;
        let starts: Vec<f64> = index.units.iter().map(|u| u.start).collect();
        let split = split(encoded.samples, &starts);
        let units = index
            .units
            .into_iter()
            .zip(split)
            .filter_map(|(unit, samples)| {
                Some((
                    unit.key,
                    Samples {
                        start: unit.start,
                        samples: samples?,
                    },
                ))
            })
            .collect();
        Ok(Some(Earlier {
            caps: encoded.caps,
            units,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buffer(seconds: f64, key: bool) -> gst::Buffer {
        let mut buffer = gst::Buffer::new();
        let buffer_ref = buffer.get_mut().unwrap();
        buffer_ref.set_pts(gst::ClockTime::from_nseconds((seconds * 1e9).round() as u64));
        if !key {
            buffer_ref.set_flags(gst::BufferFlags::DELTA_UNIT);
        }
        buffer
    }

    fn times(unit: &Option<Vec<gst::Buffer>>) -> Vec<f64> {
        unit.as_ref()
            .unwrap()
            .iter()
            .map(|b| (pts(b) * 1e4).round() / 1e4)
            .collect()
    }

    #[test]
    fn a_frame_just_before_a_unit_stays_in_the_unit_before_it() {
        gst::init().unwrap();
        // Seen: a still picture repeated at 97.3259 s, 1.5 ms before the next unit's key
        // frame at 97.3273 s (the split once gave it to that unit, which then did not start
        // with a key frame).
        let starts = [0.0, 97.327_324];
        let samples = vec![
            buffer(0.0, true),
            buffer(95.325_873, false),
            buffer(97.325_873, false),
            buffer(97.327_324, true),
            buffer(97.377_324, false),
        ];
        let split = split(samples, &starts);
        assert_eq!(times(&split[0]), [0.0, 95.3259, 97.3259]);
        assert_eq!(times(&split[1]), [97.3273, 97.3773]);
    }

    #[test]
    fn a_key_frame_rounded_to_just_before_its_start_opens_its_unit() {
        gst::init().unwrap();
        let starts = [0.0, 10.0];
        let samples = vec![
            buffer(0.0, true),
            buffer(9.9995, true),
            buffer(10.05, false),
        ];
        let split = split(samples, &starts);
        assert_eq!(times(&split[0]), [0.0]);
        assert_eq!(times(&split[1]), [9.9995, 10.05]);
        // A unit that would start with a frame depending on another cannot stand alone.
        let split = super::split(vec![buffer(0.0, true), buffer(10.01, false)], &starts);
        assert!(split[1].is_none());
    }
}

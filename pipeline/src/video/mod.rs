//! The frames + encode stage: slides are rendered on worker threads while the encoder
//! consumes them in order; short cross-fades mark each change of picture. The pictures are
//! encoded in units that a later edit can copy (see [`units`]).

pub mod units;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use gstreamer as gst;

use crate::CancellationToken;
use crate::encode::{EncodeSettings, Encoded, Encoder, Muxer, i420, same_parameter_sets};
use crate::error::{PipelineError, Stage};
use crate::frames::{Frame, SlideRenderer};
use crate::narration::Narration;
use crate::storyboard::Storyboard;
use crate::timeline::Shot;

/// Frames per second of the cross-fades (stills are single frames of any length): a reveal
/// fades in over 4 frames, a new scene over 6, eased so that these few frames look smooth.
const FADE_FPS: f64 = 20.0;
const BEAT_FADE: f64 = 0.25;
const SCENE_FADE: f64 = 0.35;
/// A still is repeated at least this often, so that players and seeking stay responsive.
const MAX_STILL: f64 = 2.0;

#[derive(Debug, Clone)]
pub struct VideoSettings {
    pub width: u32,
    pub height: u32,
    pub transitions: bool,
    pub threads: usize,
}

#[derive(Debug, Clone, Default)]
pub struct VideoStats {
    pub slides_rendered: usize,
    pub frames_encoded: usize,
    /// Units (a scene's first shot, or the rest of a scene) copied from an earlier render.
    pub units_reused: usize,
    pub units: usize,
    /// Time spent inside Typst (summed over the render threads).
    pub render_cpu_seconds: f64,
}

/// Quality of the pictures (x264's constant-quality factor).
const QUANTIZER: u32 = 21;

/// Renders the slides and encodes them with the narration into `path`, and leaves the
/// index of its units beside it (see [`units`]). With `earlier` (the folder of an earlier
/// render of a storyboard like this one), units found there are copied, not made again.
#[allow(clippy::too_many_arguments)]
pub fn encode_video(
    storyboard: &Storyboard,
    narration: &Narration,
    shots: &[Shot],
    settings: &VideoSettings,
    path: &Path,
    earlier: Option<&Path>,
    progress: &dyn Fn(f64),
    cancel: &CancellationToken,
) -> Result<VideoStats, PipelineError> {
    let encode_error = |e| PipelineError::failed(Stage::Encode, e);
    let renderer = SlideRenderer::new(storyboard);
    let recipe = units::Recipe {
        width: settings.width,
        height: settings.height,
        quantizer: QUANTIZER,
        transitions: settings.transitions,
        template: crate::frames::TEMPLATE,
    };
    let plan = units::plan(shots, &|i| renderer.data(&shots[i].state), &recipe);
    let mut earlier = earlier.and_then(|dir| {
        units::Earlier::load(dir, crate::outputs::VIDEO)
            .inspect_err(|e| tracing::warn!(error = %e, "the earlier video cannot be reused"))
            .ok()
            .flatten()
    });
    let mut reused: Vec<Option<units::Samples>> = plan
        .iter()
        .map(|unit| {
            earlier
                .as_mut()
                .and_then(|earlier| earlier.units.remove(&unit.key))
        })
        .collect();

    let muxer = Muxer::start(path, narration.sample_rate).map_err(encode_error)?;
    let outcome = (|| {
        muxer.push_audio(&narration.samples).map_err(encode_error)?;
        let missing: Vec<usize> = (0..plan.len()).filter(|&u| reused[u].is_none()).collect();
        let mut stats = VideoStats {
            units: plan.len(),
            units_reused: plan.len() - missing.len(),
            ..VideoStats::default()
        };
        let fresh = if missing.is_empty() {
            progress(1.0);
            None
        } else {
            let (encoded, rendered) = encode_units(
                &renderer, shots, &plan, &missing, settings, progress, cancel,
            )?;
            stats.slides_rendered = rendered.slides_rendered;
            stats.frames_encoded = rendered.frames_encoded;
            stats.render_cpu_seconds = rendered.render_cpu_seconds;
            Some(encoded)
        };
        let caps = match (&fresh, &earlier) {
            (Some(fresh), Some(earlier)) if stats.units_reused > 0 => {
                if !same_parameter_sets(&fresh.caps, &earlier.caps) {
                    // Another x264 made the earlier video: its pictures cannot share a track
                    // with these, so every unit is made again.
                    tracing::warn!("the earlier video was encoded differently; encoding all of it");
                    return Ok(None);
                }
                fresh.caps.clone()
            }
            (Some(fresh), _) => fresh.caps.clone(),
            (None, Some(earlier)) => earlier.caps.clone(),
            (None, None) => {
                return Err(PipelineError::message(
                    Stage::Encode,
                    "a video with no picture",
                ));
            }
        };
        let starts: Vec<f64> = plan.iter().map(|u| u.start).collect();
        let mut fresh = fresh
            .map(|encoded| units::split(encoded.samples, &starts))
            .unwrap_or_default();
        muxer.set_video_caps(&caps);
        for (u, unit) in plan.iter().enumerate() {
            let samples = match reused[u].take() {
                Some(samples) => samples,
                None => units::Samples {
                    start: unit.start,
                    samples: fresh.get_mut(u).and_then(Option::take).ok_or_else(|| {
                        PipelineError::message(
                            Stage::Encode,
                            format!("x264 did not start unit {u} with a key frame"),
                        )
                    })?,
                },
            };
            for (buffer, at) in samples.placed_at(unit.start) {
                muxer.push_unit(buffer, at).map_err(encode_error)?;
            }
        }
        Ok(Some(stats))
    })();
    match outcome {
        Ok(Some(stats)) => {
            muxer.finish().map_err(encode_error)?;
            if let Some(dir) = path.parent() {
                units::save(dir, &plan).map_err(|e| {
                    PipelineError::message(Stage::Outputs, format!("saving the video's units: {e}"))
                })?;
            }
            Ok(stats)
        }
        Ok(None) => {
            muxer.abort();
            encode_video(
                storyboard, narration, shots, settings, path, None, progress, cancel,
            )
        }
        Err(error) => {
            muxer.abort();
            let _ = std::fs::remove_file(path);
            Err(error)
        }
    }
}

/// Renders the shots of the `missing` units (and the shot each fades from) and encodes
/// them, each unit starting with a key frame.
fn encode_units(
    renderer: &SlideRenderer,
    shots: &[Shot],
    plan: &[units::Unit],
    missing: &[usize],
    settings: &VideoSettings,
    progress: &dyn Fn(f64),
    cancel: &CancellationToken,
) -> Result<(Encoded, VideoStats), PipelineError> {
    let encode_error = |e| PipelineError::failed(Stage::Encode, e);
    // Shots to draw, in order: every shot of a missing unit and the one before it.
    let mut wanted = vec![false; shots.len()];
    let mut encoded_shot = vec![false; shots.len()];
    let mut unit_start = vec![false; shots.len()];
    for &u in missing {
        let range = plan[u].shots.clone();
        if settings.transitions && range.start > 0 {
            wanted[range.start - 1] = true;
        }
        unit_start[range.start] = true;
        for i in range {
            wanted[i] = true;
            encoded_shot[i] = true;
        }
    }
    let todo: Vec<usize> = (0..shots.len()).filter(|&i| wanted[i]).collect();
    let last_missing = missing.last().is_some_and(|&u| u + 1 == plan.len());

    let encoder = Encoder::start(&EncodeSettings {
        width: settings.width,
        height: settings.height,
        quantizer: QUANTIZER,
    })
    .map_err(encode_error)?;
    let stop = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let render_nanos = AtomicUsize::new(0);
    let mut stats = VideoStats {
        slides_rendered: todo.len(),
        ..VideoStats::default()
    };

    let outcome = std::thread::scope(|scope| {
        let (sender, receiver) =
            mpsc::sync_channel::<(usize, Result<gst::Buffer, PipelineError>)>(2);
        for _ in 0..settings.threads.max(1) {
            let sender = sender.clone();
            let (todo, stop, next, render_nanos, encoder) =
                (&todo, &stop, &next, &render_nanos, &encoder);
            scope.spawn(move || {
                loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    if k >= todo.len() || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let started = Instant::now();
                    let frame = renderer
                        .render(&shots[todo[k]].state, settings.width)
                        .map_err(|e| PipelineError::failed(Stage::Frames, e));
                    render_nanos.fetch_add(started.elapsed().as_nanos() as usize, Ordering::SeqCst);
                    let picture = frame.and_then(|frame| picture(frame, settings, encoder));
                    if sender.send((k, picture)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);

        let mut pending = BTreeMap::new();
        let mut emitted = 0;
        let mut previous: Option<gst::Buffer> = None;
        let result = (|| {
            for (k, frame) in receiver.iter() {
                pending.insert(k, frame);
                while let Some(frame) = pending.remove(&emitted) {
                    if cancel.is_cancelled() {
                        return Err(PipelineError::Cancelled {
                            stage: Stage::Frames,
                        });
                    }
                    let picture = frame?;
                    let i = todo[emitted];
                    if encoded_shot[i] {
                        if unit_start[i] {
                            encoder.key_frame_at(shots[i].start);
                        }
                        // A unit's first shot fades from the shot before it, drawn for that.
                        let from = previous.as_ref().filter(|_| i > 0 && wanted[i - 1]);
                        stats.frames_encoded +=
                            emit(&encoder, &shots[i], from, &picture, settings.transitions)
                                .map_err(encode_error)?;
                    }
                    previous = Some(picture);
                    emitted += 1;
                    progress(emitted as f64 / todo.len() as f64);
                }
            }
            // mp4mux gives the last frame no duration: a closing copy at the very end makes
            // the picture track last exactly as long as the narration.
            if let (true, Some(last), Some(shot)) = (last_missing, previous, shots.last()) {
                encoder
                    .push_frame(last, shot.end, 1.0 / FADE_FPS)
                    .map_err(encode_error)?;
                stats.frames_encoded += 1;
            }
            Ok(())
        })();
        if result.is_err() {
            stop.store(true, Ordering::SeqCst);
            // Unblock the render threads so that the scope can end.
            for _ in receiver.iter() {}
        }
        result
    });
    stats.render_cpu_seconds = Duration::from_nanos(render_nanos.into_inner() as u64).as_secs_f64();

    match outcome {
        Ok(()) => Ok((encoder.finish().map_err(encode_error)?, stats)),
        Err(error) => {
            encoder.abort();
            Err(error)
        }
    }
}

/// A rendered slide in the encoder's I420 (converted on the render thread).
fn picture(
    frame: Frame,
    settings: &VideoSettings,
    encoder: &Encoder,
) -> Result<gst::Buffer, PipelineError> {
    if frame.width != settings.width || frame.height != settings.height {
        return Err(PipelineError::message(
            Stage::Frames,
            format!("a slide rendered at {}x{}", frame.width, frame.height),
        ));
    }
    let (width, height) = (frame.width as usize, frame.height as usize);
    let mut pixels = vec![0; i420::size(width, height)];
    i420::from_rgba(&frame.rgba, width, height, &mut pixels);
    encoder
        .frame_buffer(pixels)
        .map_err(|e| PipelineError::failed(Stage::Encode, e))
}

/// The share of the new picture after `k` of `steps` fade frames, eased in and out.
fn fade_weight(k: u32, steps: u32) -> u16 {
    let x = f64::from(k) / f64::from(steps);
    (x * x * (3.0 - 2.0 * x) * 256.0).round() as u16
}

/// Pushes one shot: a cross-fade from the previous picture, then the still.
fn emit(
    encoder: &Encoder,
    shot: &Shot,
    previous: Option<&gst::Buffer>,
    picture: &gst::Buffer,
    transitions: bool,
) -> Result<usize, crate::encode::EncodeError> {
    let mut pushed = 0;
    let mut t = shot.start;
    let length = shot.end - shot.start;
    if let (Some(previous), true) = (previous, transitions) {
        let fade = if shot.new_scene {
            SCENE_FADE
        } else {
            BEAT_FADE
        }
        .min(length * 0.4);
        let steps = (fade * FADE_FPS).round() as u32;
        let map_error = |e: gst::glib::BoolError| crate::encode::EncodeError::Push(e.to_string());
        let from = previous.map_readable().map_err(map_error)?;
        let to = picture.map_readable().map_err(map_error)?;
        for k in 1..steps {
            let mixed = encoder.pooled_frame(|out| {
                i420::blend(&from, &to, fade_weight(k, steps), out);
            })?;
            encoder.push_frame(mixed, t, 1.0 / FADE_FPS)?;
            t += 1.0 / FADE_FPS;
            pushed += 1;
        }
    }
    while shot.end - t > 1e-6 {
        let piece = (shot.end - t).min(MAX_STILL);
        encoder.push_frame(picture.clone(), t, piece)?;
        t += piece;
        pushed += 1;
    }
    Ok(pushed)
}

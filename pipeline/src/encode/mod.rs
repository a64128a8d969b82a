//! Encode: GStreamer appsrc -> x264 (H.264) + AAC -> MP4 with the index at the front.
//! Frames are pushed only when the picture changes (variable frame rate), each with its
//! own timestamp and duration, so a still slide costs one frame, not thirty a second.
//! Pictures arrive as I420 (see `i420`), so no colour conversion runs per frame.

pub mod i420;

use std::path::Path;
use std::sync::Once;

use gstreamer as gst;
use gstreamer::prelude::*;
use gstreamer_app as gst_app;

#[derive(Debug, thiserror::Error)]
pub enum EncodeError {
    #[error("GStreamer could not start: {0}")]
    Init(String),
    #[error("the encoding pipeline could not be built (is {hint} installed?): {message}")]
    Build { message: String, hint: &'static str },
    #[error("a frame or audio buffer was refused: {0}")]
    Push(String),
    #[error("the encoder failed: {0}")]
    Pipeline(String),
}

static INIT: Once = Once::new();

fn init() -> Result<(), EncodeError> {
    let mut result = Ok(());
    INIT.call_once(|| result = gst::init().map_err(|e| EncodeError::Init(e.to_string())));
    result
}

/// Encoder settings: constant quality (x264 `pass=qual`), tuned for slides.
#[derive(Debug, Clone)]
pub struct EncodeSettings {
    pub width: u32,
    pub height: u32,
    pub audio_rate: u32,
    pub quantizer: u32,
}

pub struct Encoder {
    pipeline: gst::Pipeline,
    video: gst_app::AppSrc,
    audio: gst_app::AppSrc,
    audio_rate: u32,
    frame_bytes: usize,
    /// Recycles the buffers of blended frames once x264 has consumed them.
    pool: gst::BufferPool,
}

fn seconds(t: f64) -> gst::ClockTime {
    gst::ClockTime::from_nseconds((t.max(0.0) * 1e9).round() as u64)
}

impl Encoder {
    pub fn start(path: &Path, settings: &EncodeSettings) -> Result<Encoder, EncodeError> {
        init()?;
        // The voice goes to AAC at its own rate (22.05 kHz for Piper and espeak-ng): resampling
        // to 44.1 kHz would add nothing to speech and double the encoder's work. The "fast"
        // AAC coder takes a third of the CPU of the default two-loop search.
        let description = format!(
            "appsrc name=video format=time is-live=false block=true \
               caps=video/x-raw,format=I420,width={w},height={h},framerate=0/1,colorimetry={colorimetry} \
             ! x264enc speed-preset=superfast tune=stillimage pass=qual quantizer={q} \
               key-int-max=20 bframes=0 \
             ! video/x-h264,profile=high ! h264parse ! queue ! mux.video_0 \
             appsrc name=audio format=time is-live=false block=false \
               caps=audio/x-raw,format=S16LE,layout=interleaved,channels=1,rate={rate} \
             ! audioconvert ! audioresample \
             ! avenc_aac aac-coder=fast bitrate=96000 ! aacparse ! queue ! mux.audio_0 \
             mp4mux name=mux faststart=true ! filesink name=sink",
            w = settings.width,
            h = settings.height,
            colorimetry = i420::COLORIMETRY,
            q = settings.quantizer,
            rate = settings.audio_rate,
        );
        let build_error = |message: String| EncodeError::Build {
            message,
            hint: "gstreamer1.0-plugins-{base,good,bad,ugly} and gstreamer1.0-libav",
        };
        let pipeline = gst::parse::launch(&description)
            .map_err(|e| build_error(e.to_string()))?
            .downcast::<gst::Pipeline>()
            .map_err(|_| build_error("not a pipeline".into()))?;
        let by_name = |name: &str| {
            pipeline
                .by_name(name)
                .ok_or_else(|| build_error(format!("no element {name}")))
        };
        by_name("sink")?.set_property("location", path.to_string_lossy().as_ref());
        let video = by_name("video")?
            .downcast::<gst_app::AppSrc>()
            .map_err(|_| build_error("video is not an appsrc".into()))?;
        let audio = by_name("audio")?
            .downcast::<gst_app::AppSrc>()
            .map_err(|_| build_error("audio is not an appsrc".into()))?;
        let frame_bytes = i420::size(settings.width as usize, settings.height as usize);
        // A few frames of backlog keep x264 busy while the next slide renders.
        video.set_max_bytes((frame_bytes * 6) as u64);
        let pool = gst::BufferPool::new();
        let mut config = pool.config();
        config.set_params(video.caps().as_ref(), frame_bytes as u32, 2, 0);
        pool.set_config(config)
            .map_err(|e| build_error(format!("frame pool: {e}")))?;
        pool.set_active(true)
            .map_err(|e| build_error(format!("frame pool: {e}")))?;
        pipeline
            .set_state(gst::State::Playing)
            .map_err(|e| EncodeError::Pipeline(format!("could not start: {e}")))?;
        Ok(Encoder {
            pipeline,
            video,
            audio,
            audio_rate: settings.audio_rate,
            frame_bytes,
            pool,
        })
    }

    /// Queues the whole narration track (mono 16-bit) from time zero.
    pub fn push_audio(&self, samples: &[i16]) -> Result<(), EncodeError> {
        let bytes = samples.len() * 2;
        self.audio.set_max_bytes((bytes + (1 << 20)) as u64);
        let chunk = self.audio_rate as usize; // one second per buffer
        for (i, part) in samples.chunks(chunk).enumerate() {
            let mut data = Vec::with_capacity(part.len() * 2);
            for s in part {
                data.extend_from_slice(&s.to_le_bytes());
            }
            let mut buffer = gst::Buffer::from_mut_slice(data);
            {
                let buffer = buffer.get_mut().expect("a new buffer is writable");
                let start = (i * chunk) as f64 / f64::from(self.audio_rate);
                buffer.set_pts(seconds(start));
                buffer.set_duration(seconds(part.len() as f64 / f64::from(self.audio_rate)));
            }
            self.audio
                .push_buffer(buffer)
                .map_err(|e| EncodeError::Push(format!("audio: {e:?}")))?;
        }
        self.audio
            .end_of_stream()
            .map_err(|e| EncodeError::Push(format!("audio end: {e:?}")))?;
        Ok(())
    }

    /// Wraps an I420 picture in a buffer that can be pushed several times (repeated stills).
    pub fn frame_buffer(&self, i420: Vec<u8>) -> Result<gst::Buffer, EncodeError> {
        if i420.len() != self.frame_bytes {
            return Err(EncodeError::Push(format!(
                "a frame of {} bytes; {} expected",
                i420.len(),
                self.frame_bytes
            )));
        }
        Ok(gst::Buffer::from_mut_slice(i420))
    }

    /// A recycled frame buffer whose pixels `fill` writes (I420, `frame_bytes` long).
    pub fn pooled_frame(&self, fill: impl FnOnce(&mut [u8])) -> Result<gst::Buffer, EncodeError> {
        let mut buffer = self
            .pool
            .acquire_buffer(None)
            .map_err(|e| EncodeError::Push(format!("no frame buffer: {e}")))?;
        {
            let buffer = buffer.get_mut().expect("a pooled buffer is ours alone");
            let mut map = buffer
                .map_writable()
                .map_err(|e| EncodeError::Push(format!("frame buffer: {e}")))?;
            fill(map.as_mut_slice());
        }
        Ok(buffer)
    }

    /// Shows `frame` from `start` for `duration` seconds. Pushing a clone of a buffer shares
    /// its pixels: a repeated still costs no copy.
    pub fn push_frame(
        &self,
        mut frame: gst::Buffer,
        start: f64,
        duration: f64,
    ) -> Result<(), EncodeError> {
        {
            let buffer = frame.make_mut();
            buffer.set_pts(seconds(start));
            buffer.set_duration(seconds(duration));
        }
        self.video
            .push_buffer(frame)
            .map_err(|e| EncodeError::Push(format!("video: {e:?}")))?;
        Ok(())
    }

    /// Ends both streams and waits until the MP4 is complete (moov written at the front).
    pub fn finish(self) -> Result<(), EncodeError> {
        self.video
            .end_of_stream()
            .map_err(|e| EncodeError::Push(format!("video end: {e:?}")))?;
        let bus = self.pipeline.bus().expect("a pipeline has a bus");
        let result = loop {
            let Some(message) = bus.timed_pop(gst::ClockTime::from_seconds(600)) else {
                break Err(EncodeError::Pipeline(
                    "no end of stream after 10 minutes".into(),
                ));
            };
            match message.view() {
                gst::MessageView::Eos(..) => break Ok(()),
                gst::MessageView::Error(err) => {
                    break Err(EncodeError::Pipeline(format!(
                        "{} ({})",
                        err.error(),
                        err.debug().map(|d| d.to_string()).unwrap_or_default()
                    )));
                }
                _ => {}
            }
        };
        let _ = self.pipeline.set_state(gst::State::Null);
        let _ = self.pool.set_active(false);
        result
    }

    /// Stops without finishing the file (on cancel or error).
    pub fn abort(self) {
        let _ = self.pipeline.set_state(gst::State::Null);
        let _ = self.pool.set_active(false);
    }
}

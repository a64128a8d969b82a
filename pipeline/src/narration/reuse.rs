//! Speech kept for the next render: a render leaves its narration track (`narration.wav`)
//! and where each sentence's clip lies in it (`narration.json`, each clip named by a hash of
//! the engine, the speed and the sentence). A re-render of an edited storyboard loads them
//! and speaks only the sentences whose key it does not find.

use std::collections::HashMap;
use std::path::Path;

use lectern_contract::Wpm;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::{Narration, NarrationError, decode_wav};

/// The narration track a render leaves for the next one.
pub const TRACK: &str = "narration.wav";
/// Each sentence's key and sample range in [`TRACK`].
pub const INDEX: &str = "narration.json";

/// The name of a sentence's clip: what the voice says, who says it and how fast.
pub fn clip_key(engine: &str, wpm: Wpm, sentence: &str) -> String {
    let mut hash = Sha256::new();
    for part in [engine, &wpm.to_string(), sentence] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    format!("{:x}", hash.finalize())
}

#[derive(Debug, Serialize, Deserialize)]
struct Index {
    sample_rate: u32,
    clips: Vec<IndexedClip>,
}

#[derive(Debug, Serialize, Deserialize)]
struct IndexedClip {
    key: String,
    /// Samples `start..end` of the track.
    start: usize,
    end: usize,
}

/// Writes the track and the index of its clips (`keys[i]` is sentence `i`'s key).
pub fn save(dir: &Path, narration: &Narration, keys: &[String]) -> std::io::Result<()> {
    let rate = f64::from(narration.sample_rate);
    let clips = narration
        .sentences
        .iter()
        .zip(keys)
        .map(|(timing, key)| IndexedClip {
            key: key.clone(),
            start: (timing.start * rate).round() as usize,
            end: (timing.end * rate).round() as usize,
        })
        .collect();
    let index = Index {
        sample_rate: narration.sample_rate,
        clips,
    };
    std::fs::write(
        dir.join(TRACK),
        encode_wav(narration.sample_rate, &narration.samples),
    )?;
    std::fs::write(
        dir.join(INDEX),
        serde_json::to_vec(&index).expect("an index serialises"),
    )
}

/// Clips spoken before, by key.
#[derive(Debug, Default)]
pub struct SpokenClips {
    pub sample_rate: u32,
    clips: HashMap<String, Vec<i16>>,
}

impl SpokenClips {
    /// The clips a render left in `dir`.
    pub fn load(dir: &Path) -> Result<SpokenClips, NarrationError> {
        let read = |name: &str| {
            std::fs::read(dir.join(name))
                .map_err(|e| NarrationError::Decode(format!("reading {name}: {e}")))
        };
        let index: Index = serde_json::from_slice(&read(INDEX)?)
            .map_err(|e| NarrationError::Decode(format!("{INDEX}: {e}")))?;
        let (rate, samples) = decode_wav(read(TRACK)?)?;
        if rate != index.sample_rate {
            return Err(NarrationError::Decode(format!(
                "{TRACK} is at {rate} Hz, its index says {}",
                index.sample_rate
            )));
        }
        let mut clips = HashMap::new();
        for clip in index.clips {
            let Some(samples) = samples.get(clip.start..clip.end) else {
                return Err(NarrationError::Decode(format!(
                    "a clip ({}..{}) beyond the track's {} samples",
                    clip.start,
                    clip.end,
                    samples.len()
                )));
            };
            clips.insert(clip.key, samples.to_vec());
        }
        Ok(SpokenClips {
            sample_rate: rate,
            clips,
        })
    }

    pub fn get(&self, key: &str) -> Option<&[i16]> {
        self.clips.get(key).map(Vec::as_slice)
    }

    pub fn len(&self) -> usize {
        self.clips.len()
    }

    pub fn is_empty(&self) -> bool {
        self.clips.is_empty()
    }
}

/// A mono 16-bit PCM WAV file.
pub fn encode_wav(rate: u32, samples: &[i16]) -> Vec<u8> {
    let data = (samples.len() * 2) as u32;
    let mut bytes = Vec::with_capacity(44 + data as usize);
    bytes.extend_from_slice(b"RIFF");
    bytes.extend_from_slice(&(36 + data).to_le_bytes());
    bytes.extend_from_slice(b"WAVEfmt ");
    bytes.extend_from_slice(&16u32.to_le_bytes());
    bytes.extend_from_slice(&1u16.to_le_bytes()); // PCM
    bytes.extend_from_slice(&1u16.to_le_bytes()); // mono
    bytes.extend_from_slice(&rate.to_le_bytes());
    bytes.extend_from_slice(&(rate * 2).to_le_bytes());
    bytes.extend_from_slice(&2u16.to_le_bytes());
    bytes.extend_from_slice(&16u16.to_le_bytes());
    bytes.extend_from_slice(b"data");
    bytes.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        bytes.extend_from_slice(&s.to_le_bytes());
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::narration::SentenceTiming;

    const USUAL: Wpm = Wpm::new(150);

    #[test]
    fn a_saved_track_gives_back_each_clip_by_its_key() {
        let dir = tempfile::tempdir().unwrap();
        let rate = 8000;
        let mut samples = vec![0i16; 800];
        samples.extend((0..1600).map(|i| (i % 100) as i16 * 50));
        samples.extend(vec![0i16; 400]);
        samples.extend((0..800).map(|i| -((i % 50) as i16) * 40));
        let timing = |start: usize, end: usize| SentenceTiming {
            scene: 0,
            beat: 0,
            text: String::new(),
            start: start as f64 / f64::from(rate),
            end: end as f64 / f64::from(rate),
        };
        let narration = Narration {
            sample_rate: rate,
            samples: samples.clone(),
            sentences: vec![timing(800, 2400), timing(2800, 3600)],
        };
        let keys = [
            clip_key("piper:joe", USUAL, "One."),
            clip_key("piper:joe", USUAL, "Two."),
        ];
        save(dir.path(), &narration, &keys).unwrap();

        let clips = SpokenClips::load(dir.path()).unwrap();
        assert_eq!(clips.sample_rate, rate);
        assert_eq!(clips.len(), 2);
        assert_eq!(clips.get(&keys[0]).unwrap(), &samples[800..2400]);
        assert_eq!(clips.get(&keys[1]).unwrap(), &samples[2800..3600]);
        assert!(
            clips
                .get(&clip_key("piper:joe", Wpm::new(160), "One."))
                .is_none()
        );
    }

    #[test]
    fn a_clip_is_named_by_engine_speed_and_words() {
        let key = clip_key("piper:joe", USUAL, "Plants make sugar.");
        assert_eq!(key, clip_key("piper:joe", USUAL, "Plants make sugar."));
        assert_ne!(key, clip_key("espeak-ng", USUAL, "Plants make sugar."));
        assert_ne!(key, clip_key("piper:joe", USUAL, "Plants make sugars."));
        assert_eq!(key.len(), 64);
    }

    #[test]
    fn a_damaged_index_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(TRACK), encode_wav(8000, &[0; 100])).unwrap();
        std::fs::write(
            dir.path().join(INDEX),
            r#"{"sample_rate":8000,"clips":[{"key":"k","start":50,"end":500}]}"#,
        )
        .unwrap();
        assert!(SpokenClips::load(dir.path()).is_err());
        std::fs::write(dir.path().join(INDEX), "not json").unwrap();
        assert!(SpokenClips::load(dir.path()).is_err());
    }
}

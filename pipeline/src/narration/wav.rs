use std::io::Cursor;

use symphonia::core::codecs::audio::AudioDecoderOptions;
use symphonia::core::errors::Error;
use symphonia::core::formats::probe::Hint;
use symphonia::core::formats::{FormatOptions, TrackType};
use symphonia::core::io::MediaSourceStream;
use symphonia::core::meta::MetadataOptions;

use super::NarrationError;

/// Decodes a WAV file to mono 16-bit samples (channels are averaged) and its sample rate.
/// The sample count is what every timing in the pipeline is computed from.
pub fn decode_wav(bytes: Vec<u8>) -> Result<(u32, Vec<i16>), NarrationError> {
    let decode_error = |e: Error| NarrationError::Decode(e.to_string());
    let stream = MediaSourceStream::new(Box::new(Cursor::new(bytes)), Default::default());
    let mut hint = Hint::new();
    hint.with_extension("wav");
    let mut format = symphonia::default::get_probe()
        .probe(
            &hint,
            stream,
            FormatOptions::default(),
            MetadataOptions::default(),
        )
        .map_err(decode_error)?;
    let track = format
        .default_track(TrackType::Audio)
        .ok_or_else(|| NarrationError::Decode("no audio track".into()))?;
    let params = track
        .codec_params
        .as_ref()
        .and_then(|p| p.audio())
        .ok_or_else(|| NarrationError::Decode("no audio parameters".into()))?;
    let mut decoder = symphonia::default::get_codecs()
        .make_audio_decoder(params, &AudioDecoderOptions::default())
        .map_err(decode_error)?;
    let track_id = track.id;

    let mut rate = 0;
    let mut mono = Vec::new();
    let mut interleaved: Vec<i16> = Vec::new();
    while let Some(packet) = format.next_packet().map_err(decode_error)? {
        if packet.track_id != track_id {
            continue;
        }
        let buffer = match decoder.decode(&packet) {
            Ok(buffer) => buffer,
            Err(Error::DecodeError(_)) => continue,
            Err(e) => return Err(decode_error(e)),
        };
        rate = buffer.spec().rate();
        let channels = buffer.spec().channels().count().max(1);
        interleaved.resize(buffer.samples_interleaved(), 0);
        buffer.copy_to_slice_interleaved(&mut interleaved);
        if channels == 1 {
            mono.extend_from_slice(&interleaved);
        } else {
            mono.extend(interleaved.chunks(channels).map(|frame| {
                (frame.iter().map(|&s| i32::from(s)).sum::<i32>() / channels as i32) as i16
            }));
        }
    }
    if rate == 0 {
        return Err(NarrationError::Decode("the file holds no audio".into()));
    }
    Ok((rate, mono))
}

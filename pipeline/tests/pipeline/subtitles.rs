use lectern_pipeline::narration::SentenceTiming;
use lectern_pipeline::outputs::subtitles::{cues, to_srt, to_vtt};

fn sentence(text: &str, start: f64, end: f64) -> SentenceTiming {
    SentenceTiming {
        scene: 0,
        beat: 0,
        text: text.into(),
        start,
        end,
    }
}

#[test]
fn a_long_sentence_is_split_into_cues_of_two_lines_of_42_characters() {
    let text = "Horizontally there is no acceleration, while vertically gravity accelerates the ball downwards at nine point eight metres per second squared.";
    let cues = cues(&[sentence(text, 1.0, 9.0)]);
    assert!(cues.len() >= 2);
    assert!(
        cues.iter()
            .all(|c| c.lines.len() <= 2 && c.lines.iter().all(|l| l.chars().count() <= 42))
    );
    let words: Vec<String> = cues
        .iter()
        .flat_map(|c| {
            c.lines
                .join(" ")
                .split(' ')
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(words.join(" "), text);
    assert_eq!(cues.first().unwrap().start, 1.0);
    assert_eq!(cues.last().unwrap().end, 9.0);
    assert!(cues.windows(2).all(|w| w[0].end == w[1].start));
}

#[test]
fn vtt_and_srt_use_their_own_timestamp_formats() {
    let cues = cues(&[sentence("Hello there.", 61.5, 62.25)]);
    assert!(to_vtt(&cues).contains("00:01:01.500 --> 00:01:02.250\nHello there."));
    assert!(to_srt(&cues).contains("00:01:01,500 --> 00:01:02,250\nHello there."));
}

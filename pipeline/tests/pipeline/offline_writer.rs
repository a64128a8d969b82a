use lectern_pipeline::frames::check_slides;
use lectern_pipeline::script::{OfflineWriter, ScriptWriter, WORD_BUDGET_TOLERANCE};
use lectern_pipeline::storyboard::{Origin, Visual};
use lectern_pipeline::{Brief, Minutes, Wpm};

fn brief(topic: &str, minutes: f64) -> Brief {
    Brief::new(topic, 1, Minutes::new(minutes), Wpm::new(150))
}

#[tokio::test]
async fn the_offline_writer_meets_the_word_budget_for_every_length() {
    for (topic, minutes, wpm) in [
        ("Photosynthesis", 1.0, 150),
        ("Photosynthesis", 1.0, 80),
        ("Binary search", 3.0, 150),
        ("Quadratic equations", 5.0, 150),
        ("Marketing", 7.0, 150),
        ("Plate tectonics", 10.0, 150),
        ("Binary search", 12.0, 150),
        ("Quadratic equations", 15.0, 150),
        ("Marketing", 15.0, 250),
        ("Photosynthesis", 15.0, 80),
    ] {
        let brief = Brief {
            wpm: Wpm::new(wpm),
            ..brief(topic, minutes)
        };
        let storyboard = OfflineWriter.write(&brief).await.unwrap();
        storyboard.validate().unwrap();
        storyboard
            .check_word_budget(WORD_BUDGET_TOLERANCE)
            .unwrap_or_else(|e| panic!("{topic}, {minutes} min at {wpm} wpm: {e}"));
        check_slides(&storyboard)
            .unwrap_or_else(|e| panic!("{topic}, {minutes} min at {wpm} wpm: {e}"));
    }
}

/// Every whole length from 1 to 15 minutes, at slow, usual and fast speaking rates, for each
/// kind of subject (their core scenes differ).
#[tokio::test]
async fn the_offline_writer_meets_the_word_budget_across_lengths_and_rates() {
    let mut failures = Vec::new();
    for topic in [
        "Photosynthesis",
        "Binary search",
        "Quadratic equations",
        "Marketing",
    ] {
        for minutes in 1..=15 {
            for wpm in [80, 100, 120, 150, 180, 210, 250] {
                let brief = Brief {
                    wpm: Wpm::new(wpm),
                    ..brief(topic, f64::from(minutes))
                };
                let storyboard = OfflineWriter.write(&brief).await.unwrap();
                storyboard.validate().unwrap();
                if let Err(e) = storyboard.check_word_budget(WORD_BUDGET_TOLERANCE) {
                    failures.push(format!("{topic}, {minutes} min at {wpm} wpm: {e}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[tokio::test]
async fn the_offline_draft_says_so_on_screen_in_its_narration_and_in_its_origin() {
    let storyboard = OfflineWriter
        .write(&brief("Photosynthesis", 3.0))
        .await
        .unwrap();
    assert_eq!(storyboard.origin, Origin::OfflineDraft);
    assert!(storyboard.is_offline_draft());
    let title = &storyboard.scenes[0];
    assert!(matches!(title.visual, Visual::Title { .. }));
    assert!(title.narration.iter().any(|s| s.contains("offline draft")));
    assert_eq!(OfflineWriter.engine(), "offline");
}

#[tokio::test]
async fn the_offline_writer_refuses_an_empty_topic() {
    assert!(OfflineWriter.write(&brief("   ", 3.0)).await.is_err());
}

/// Issue 17: every offline video asks 2 to 4 honest recall questions, each about a scene that
/// teaches (not the title or the quiz; the last scene only when it is a summary and the video
/// has little else to ask about), with its right answer on that scene's slide, and the
/// storyboard with them stays valid.
#[tokio::test]
async fn an_offline_video_gets_two_to_four_recall_questions_about_its_own_scenes() {
    use lectern_pipeline::checkpoints::completed;
    use lectern_pipeline::storyboard::CheckpointAnswer;
    for (topic, minutes) in [
        ("Photosynthesis", 1.0),
        ("How a lever lets a small force lift a heavy load", 1.0),
        ("Supply and demand", 1.0),
        ("Recursion in Python", 1.0),
        ("Binary search", 3.0),
        ("Quadratic equations", 5.0),
        ("The causes of World War I", 10.0),
    ] {
        let mut storyboard = OfflineWriter.write(&brief(topic, minutes)).await.unwrap();
        storyboard.checkpoints = completed(&storyboard, Vec::new());
        let n = storyboard.checkpoints.len();
        assert!(
            (2..=4).contains(&n),
            "{topic}, {minutes} min: {n} questions"
        );
        storyboard.validate().unwrap();
        for checkpoint in &storyboard.checkpoints {
            let scene = &storyboard.scenes[checkpoint.scene];
            let last = checkpoint.scene + 1 == storyboard.scenes.len();
            let summary = matches!(scene.visual, Visual::Summary { .. });
            assert!(
                (!last || summary)
                    && !matches!(scene.visual, Visual::Title { .. } | Visual::Quiz { .. }),
                "{topic}: a question about {:?}",
                scene.visual.kind()
            );
            if let CheckpointAnswer::Choice { options, answer } = &checkpoint.answer {
                let right = &options[*answer];
                // The right option is what the scene showed.
                let shown = serde_json::to_string(&scene.visual).unwrap().to_lowercase();
                assert!(
                    shown.contains(&right.to_lowercase()),
                    "{topic}: {right:?} is not on the slide of {}",
                    scene.visual.heading()
                );
            }
        }
    }
}

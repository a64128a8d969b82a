use lectern_pipeline::Brief;
use lectern_pipeline::frames::check_slides;
use lectern_pipeline::script::{OfflineWriter, ScriptWriter, WORD_BUDGET_TOLERANCE};
use lectern_pipeline::storyboard::{Origin, Visual};

fn brief(topic: &str, minutes: f64) -> Brief {
    Brief {
        topic: topic.into(),
        level: 1,
        duration_minutes: minutes,
        wpm: 150,
    }
}

#[tokio::test]
async fn the_offline_writer_meets_the_word_budget_for_every_length() {
    for (topic, minutes) in [
        ("Photosynthesis", 1.0),
        ("Binary search", 3.0),
        ("Quadratic equations", 5.0),
        ("Marketing", 7.0),
    ] {
        let storyboard = OfflineWriter.write(&brief(topic, minutes)).await.unwrap();
        storyboard.validate().unwrap();
        storyboard
            .check_word_budget(WORD_BUDGET_TOLERANCE)
            .unwrap_or_else(|e| panic!("{topic}, {minutes} min: {e}"));
        check_slides(&storyboard).unwrap();
    }
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

use lectern_pipeline::frames::check_slides;
use lectern_pipeline::storyboard::{Cite, EquationStep, Visual};

use crate::helpers::fixture_storyboard;

#[test]
fn the_hand_written_fixture_is_valid_and_lays_out() {
    let storyboard = fixture_storyboard();
    storyboard.validate().unwrap();
    check_slides(&storyboard).unwrap();
}

#[test]
fn every_problem_is_reported_with_its_json_path() {
    let mut storyboard = fixture_storyboard();
    storyboard.level = 7;
    storyboard.scenes[1].narration.truncate(1);
    if let Visual::Quiz { answer, .. } = &mut storyboard.scenes[8].visual {
        *answer = 9;
    }

    let errors = storyboard.validate().unwrap_err();

    let paths: Vec<&str> = errors.0.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(paths, ["level", "scenes[1].narration", "scenes[8].answer"]);
    assert!(errors.to_string().contains("3 elements"), "{errors}");
}

#[test]
fn a_quiz_whose_options_say_one_thing_twice_is_refused() {
    let mut storyboard = fixture_storyboard();
    let Visual::Quiz { options, .. } = &mut storyboard.scenes[8].visual else {
        panic!("the fixture's ninth scene is its quiz");
    };
    // As a 1.5B model wrote all four options of a photosynthesis quiz (5 December).
    let said = "Process by which plants, algae and some bacteria";
    options[0] = said.into();
    options[1] = format!("{said} ");
    options[2] = said.to_uppercase();

    let errors = storyboard.validate().unwrap_err();

    let paths: Vec<&str> = errors.0.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(paths, ["scenes[8].options[1]", "scenes[8].options[2]"]);
    assert!(
        errors.to_string().contains("repeats an earlier option"),
        "{errors}"
    );
}

#[test]
fn the_first_scene_must_be_a_title_scene() {
    let mut storyboard = fixture_storyboard();
    storyboard.scenes.remove(0);
    let errors = storyboard.validate().unwrap_err();
    assert_eq!(errors.0[0].path, "scenes[0].kind");
}

#[test]
fn math_that_would_run_code_is_refused() {
    let mut storyboard = fixture_storyboard();
    if let Visual::EquationSteps { steps, .. } = &mut storyboard.scenes[3].visual {
        steps[0] = EquationStep {
            math: "#read(\"/etc/passwd\")".into(),
            note: None,
        };
    }
    let errors = storyboard.validate().unwrap_err();
    assert_eq!(errors.0[0].path, "scenes[3].steps[0].math");
}

#[test]
fn a_formula_that_does_not_parse_is_reported_for_repair() {
    let mut storyboard = fixture_storyboard();
    if let Visual::EquationSteps { steps, .. } = &mut storyboard.scenes[3].visual {
        steps[1].math = "0 = blorp(t)".into();
    }
    storyboard.validate().unwrap();
    let errors = check_slides(&storyboard).unwrap_err();
    assert_eq!(errors.0.len(), 1);
    assert_eq!(errors.0[0].path, "scenes[3]");
}

#[test]
fn a_storyboard_is_read_back_exactly_as_it_was_written() {
    let storyboard = fixture_storyboard();
    let text = serde_json::to_string(&storyboard).unwrap();
    assert_eq!(
        lectern_pipeline::Storyboard::from_json(&text).unwrap(),
        storyboard
    );
}

#[test]
fn a_citation_naming_a_sentence_its_beat_lacks_is_refused() {
    let mut storyboard = fixture_storyboard();
    let scene = &mut storyboard.scenes[1];
    let beats = scene.narration.len();
    let cite = |sentence| Cite {
        source_id: "notes".into(),
        passage: 0,
        page: None,
        sentence: Some(sentence),
    };
    scene.narration[0] = "It holds 512 degrees. Then it cools.".into();
    scene.cites = vec![Vec::new(); beats];
    scene.cites[0] = vec![cite(1)];
    storyboard.validate().unwrap();

    storyboard.scenes[1].cites[0] = vec![cite(2)];
    let errors = storyboard.validate().unwrap_err();
    let paths: Vec<&str> = errors.0.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(paths, ["scenes[1].cites[0]"]);
    assert!(
        errors.to_string().contains("sentence 2 of a beat of 2"),
        "{errors}"
    );
}

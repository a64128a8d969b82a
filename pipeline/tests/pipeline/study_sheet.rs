//! Issue 17: the printable study sheet, read back from the PDF with poppler's `pdftotext`.

use std::process::Command;

use lectern_pipeline::study_sheet;

use crate::helpers::fixture_storyboard;

fn text_of(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = Command::new("pdftotext")
        .args(["-layout", path.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils) is installed by scripts/setup.sh --tests");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_study_sheet_has_the_key_points_steps_questions_and_answers() {
    let storyboard = fixture_storyboard();
    let pdf = study_sheet::pdf(&storyboard).expect("the sheet lays out");
    assert!(pdf.starts_with(b"%PDF-"));
    let text = text_of(&pdf);
    let squeezed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for expected in [
        "Projectile Motion",
        "KEY POINTS",
        "Split the motion into two directions",
        "DEFINITIONS",
        "Projectile",
        "WORKED STEPS",
        "Time of flight",
        "CHECK YOURSELF",
        "1. Which two motions does a projectile combine?",
        "Horizontal and vertical",
        "2. A ball leaves the ground at 20 m/s",
        "ANSWERS",
        "1. A) Horizontal and vertical",
        "2. 2.04 s",
        "A projectile moves sideways at a steady speed",
        // The quiz scene's question comes after the checkpoints.
        "3. Which launch angle gives the longest range on flat ground?",
    ] {
        assert!(
            squeezed.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
    // The answers follow the questions.
    assert!(squeezed.find("ANSWERS").unwrap() > squeezed.find("CHECK YOURSELF").unwrap());
}

#[test]
fn a_sheet_of_a_storyboard_without_questions_has_no_answer_section() {
    let mut storyboard = fixture_storyboard();
    storyboard.checkpoints.clear();
    storyboard
        .scenes
        .retain(|s| !matches!(s.visual, lectern_pipeline::storyboard::Visual::Quiz { .. }));
    let text = text_of(&study_sheet::pdf(&storyboard).unwrap());
    assert!(!text.contains("ANSWERS"), "{text}");
    assert!(text.contains("KEY POINTS"), "{text}");
}

//! Text from users and models reaches the slides as data: Typst markup, math and paths in a
//! topic, a heading or a list item are drawn as the characters they are and never read a
//! file (the slide world serves only the template, its data and the fonts).

use lectern_pipeline::{
    frames::{SlideRenderer, SlideState, check_slides},
    storyboard::Visual,
};
use typst::layout::{Frame, FrameItem};

use crate::helpers::fixture_storyboard;

const ATTACKS: [&str; 5] = [
    "#read(\"/etc/passwd\")",
    "#import \"../../etc/hostname\": *",
    "$ x^2 $ and #image(\"/etc/hostname\")",
    "../../../etc/passwd",
    "#include \"/proc/self/environ\"",
];

/// Every piece of text the laid-out page draws, in order.
fn drawn_text(frame: &Frame, out: &mut String) {
    for (_, item) in frame.items() {
        match item {
            FrameItem::Text(text) => out.push_str(&text.text),
            FrameItem::Group(group) => drawn_text(&group.frame, out),
            _ => {}
        }
    }
}

#[test]
fn typst_markup_math_and_paths_in_slide_text_are_drawn_as_text_and_read_no_file() {
    let mut storyboard = fixture_storyboard();
    storyboard.title = ATTACKS[3].into();
    if let Visual::Title { title, subtitle } = &mut storyboard.scenes[0].visual {
        *title = ATTACKS[0].into();
        *subtitle = Some(ATTACKS[1].into());
    }
    if let Visual::Bullets { heading, items } = &mut storyboard.scenes[1].visual {
        *heading = ATTACKS[4].into();
        *items = vec![ATTACKS[2].into(), ATTACKS[3].into()];
    }
    storyboard
        .validate()
        .expect("plain text fields take any characters");
    check_slides(&storyboard).expect("the slides lay out");

    let renderer = SlideRenderer::new(&storyboard);
    let mut text = String::new();
    for scene in [0, 1] {
        let state = SlideState::complete(scene, &storyboard.scenes[scene]);
        let document = renderer.compile(&state).unwrap();
        for page in document.pages() {
            drawn_text(&page.frame, &mut text);
        }
    }
    // Long words carry invisible break opportunities; the reader sees the text without them.
    let text = lectern_pipeline::breaks::visible(&text);
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    for attack in ATTACKS {
        let expected: String = attack.chars().filter(|c| !c.is_whitespace()).collect();
        assert!(
            squeezed.contains(&expected),
            "{attack:?} drawn as text in {text:?}"
        );
    }
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    let first_line = passwd.lines().next().unwrap_or("root:x:0:0");
    assert!(!text.contains(first_line), "no file content on a slide");
}

//! Planning: headings, terms, titles, where questions go.

use lectern_contract::{Minutes, Wpm};

use super::*;

#[test]
fn checkpoint_questions_go_to_distinct_teaching_scenes_spread_over_the_lesson() {
    let plan = |kinds: &[BodyKind]| -> Vec<PlannedScene> {
        kinds
            .iter()
            .map(|&kind| PlannedScene {
                kind,
                heading: "h".into(),
                teaches: "t".into(),
            })
            .collect()
    };
    use BodyKind::{Bullets, Quiz};
    let eight = plan(&[
        Bullets, Bullets, Bullets, Bullets, Bullets, Bullets, Quiz, Bullets,
    ]);
    assert_eq!(question_scenes(&eight), [2, 4]);
    assert_eq!(question_scenes(&plan(&[Bullets, Quiz, Bullets])), [0, 2]);
    assert_eq!(
        question_scenes(&plan(&[Bullets, Quiz])),
        Vec::<usize>::new()
    );
    for teaching in 2..20 {
        let picked = question_scenes(&plan(&vec![Bullets; teaching]));
        assert_eq!(picked.len(), crate::script::checkpoints::QUESTIONS);
        assert!(picked.windows(2).all(|w| w[0] < w[1]), "{picked:?}");
        assert!(picked.iter().all(|&i| i < teaching), "{picked:?}");
    }
}

#[test]
fn a_heading_names_its_terms_between_small_words() {
    assert_eq!(
        heading_terms("Photosynthesis vs. Respiration"),
        ["Photosynthesis", "Respiration"]
    );
    assert_eq!(heading_terms("The Calvin Cycle"), ["Calvin Cycle"]);
    assert_eq!(heading_terms("What Causes Faults?"), ["Faults"]);
    assert_eq!(heading_terms("How Do Plates Move?"), ["Plates"]);
    assert_eq!(
        heading_terms("Effects of the Treaty of Versailles"),
        ["Treaty", "Treaty of Versailles", "Versailles"]
    );
    assert_eq!(
        heading_terms("Examples of photosynthesis, in plants"),
        ["photosynthesis", "plants"]
    );
    // A name with "of" inside is a term as well as its words.
    assert_eq!(
        heading_terms("Reign of Terror vs. French Revolution"),
        ["Reign", "Reign of Terror", "Terror", "French Revolution"]
    );
    assert_eq!(
        heading_terms("The War of the Roses"),
        ["War", "War of the Roses", "Roses"]
    );
}

#[test]
fn a_title_keeps_the_topic_and_not_a_tagline() {
    assert_eq!(
        lesson_title("Photosynthesis: The Green Revolution", "Photosynthesis"),
        "Photosynthesis"
    );
    // The topic after the colon: the title stays whole.
    assert_eq!(
        lesson_title("Biology 101: Photosynthesis", "Photosynthesis"),
        "Biology 101: Photosynthesis"
    );
    assert_eq!(
        lesson_title("How Plants Make Food", "Photosynthesis"),
        "Photosynthesis"
    );
    // The start of a sentence cut at its limit is not a title.
    assert_eq!(
        lesson_title(
            "The water cycle is a fundamental concept that describes the ,",
            "The water cycle"
        ),
        crate::titles::smart_title("The water cycle")
    );
    assert_eq!(
        lesson_title("Photosynthesis is how plants make food.", "Photosynthesis"),
        "Photosynthesis"
    );
    assert_eq!(
        lesson_title("What Is Photosynthesis?", "Photosynthesis"),
        "What Is Photosynthesis?"
    );
}

#[test]
fn the_background_is_given_to_the_scenes_not_to_the_plan() {
    let brief = Brief::new("Photosynthesis", 2, Minutes::whole(5), Wpm::new(150));
    let fact = |definition: &str, source| grounding::Fact {
        term: "photosynthesis".into(),
        definition: definition.into(),
        source,
    };
    let reference = Reference {
        facts: vec![fact("synthesis of compounds", grounding::SourceId::WordNet)],
        background: Some(fact(
            "This phase can proceed in the dark.",
            grounding::SourceId::Gcide,
        )),
        passages: Vec::new(),
    };
    let (plan, scenes) = lesson_briefs(&brief, Subject::Science, &reference, None);
    for lesson in [&plan, &scenes] {
        assert!(lesson.contains("- photosynthesis (WordNet 3.0): synthesis of compounds"));
    }
    assert!(!plan.contains("in the dark"), "{plan}");
    assert!(
        scenes.ends_with(
            "Background on photosynthesis (GCIDE, a dictionary; keep to it):\n\
             This phase can proceed in the dark."
        ),
        "{scenes}"
    );
}

#[test]
fn a_lesson_from_documents_plans_and_writes_from_one_brief_that_holds_every_passage() {
    use crate::grounding::passages::{PASSAGE_RULE, Passage};
    let brief = Brief::new("Velmora annealing", 2, Minutes::whole(2), Wpm::new(150));
    let passage = |place: u32, text: &str| Passage {
        source_id: "doc".into(),
        title: "Velmora notes".into(),
        passage: place,
        page: None,
        heading: None,
        text: text.into(),
    };
    let dictionary = |definition: &str| grounding::Fact {
        term: "annealing".into(),
        definition: definition.into(),
        source: grounding::SourceId::Gcide,
    };
    let reference = Reference {
        facts: vec![dictionary("Toughening by heating and slow cooling.")],
        background: Some(dictionary("Hardening glass by heat.")),
        passages: vec![
            passage(0, "The rise takes the lens to 512 degrees in 40 minutes."),
            passage(1, "The soak holds it there for 90 minutes."),
        ],
    };
    let (plan, scenes) = lesson_briefs(&brief, Subject::Science, &reference, None);
    // The same text, so the scenes' requests begin with what the server read for the plan.
    assert_eq!(plan, scenes);
    assert!(plan.contains(PASSAGE_RULE), "{plan}");
    // Each passage by its number and text, without a label the model would copy.
    assert!(
        plan.contains("\n[1] The rise takes the lens to 512 degrees"),
        "{plan}"
    );
    assert!(plan.contains("\n[2] The soak holds it there"), "{plan}");
    assert!(!plan.contains("Velmora notes"), "{plan}");
    // The documents are what it teaches, not a dictionary's facts or background.
    assert!(!plan.contains("Hardening glass"), "{plan}");
    assert!(!plan.contains("Toughening"), "{plan}");
    let planned = PlannedScene {
        kind: BodyKind::Definition,
        heading: "Annealing".into(),
        teaches: "what annealing is".into(),
    };
    // Nor does a scene get the dictionary's definitions of its heading's terms.
    let mut alone = Reference::default();
    assert!(!scene_reference("Velmora annealing", &planned, &alone).is_empty());
    alone.passages = reference.passages.clone();
    assert!(scene_reference("Velmora annealing", &planned, &alone).is_empty());
    // A scene's request names its passages by number.
    assert_eq!(
        named_passages(&[1, 0]),
        "Write this scene from passages [2] and [1] above."
    );
    assert_eq!(named_passages(&[]), "");
}

#[test]
fn the_lesson_prompt_holds_the_first_passages_that_fit_every_slot() {
    use crate::grounding::passages::Passage;
    let passage = |place: u32, words: usize| Passage {
        source_id: "gpl".into(),
        title: "GPL".into(),
        passage: place,
        page: None,
        heading: None,
        text: vec!["word"; words].join(" "),
    };
    // Twelve of 290 words, as the splitter's largest: the first five fit (1,450 words).
    let large: Vec<Passage> = (0..12).map(|i| passage(i, 290)).collect();
    let kept = within_prompt(&large);
    assert_eq!(kept.len(), 5);
    assert_eq!(kept[4].passage, 4, "in the order given, best first");
    // A short document is given whole; one passage longer than the limit is still given.
    let small: Vec<Passage> = (0..7).map(|i| passage(i, 80)).collect();
    assert_eq!(within_prompt(&small).len(), 7);
    assert_eq!(within_prompt(&[passage(0, 2_000)]).len(), 1);
    assert!(within_prompt(&[]).is_empty());
}

#[test]
fn a_scene_planned_twice_is_written_once() {
    let scene = |heading: &str, teaches: &str| PlannedScene {
        kind: BodyKind::Bullets,
        heading: heading.into(),
        teaches: teaches.into(),
    };
    // Headings and lessons of a real Plate tectonics plan (27 November).
    let mut scenes = vec![
        scene(
            "Types of Plate Boundaries",
            "Plates meet at divergent, convergent and transform boundaries.",
        ),
        scene(
            "What Causes Faults?",
            "Faults form where stress breaks the rocks of the crust.",
        ),
        scene(
            "Earthquakes",
            "Earthquakes happen when plates slip suddenly along a fault.",
        ),
        scene(
            "What causes faults",
            "The kinds of stress that make normal and reverse faults.",
        ),
        scene(
            "Mountain Building",
            "Colliding continental plates fold the crust into mountains.",
        ),
        scene(
            "Faults",
            "Faults form where stress breaks the rocks of the earth's crust.",
        ),
    ];
    drop_repeated_plans(&mut scenes, "Plate tectonics");
    let headings: Vec<&str> = scenes.iter().map(|s| s.heading.as_str()).collect();
    assert_eq!(
        headings,
        [
            "Types of Plate Boundaries",
            "What Causes Faults?",
            "Earthquakes",
            "Mountain Building"
        ]
    );
}

#[test]
fn a_scene_planned_on_one_word_of_the_topic_is_planned_again() {
    let scene = |heading: &str| PlannedScene {
        kind: BodyKind::Definition,
        heading: heading.into(),
        teaches: format!("what {heading} means"),
    };
    let mut scenes = vec![
        scene("Water"),
        scene("Cycle"),
        scene("The water cycle in action"),
        scene("Evaporation"),
    ];
    drop_repeated_plans(&mut scenes, "The water cycle");
    let headings: Vec<&str> = scenes.iter().map(|s| s.heading.as_str()).collect();
    assert_eq!(headings, ["The water cycle in action", "Evaporation"]);
    // A topic of one word is its own heading.
    assert!(!names_one_word_of("Photosynthesis", "Photosynthesis"));
    assert!(names_one_word_of("The Cycle", "The water cycle"));
    assert!(!names_one_word_of("Water vapour", "The water cycle"));
}

#[test]
fn a_short_lesson_spends_a_sixth_of_its_words_on_its_summary() {
    let lesson = |minutes| Brief::new("Ohm's law", 1, Minutes::whole(minutes), Wpm::new(150));
    // 150 words: two points (36 words), and the teaching scene keeps 78 words, not 42.
    assert_eq!(summary_points(&lesson(1)), 2);
    assert_eq!(body_scenes(&lesson(1)), 1);
    // 300 words: two points, and three teaching scenes, not two (nor two and a quiz).
    assert_eq!(summary_points(&lesson(2)), 2);
    assert!(summary_words(&lesson(2)) * 6 <= lesson(2).target_words());
    assert_eq!(body_scenes(&lesson(2)), 3);
    assert!(!with_quiz(&lesson(2)));
    assert_eq!(summary_points(&lesson(5)), 4);
    assert_eq!(body_scenes(&lesson(5)), 8);
    assert!(with_quiz(&lesson(5)));
}

#[test]
fn a_subtitle_in_letters_of_another_script_is_left_out() {
    let topic = "Ohm's law";
    assert_eq!(
        lesson_subtitle("Voltage, current and resistance", topic).as_deref(),
        Some("Voltage, current and resistance")
    );
    assert_eq!(
        lesson_subtitle("Understanding voltage, current, and 电阻 in an 电器", topic),
        None
    );
    assert_eq!(lesson_subtitle("  ", topic), None);
}

//! Writing a scene: budgets, quizzes, bullets asked again, summary points.

use super::*;

#[test]
fn a_scene_written_short_leaves_more_for_the_scenes_after_it() {
    let mut budget = Budget::new(400);
    // Four scenes started side by side share what is left.
    let shares: Vec<usize> = (0..4).rev().map(|left| budget.start(left + 1)).collect();
    assert_eq!(shares, vec![100, 100, 100, 100]);
    // The first came back at half its share, in sentences of 10 words.
    let short: Vec<String> = (0..5).map(|_| "word ".repeat(10)).collect();
    budget.finish(shares[0], &short);
    assert_eq!(budget.sentence_words(), 10);
    // A scene started now (one still to start) is asked for what the short one left.
    assert_eq!(budget.start(1), 50);
    // Shares stay within a scene's reasonable size.
    let mut empty = Budget::new(10);
    assert_eq!(empty.start(1), SCENE_WORDS / 2);
}

#[test]
fn a_scene_of_short_sentences_is_asked_for_more_of_them() {
    let (elements, extra) = BodyKind::Bullets.shape(120, WORDS_PER_SENTENCE);
    let (short_elements, short_extra) = BodyKind::Bullets.shape(120, 10);
    assert!(short_elements + short_extra > elements + extra);
}

#[test]
fn a_question_about_what_something_does_is_asked_with_does_it() {
    assert_eq!(
        spoken_choice("What does a vaccine do?"),
        ("Does it", "The answer:")
    );
    assert_eq!(
        spoken_choice("What do enzymes do?"),
        ("Do they", "The answer:")
    );
    assert_eq!(
        spoken_choice("What gas do plants release?"),
        ("Is it", "The answer is")
    );
}

#[test]
fn a_key_point_that_points_back_goes_where_another_stands() {
    let point = |point: &str| SummaryPoint {
        point: point.into(),
        say: format!("{point}."),
    };
    let mut points = vec![
        point("This helps protect you from diseases"),
        point("Vaccines train the immune system"),
    ];
    keep_key_points(&mut points);
    assert_eq!(points.len(), 1);
    assert_eq!(points[0].point, "Vaccines train the immune system");
    let mut alone = vec![point("It protects you from diseases")];
    keep_key_points(&mut alone);
    assert_eq!(alone.len(), 1);
    // A Water cycle summary: a point whose sentence only names a process.
    let mut named = vec![
        point("The water cycle is a continuous process"),
        SummaryPoint {
            point: "The process by which water changes from a liquid".into(),
            say: "The process by which water changes from a liquid to a gas at the \
                  surface of the Earth."
                .into(),
        },
    ];
    keep_key_points(&mut named);
    assert_eq!(named.len(), 1);
    assert_eq!(named[0].point, "The water cycle is a continuous process");
}

#[test]
fn a_quiz_is_asked_as_its_right_answer_and_three_wrong_ones() {
    let quiz = |explanation: &str| {
        let written: Written = serde_json::from_value(json!({ "quiz": {
            "question": "What gas do plants release in photosynthesis?",
            "right_answer": "Oxygen",
            "wrong_answers": ["Carbon dioxide", "Nitrogen", "Methane"],
            "explanation": explanation,
        }}))
        .unwrap();
        into_scene("Check yourself", written)
    };
    let scene = quiz("Water is split and its oxygen is released.");
    let Visual::Quiz {
        options, answer, ..
    } = &scene.visual
    else {
        panic!("a quiz");
    };
    assert_eq!(options.len(), 4);
    assert_eq!(options[*answer], "Oxygen");
    assert_eq!(
        scene.narration[1],
        "The answer is Oxygen. Water is split and its oxygen is released."
    );
    // An explanation about the quiz rather than the subject is not said.
    let scene = quiz("The question checks the lesson's key idea.");
    assert_eq!(scene.narration[1], "The answer is Oxygen.");
    let Visual::Quiz { explanation, .. } = &scene.visual else {
        panic!("a quiz");
    };
    assert_eq!(explanation, &None);
    // Options that all open with the topic lose those words, and one cut at its limit
    // its broken word first (The water cycle, the 1.5B model's second writing).
    let cut = "The water cycle is a simple process that involves evaporation, condens";
    assert_eq!(cut.chars().count(), 70);
    let written: Written = serde_json::from_value(json!({ "quiz": {
        "question": "What is the water cycle?",
        "right_answer": "The water cycle is a continuous process that moves water",
        "wrong_answers": [cut, "The water cycle is a single event", "The water cycle is a kind of gas"],
        "explanation": "Water evaporates, condenses and falls again and again.",
    }}))
    .unwrap();
    let scene = into_scene("Check yourself", written);
    let Visual::Quiz {
        options, answer, ..
    } = &scene.visual
    else {
        panic!("a quiz");
    };
    assert_eq!(options[*answer], "Continuous process that moves water");
    assert!(
        options
            .iter()
            .all(|o| !o.contains("condens") && !o.starts_with("The water")),
        "{options:?}"
    );
    // The right answer's place follows the question, not always the first.
    let places: std::collections::HashSet<usize> = ["Which?", "What is it?", "Why?", "How so?"]
        .iter()
        .map(|q| placed(q, "R", &["a".into(), "b".into(), "c".into()]).1)
        .collect();
    assert!(places.len() > 1, "{places:?}");
}

#[test]
fn a_quiz_whose_answers_were_cut_off_is_asked_again() {
    let quiz = |options: &[&str]| Written::Quiz {
        question: "Which is true?".into(),
        right_answer: options[0].to_string(),
        wrong_answers: options[1..].iter().map(|o| o.to_string()).collect(),
        explanation: "Because.".into(),
    };
    let long = "Photosynthesis produces oxygen and glucose, while respiration breaks down";
    assert!(long.chars().count() + 1 >= PHRASE_CHARS as usize);
    assert!(
        cut_phrases(&quiz(&[long, "Oxygen", "Water", "Light"]))
            .is_some_and(|reason| reason.contains("at most eight words"))
    );
    assert_eq!(
        cut_phrases(&quiz(&["Glucose", "Oxygen", "Water", "Light"])),
        None
    );
    // Closed before a word that would not fit, two characters short of the limit, on a
    // possessive (a Plate tectonics quiz's right answer).
    let possessive = "The branch of geology studying the folding and faulting of the earth's";
    assert_eq!(possessive.chars().count(), 70);
    assert!(cut_phrases(&quiz(&[possessive, "Oxygen", "Water", "Light"])).is_some());
    assert_eq!(
        phrase(possessive),
        "The branch of geology studying the folding and faulting"
    );
    // A short phrase may end on one.
    assert_eq!(phrase("The plant's"), "The plant's");
    // So are comparison cells cut at their limit.
    let rows: Written = serde_json::from_value(json!({ "comparison": {
        "left_title": "Supply", "right_title": "Demand",
        "rows": [{ "left": "When supply is greater than demand, there is a surplus of goods and services in",
                   "right": "A shortage", "say": "Said." }],
        "more": [],
    }}))
    .unwrap();
    assert!(cut_phrases(&rows).is_some_and(|r| r.contains("rows were too long")));
    // Kept after all (the second writing), a cut cell loses its broken last word.
    let cut_cell =
        "the quantity that consumers are willing to buy at various prices based on theirw";
    assert_eq!(cut_cell.chars().count(), ROW_CHARS as usize);
    let rows: Written = serde_json::from_value(json!({ "comparison": {
        "left_title": "Supply", "right_title": "Demand",
        "rows": [{ "left": "What producers offer", "right": cut_cell, "say": "Said." }],
        "more": [],
    }}))
    .unwrap();
    let Visual::Comparison { rows, .. } = into_scene("Supply and demand", rows).visual else {
        unreachable!()
    };
    assert_eq!(rows[0].left, "What producers offer");
    assert_eq!(
        rows[0].right,
        "the quantity that consumers are willing to buy at various prices based"
    );
}

#[test]
fn bullets_that_only_name_are_written_again() {
    let bullets = |items: &[&str]| Scene {
        visual: Visual::Bullets {
            heading: "Examples of Photosynthesis".into(),
            items: items.iter().map(|i| i.to_string()).collect(),
        },
        narration: items.iter().map(|_| "A sentence.".to_string()).collect(),
        cites: Vec::new(),
    };
    let whole = bullets(&[
        "pH measures acidity",
        "Acids have a pH below 7",
        "x is the unknown",
    ]);
    assert_eq!(flaw(&whole, "Acids and bases"), None);
    // Names are not points (seen: "Demand" and "Supply" as a scene's two bullets).
    let names = bullets(&[
        "Market Equilibrium",
        "Quantity Supplied",
        "Quantity Demanded",
    ]);
    assert!(
        flaw(&names, "Supply and demand")
            .is_some_and(|r| r.contains("\"Market Equilibrium\" only names something")),
        "{:?}",
        flaw(&names, "Supply and demand")
    );
    // In programming a command may begin a bullet.
    let commands = bullets(&["git commit records a change", "A branch is a line of work"]);
    assert_eq!(flaw(&commands, "Git for beginners"), None);
}

#[test]
fn bullets_still_cut_from_one_sentence_go_with_their_beats() {
    let mut scene = Scene {
        visual: Visual::Bullets {
            heading: "Examples of Photosynthesis".into(),
            items: vec![
                "Plants like grass, trees, and algae perform photosynthesis".into(),
                "food and oxygen for themselves and their partners".into(),
                "generate food and oxygen for themselves".into(),
            ],
        },
        narration: vec![
            "Grass, trees and algae all make their food by photosynthesis.".into(),
            "The oxygen they release is breathed by animals.".into(),
            "The glucose they make feeds the plant.".into(),
            "Algae make much of the oxygen in the air.".into(),
        ],
        cites: Vec::new(),
    };
    drop_fragment_bullets(&mut scene, "Photosynthesis");
    let Visual::Bullets { items, .. } = &scene.visual else {
        unreachable!()
    };
    assert_eq!(
        items,
        &["Plants like grass, trees, and algae perform photosynthesis"]
    );
    assert_eq!(
        scene.narration,
        [
            "Grass, trees and algae all make their food by photosynthesis.",
            "Algae make much of the oxygen in the air."
        ]
    );
    // A list of fragments keeps one; in programming a bullet may begin with a command.
    let mut commands = Scene {
        visual: Visual::Bullets {
            heading: "Everyday commands".into(),
            items: vec![
                "git commit records a change".into(),
                "git push shares it".into(),
            ],
        },
        narration: vec!["One.".into(), "Two.".into()],
        cites: Vec::new(),
    };
    drop_fragment_bullets(&mut commands, "Git for beginners");
    assert_eq!(commands.visual.element_count(), 2);
    // A summary point that goes on from another (The water cycle, the 1.5B model).
    let mut summary = Scene {
        visual: Visual::Summary {
            heading: "Key takeaways".into(),
            points: vec![
                "Water evaporates from oceans and rises into the air".into(),
                "and falls back".into(),
            ],
        },
        narration: vec![
            "Water evaporates from the oceans and rises.".into(),
            "And falls back and falls back to the oceans.".into(),
        ],
        cites: Vec::new(),
    };
    drop_fragment_bullets(&mut summary, "The water cycle");
    assert_eq!(summary.visual.element_count(), 1);
    assert_eq!(
        summary.narration,
        ["Water evaporates from the oceans and rises."]
    );
}

#[test]
fn a_summary_point_about_the_quiz_is_no_key_point() {
    assert!(is_about_asking(
        "a question on one fact about Photosynthesis that the scenes above"
    ));
    assert!(!is_about_asking(
        "Plants convert light energy into chemical energy"
    ));
}

/// Answers every scene request with one code scene whose first line is far too long, and
/// counts the requests.
struct LongLine {
    asked: std::sync::atomic::AtomicUsize,
}

impl JsonModel for LongLine {
    async fn complete_json(
        &self,
        _turns: &[Turn],
        _name: &str,
        _schema: Value,
    ) -> Result<String, ScriptError> {
        self.asked
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(json!({
            "language": "python",
            "code": format!("packet = {}\nsend(packet)", "0".repeat(718)),
            "say_code": "The program builds a packet and sends it.",
            "focus_start": 1,
            "focus_end": 2,
            "say_focus": "The second line sends the packet to its address.",
            "more": []
        })
        .to_string())
    }
}

#[tokio::test]
async fn a_scene_its_validation_refuses_twice_is_left_out_not_the_lesson() {
    let writer = LongLine {
        asked: std::sync::atomic::AtomicUsize::new(0),
    };
    let ask = SceneAsk {
        index: 3,
        planned: PlannedScene {
            kind: BodyKind::Code,
            heading: "Sending a packet".into(),
            teaches: "a program sends a packet".into(),
        },
        elements: 2,
        extra: 0,
        facts: String::new(),
    };
    let scene = write_scene(&writer, &[], &ask, "Internet packets", None)
        .await
        .unwrap();
    assert!(scene.is_none());
    // Asked again once with the reason, then left out.
    assert_eq!(writer.asked.load(std::sync::atomic::Ordering::Relaxed), 2);
}

/// Answers each summary request with the next of its replies (the last again once they run
/// out), and keeps the requests.
struct Summaries {
    replies: Vec<Value>,
    asked: std::sync::Mutex<Vec<String>>,
}

impl JsonModel for Summaries {
    async fn complete_json(
        &self,
        turns: &[Turn],
        _name: &str,
        _schema: Value,
    ) -> Result<String, ScriptError> {
        let mut asked = self.asked.lock().unwrap();
        if let Some(Turn::User(request)) = turns.last() {
            asked.push(request.clone());
        }
        let reply = &self.replies[(asked.len() - 1).min(self.replies.len() - 1)];
        Ok(reply.to_string())
    }
}

#[tokio::test]
async fn a_summary_in_another_script_is_asked_again_and_a_second_loses_that_point() {
    let point = |point: &str, say: &str| json!({ "point": point, "say": say });
    let formula = point(
        "A = P(1 + r/n)^(nt)",
        "The formula for compound interest is A = P(1 + r/n)^(nt), where t is the time the的钱.",
    );
    let clean = point(
        "Interest earns interest",
        "Compound interest is calculated on the principal and on the interest already earned.",
    );
    let plan = Plan {
        title: "Compound interest".into(),
        subtitle: String::new(),
        opening: Vec::new(),
        scenes: vec![PlannedScene {
            kind: BodyKind::Bullets,
            heading: "The formula".into(),
            teaches: "the compound interest formula".into(),
        }],
    };
    let model = Summaries {
        replies: vec![
            json!({ "points": [formula.clone(), clean.clone()] }),
            json!({ "points": [clean.clone(), clean.clone()] }),
        ],
        asked: Default::default(),
    };
    let summary = write_summary(&model, &[], &plan, 2, "Compound interest")
        .await
        .unwrap();
    let asked = model.asked.into_inner().unwrap();
    assert_eq!(asked.len(), 2);
    assert!(
        asked[1].contains("slipped into another language"),
        "{}",
        asked[1]
    );
    assert!(
        summary
            .points
            .iter()
            .all(|p| p.point == "Interest earns interest")
    );

    // Twice in another script: the point goes, the other stays.
    let model = Summaries {
        replies: vec![json!({ "points": [formula, clean] })],
        asked: Default::default(),
    };
    let summary = write_summary(&model, &[], &plan, 2, "Compound interest")
        .await
        .unwrap();
    assert_eq!(model.asked.into_inner().unwrap().len(), 2);
    assert_eq!(summary.points.len(), 1);
    assert_eq!(summary.points[0].point, "Interest earns interest");
}

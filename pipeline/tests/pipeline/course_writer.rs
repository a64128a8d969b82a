//! Courses through the OpenAI-compatible writer, against the local chat-completions stand-in:
//! the outline as structured output with one repair round, and a lesson's brief that carries
//! its course and the lessons before it.

use std::time::Duration;

use lectern_pipeline::course::{CourseBrief, LessonBrief, LessonContext, LessonOutline, sections};
use lectern_pipeline::grounding::Passage;
use lectern_pipeline::script::{OpenAiWriter, OpenAiWriterConfig, ScriptError, ScriptWriter};
use lectern_pipeline::storyboard::Origin;
use lectern_pipeline::{Minutes, Wpm};
use serde_json::{Value, json};

use crate::helpers::{ChatStandIn, Reply};

fn writer(stand_in: &ChatStandIn) -> OpenAiWriter {
    let mut config = OpenAiWriterConfig::new(&stand_in.base_url, "stand-in-model");
    config.timeout = Duration::from_secs(10);
    config.attempts = 1;
    OpenAiWriter::new(config).unwrap()
}

fn brief() -> CourseBrief {
    CourseBrief {
        goal: "Understand how tides work".into(),
        background_knowledge: "School physics".into(),
        detail_level: 2,
        sections: Vec::new(),
    }
}

/// A passage of the made-up "Velmora glass" notes, under `heading`.
fn passage(at: u32, heading: &str, text: &str) -> Passage {
    Passage {
        source_id: "notes".into(),
        title: "Velmora glass".into(),
        passage: at,
        page: Some(at + 1),
        heading: Some(heading.into()),
        text: text.into(),
    }
}

fn lesson(title: &str) -> Value {
    json!({"title": title, "objectives": [format!("Explain {title}")],
           "summary": format!("What {title} is and why it matters."), "key_terms": ["gravity"]})
}

fn outline(lessons: &[&str]) -> Value {
    json!({
        "title": "Tides and the Moon",
        "description": "Why the sea rises and falls twice a day.",
        "audience": "Curious beginners",
        "prerequisites": [],
        "lessons": lessons.iter().map(|t| lesson(t)).collect::<Vec<_>>(),
    })
}

fn user_messages(request: &Value) -> Vec<String> {
    request["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "user")
        .map(|m| m["content"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_course_outline_with_too_few_lessons_is_repaired_in_a_second_round() {
    let stand_in = ChatStandIn::start(vec![
        Reply::Content(outline(&["Gravity", "Gravity"]).to_string()),
        Reply::Content(
            outline(&["Gravity", "The Moon's pull", "Spring and neap tides"]).to_string(),
        ),
    ])
    .await;
    let course = writer(&stand_in).write_course(&brief()).await.unwrap();
    assert_eq!(course.origin, Origin::Model);
    assert_eq!(course.lessons.len(), 3);

    let requests = stand_in.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(
        requests[0]["response_format"]["json_schema"]["name"],
        "course_outline"
    );
    assert_eq!(
        requests[0]["response_format"]["json_schema"]["strict"],
        true
    );
    let first = &user_messages(&requests[0])[0];
    assert!(
        first.contains("Understand how tides work") && first.contains("School physics"),
        "{first}"
    );
    let repair = user_messages(&requests[1]).pop().unwrap();
    assert!(repair.contains("lessons: has 2 entries"), "{repair}");
    assert!(repair.contains("lessons[1].title"), "{repair}");
}

#[tokio::test]
async fn an_outline_still_invalid_after_the_repair_round_is_an_error_saying_why() {
    let stand_in = ChatStandIn::start(vec![
        Reply::Content(outline(&["Only one"]).to_string()),
        Reply::Content(outline(&["Still one"]).to_string()),
    ])
    .await;
    let error = writer(&stand_in).write_course(&brief()).await.unwrap_err();
    assert!(matches!(error, ScriptError::InvalidCourse(_)), "{error:?}");
    assert!(error.to_string().contains("course outline"), "{error}");
}

#[tokio::test]
async fn a_lesson_brief_names_its_course_and_the_lessons_before_it_and_forbids_a_second_welcome() {
    let stand_in = ChatStandIn::start(vec![Reply::Content("not a storyboard".into()); 2]).await;
    let lessons: Vec<LessonOutline> = ["Gravity", "The Moon's pull", "Spring and neap tides"]
        .iter()
        .map(|t| serde_json::from_value(lesson(t)).unwrap())
        .collect();
    let context = LessonContext {
        course_title: "Tides and the Moon".into(),
        course_description: "Why the sea rises and falls.".into(),
        goal: "Understand how tides work".into(),
        index: 1,
        lessons,
    };
    let _ = writer(&stand_in)
        .write_lesson(&LessonBrief::new(
            context,
            2,
            Minutes::whole(3),
            Wpm::new(150),
        ))
        .await
        .unwrap_err();
    let prompt = &user_messages(&stand_in.requests()[0])[0];
    for expected in [
        "lesson 2 of 3 of the course \"Tides and the Moon\"",
        "Lesson title: The Moon's pull",
        "1. Gravity: What Gravity is and why it matters.",
        "do not introduce the course again",
        "The next lesson is \"Spring and neap tides\"",
    ] {
        assert!(
            prompt.contains(expected),
            "missing {expected:?} in:\n{prompt}"
        );
    }
}

#[tokio::test]
async fn a_course_from_documents_has_a_lesson_per_section_titled_by_its_heading() {
    let sourced = |lessons: usize| {
        json!({
            "title": "Velmora glass",
            "description": "How Velmora glass is made.",
            "audience": "Glassmaking apprentices",
            "prerequisites": [],
            "lessons": (0..lessons).map(|i| json!({"objectives": [format!("Objective {i}")],
                "summary": format!("Summary {i}."), "key_terms": ["lehr"]})).collect::<Vec<_>>(),
        })
    };
    // The first answer loses count of the sections; the repair keeps to them.
    let stand_in = ChatStandIn::start(vec![
        Reply::Content(sourced(2).to_string()),
        Reply::Content(sourced(3).to_string()),
    ])
    .await;
    let brief = CourseBrief {
        goal: "Learn how Velmora glass is made".into(),
        sections: sections(vec![
            passage(
                0,
                "Melting",
                "The batch melts at 1,480 degrees in the Dunmere furnace.",
            ),
            passage(
                1,
                "Annealing",
                "The lehr is held at 512 degrees for nine hours.",
            ),
            passage(2, "Annealing", "Cooling faster than that cracks the glass."),
            passage(
                3,
                "Grading",
                "Inspectors grade each pane under polarised light.",
            ),
        ]),
        ..brief()
    };
    let course = writer(&stand_in).write_course(&brief).await.unwrap();
    let titles: Vec<&str> = course.lessons.iter().map(|l| l.title.as_str()).collect();
    assert_eq!(titles, ["Melting", "Annealing", "Grading"]);
    assert_eq!(course.lessons[1].summary, "Summary 1.");

    let requests = stand_in.requests();
    let schema = &requests[0]["response_format"]["json_schema"]["schema"];
    let lesson = &schema["properties"]["lessons"]["items"];
    assert!(lesson["properties"].get("title").is_none(), "{lesson}");
    assert!(
        !lesson["required"]
            .as_array()
            .unwrap()
            .contains(&json!("title"))
    );
    let system = requests[0]["messages"][0]["content"].as_str().unwrap();
    assert!(system.contains("One lesson per section"), "{system}");
    let first = &user_messages(&requests[0])[0];
    for expected in [
        "3 lessons",
        "Lesson 2 (section \"Annealing\"): The lehr is held at 512 degrees for nine hours. \
         Cooling faster",
        "Lesson 3 (section \"Grading\")",
    ] {
        assert!(
            first.contains(expected),
            "missing {expected:?} in:\n{first}"
        );
    }
    assert!(!first.contains("aim for about"), "{first}");
    let repair = user_messages(&requests[1]).pop().unwrap();
    assert!(
        repair.contains("write exactly 3, one per section"),
        "{repair}"
    );
}

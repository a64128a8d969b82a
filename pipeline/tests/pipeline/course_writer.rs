//! Courses through the OpenAI-compatible writer, against the local chat-completions stand-in:
//! the outline as structured output with one repair round, and a lesson's brief that carries
//! its course and the lessons before it.

use std::time::Duration;

use lectern_pipeline::course::{CourseBrief, LessonBrief, LessonContext, LessonOutline};
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

//! The model reader of problems in words (issue 51), against a local stand-in that speaks the
//! chat-completions wire format: the rule reader goes first, the model's reading is accepted
//! only when the solver reads it and its set-up uses every amount of the words, a reading
//! that cannot be used is asked again once with the reason, and a second is refused with
//! what was not understood and how to write it.

use std::time::Duration;

use lectern_pipeline::script::{OpenAiWriter, OpenAiWriterConfig, ScriptError};
use lectern_pipeline::solution::{
    self,
    reader::{self, ProblemRead, ReadBy},
};
use serde_json::{Value, json};

use crate::helpers::{ChatStandIn, Reply, roles};

const AGES: &str = "Ann is 6 years older than Ben, and their ages total 40. How old is Ben?";

fn notation(text: &str) -> Reply {
    Reply::Content(json!({ "notation": text }).to_string())
}

fn writer(stand_in: &ChatStandIn) -> OpenAiWriter {
    let mut config = OpenAiWriterConfig::new(&stand_in.base_url, "stand-in-model");
    config.attempts = 1;
    config.timeout = Duration::from_secs(20);
    OpenAiWriter::new(solution::reader_config(&config)).unwrap()
}

fn message(request: &Value, role: &str) -> String {
    request["messages"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|m| m["role"] == role)
        .unwrap()["content"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn words_the_rules_cannot_read_are_read_by_the_model_and_solved_by_the_solver() {
    assert!(reader::wants_model(AGES), "the rule reader cannot read it");
    let stand_in = ChatStandIn::start(vec![notation("b + (b + 6) = 40")]).await;
    let read = reader::read(&writer(&stand_in), AGES).await.unwrap();
    let ProblemRead::Read { reading, by } = read else {
        panic!("read: {read:?}");
    };
    assert_eq!(by, ReadBy::Model { asks: 1 });
    assert_eq!(reading.reading, "b + (b + 6) = 40");
    assert_eq!(reading.kind, "linear_equation");
    assert!(reading.solvable);
    assert_eq!(reading.detail, "Lectern reads this as: b + (b + 6) = 40");

    let requests = stand_in.requests();
    assert_eq!(requests.len(), 1);
    let format = &requests[0]["response_format"];
    assert_eq!(format["type"], "json_schema");
    assert_eq!(format["json_schema"]["name"], "problem_notation");
    let schema = &format["json_schema"]["schema"];
    assert_eq!(schema["required"], json!(["unknowns", "notation"]));
    assert_eq!(schema["additionalProperties"], false);
    assert!(
        schema["properties"]["notation"]["maxLength"]
            .as_u64()
            .unwrap()
            <= 200
    );
    assert_eq!(requests[0]["temperature"], 0.0, "the likeliest reading");
    assert!(message(&requests[0], "system").contains("You never solve the problem"));
    assert!(message(&requests[0], "user").contains(AGES));

    // The solver solves the reading, every step through the checker.
    let solved = solution::offline(&reading.reading).unwrap();
    assert_eq!(solved.final_answer, "b = 17");
    assert!(solved.answer_checked);
    assert!(solved.steps.iter().all(|s| s.checked));
}

/// Issue 51: the model writes the set-up: what the unknown stands for, and the equation. The
/// solver solves the equation.
#[tokio::test]
async fn the_set_up_names_its_unknown_and_the_solver_solves_its_equation() {
    let set_up = |letter: &str| {
        Reply::Content(
            json!({
                "unknowns": [{"letter": letter, "means": "Ben's age in years"}],
                "notation": "b + (b + 6) = 40",
            })
            .to_string(),
        )
    };
    // The first answer names a letter its equation does not use: asked again with the reason.
    let stand_in = ChatStandIn::start(vec![set_up("a"), set_up("b")]).await;
    let read = reader::read(&writer(&stand_in), AGES).await.unwrap();
    let ProblemRead::Read { reading, by } = read else {
        panic!("read: {read:?}");
    };
    assert_eq!(by, ReadBy::Model { asks: 2 });
    assert!(
        message(&stand_in.requests()[1], "user").contains("is not in the equations"),
        "{:?}",
        stand_in.requests()[1]
    );
    assert_eq!(
        reading.reading,
        "b + (b + 6) = 40, where b is Ben's age in years"
    );
    assert!(reading.solvable);

    let solved = solution::offline(&reading.reading).unwrap();
    assert_eq!(solved.final_answer, "b = 17");
    assert!(solved.answer_checked);
    assert!(solved.steps.iter().all(|s| s.checked));
}

#[tokio::test]
async fn a_reading_that_leaves_out_an_amount_is_asked_again_with_the_reason() {
    let stand_in =
        ChatStandIn::start(vec![notation("b + b = 40"), notation("b + (b + 6) = 40")]).await;
    let read = reader::read(&writer(&stand_in), AGES).await.unwrap();
    assert!(
        matches!(&read, ProblemRead::Read { by: ReadBy::Model { asks: 2 }, reading } if reading.reading == "b + (b + 6) = 40"),
        "{read:?}"
    );
    let requests = stand_in.requests();
    assert_eq!(requests.len(), 2);
    let reask = message(&requests[1], "user");
    assert!(reask.contains("does not use 6"), "{reask}");
    assert!(reask.contains("without solving it"), "{reask}");
    assert!(message(&requests[1], "assistant").contains("b + b = 40"));
}

#[tokio::test]
async fn the_re_ask_quotes_the_rejected_reading_and_is_sampled_not_the_likeliest_again() {
    let stand_in =
        ChatStandIn::start(vec![notation("b + b = 40"), notation("b + (b + 6) = 40")]).await;
    reader::read(&writer(&stand_in), AGES).await.unwrap();
    let requests = stand_in.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(
        requests[0]["temperature"], 0.0,
        "the likeliest reading first"
    );
    let reask_temperature = requests[1]["temperature"].as_f64().unwrap();
    assert!(
        (reask_temperature - f64::from(solution::REASK_TEMPERATURE)).abs() < 1e-6,
        "the re-ask is sampled: {reask_temperature}"
    );
    assert!(reask_temperature > 0.0);
    // The conversation goes on from the rejected reading: the assistant's turn, then the
    // correction that names it and asks for a different one.
    assert_eq!(roles(&requests[1]), ["system", "user", "assistant", "user"]);
    let correction = message(&requests[1], "user");
    assert!(correction.contains("\"b + b = 40\""), "{correction}");
    assert!(
        correction.contains("Write a different set-up"),
        "{correction}"
    );
}

#[tokio::test]
async fn two_readings_that_cannot_be_used_are_refused_saying_how_to_write_the_problem() {
    let stand_in = ChatStandIn::start(vec![notation("Ben is seventeen"), notation("17")]).await;
    let read = reader::read(&writer(&stand_in), AGES).await.unwrap();
    let ProblemRead::Refused { detail, reasons } = read else {
        panic!("refused: {read:?}");
    };
    assert!(detail.starts_with("Lectern could not read"), "{detail}");
    assert!(detail.contains("for example"), "{detail}");
    assert!(
        !detail.contains("17"),
        "the model's answers are not shown: {detail}"
    );
    assert_eq!(reasons.len(), 2, "{reasons:?}");
    assert!(
        reasons[0].contains("not in the calculator's notation"),
        "{reasons:?}"
    );
    assert!(
        reasons[1].contains("is a number, not the problem"),
        "{reasons:?}"
    );
    assert_eq!(stand_in.requests().len(), 2, "asked again once, no more");
}

#[tokio::test]
async fn the_rule_reader_goes_first_and_a_formula_is_never_translated() {
    let stand_in = ChatStandIn::start(vec![]).await;
    let writer = writer(&stand_in);
    for problem in [
        "Find the limit of (x^2 - 1)/(x - 1) as x approaches 1",
        "2x + 3 = 11",
        "A $60 jacket is 25% off. What is the sale price?",
        // In the notation but not solved offline: the solution writer's to try.
        "sin(x) = 1/2",
    ] {
        let read = reader::read(&writer, problem).await.unwrap();
        assert!(
            matches!(
                read,
                ProblemRead::Read {
                    by: ReadBy::Rules,
                    ..
                }
            ),
            "{problem}: {read:?}"
        );
    }
    assert!(stand_in.requests().is_empty(), "the model was not asked");
}

#[tokio::test]
async fn the_prompts_example_is_of_another_kind_and_a_copy_of_it_is_refused() {
    let limit = "What does x times x minus 9, over x minus 3, get close to when x approaches 3?";
    let stand_in = ChatStandIn::start(vec![
        // The words problem's example, copied.
        notation("a + (a + 13) = 47"),
        notation("a + (a + 13) = 47"),
        // The limit example, copied for a problem in words.
        notation("lim_(x->7) ((x^2 - 49)/(x - 7))"),
        notation("lim_(x->7) ((x^2 - 49)/(x - 7))"),
    ])
    .await;
    let writer = writer(&stand_in);
    let read = reader::read(&writer, limit).await.unwrap();
    assert!(matches!(read, ProblemRead::Refused { .. }), "{read:?}");
    let read = reader::read(&writer, AGES).await.unwrap();
    let ProblemRead::Refused { reasons, .. } = read else {
        panic!("refused: {read:?}");
    };
    assert!(reasons[0].contains("example"), "{reasons:?}");

    let requests = stand_in.requests();
    let limit_prompt = message(&requests[0], "system");
    assert!(!limit_prompt.contains("lim_(x->7)"), "{limit_prompt}");
    assert!(limit_prompt.contains("years older"), "{limit_prompt}");
    let words_prompt = message(&requests[2], "system");
    assert!(!words_prompt.contains("years older"), "{words_prompt}");
    assert!(words_prompt.contains("lim_(x->7)"), "{words_prompt}");
}

#[tokio::test]
async fn a_refused_key_is_an_endpoint_error_not_a_reading() {
    let stand_in = ChatStandIn::start(vec![Reply::Error(401, "invalid_api_key")]).await;
    let error = reader::read(&writer(&stand_in), AGES).await.unwrap_err();
    assert!(matches!(error, ScriptError::Api(_)), "{error:?}");
}

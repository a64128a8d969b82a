//! `cargo run --release -p lectern-pipeline --example reading_bench [-- model-id]`
//!
//! How many problems written as students write them are read right: by the rule reader
//! alone, and by the rule reader with the local model (the installed default, or the catalog
//! model named by the argument) reading what the rules cannot (issue 51). A reading is right
//! when the solver's answer to it is the solver's answer to a reference reading written by
//! hand (the unknown's letter aside). Figures from one run; nothing is asserted.

use std::time::Instant;

use lectern_pipeline::local_model;
use lectern_pipeline::script::OpenAiWriter;
use lectern_pipeline::solution::{
    self,
    reader::{self, ProblemRead, ReadBy},
};

/// (the problem as a student writes it, a reference reading in the notation)
const PROBLEMS: [(&str, &str); 30] = [
    (
        "Ann is 6 years older than Ben, and together they are 40. How old is Ben?",
        "b + (b + 6) = 40",
    ),
    (
        "Three times a number plus 7 equals 31. What is the number?",
        "3x + 7 = 31",
    ),
    (
        "I think of a number, double it and subtract 5, and get 19. What is my number?",
        "2x - 5 = 19",
    ),
    (
        "What does x times x minus 9, over x minus 3, get close to when x approaches 3?",
        "lim_(x->3) ((x^2 - 9)/(x - 3))",
    ),
    (
        "The log with base 2 of the number that is one more than x equals 3. Find x.",
        "log_2(x + 1) = 3",
    ),
    (
        "For which values of x is x squared minus 5x plus 6 below zero?",
        "x^2 - 5x + 6 < 0",
    ),
    ("Find x if 5 less than four times x is 23.", "4x - 5 = 23"),
    (
        "A number plus its square is 42. What can the number be?",
        "x + x^2 = 42",
    ),
    (
        "How fast does x cubed plus 2x change as x changes? Differentiate it.",
        "d/dx (x^3 + 2x)",
    ),
    (
        "What is the area under y = x squared between x = 0 and x = 3?",
        "∫_0^3 (x^2) dx",
    ),
    (
        "Two numbers add up to 50 and one is 12 more than the other. Find the smaller one.",
        "x + (x + 12) = 50",
    ),
    (
        "A number divided by 4, plus 3, gives 11. Find it.",
        "x/4 + 3 = 11",
    ),
    ("When 2 to the power x equals 64, what is x?", "2^x = 64"),
    (
        "Seven more than twice a number is 29. Find the number.",
        "2x + 7 = 29",
    ),
    (
        "Tickets cost $8 each. Sam paid $56. How many tickets did he buy?",
        "8t = 56",
    ),
    ("x over 3 equals 5 minus x. Solve it.", "x/3 = 5 - x"),
    (
        "Twice the sum of a number and 3 is 20. What is the number?",
        "2(x + 3) = 20",
    ),
    (
        "Half of a number, less 4, is 10. Find the number.",
        "x/2 - 4 = 10",
    ),
    ("What is 3 less than the product of 6 and 7?", "6*7 - 3"),
    ("For what x is 3x minus 4 at least 11?", "3x - 4 >= 11"),
    (
        "What value does (x^2 + x - 6)/(x - 2) tend to as x gets near 2?",
        "lim_(x->2) ((x^2 + x - 6)/(x - 2))",
    ),
    (
        "The square of a number is 81. What can the number be?",
        "x^2 = 81",
    ),
    (
        "Five times a number is the number plus 36. What is the number?",
        "5x = x + 36",
    ),
    ("The natural log of x equals 2. Find x.", "ln(x) = 2"),
    // Phrasings the rule reader knows.
    (
        "Find the limit of (x^2 - 1)/(x - 1) as x approaches 1",
        "lim_(x->1) ((x^2 - 1)/(x - 1))",
    ),
    ("log base 2 of (x + 1) = 3", "log_2(x + 1) = 3"),
    ("What is the square root of 144?", "sqrt(144)"),
    ("Solve 3 to the power of x equals 81", "3^x = 81"),
    ("x squared minus 4 equals 0", "x^2 - 4 = 0"),
    (
        "A $60 jacket is 25% off. What is the sale price?",
        "60 - 25/100 * 60",
    ),
];

/// The solver's answer to a reading, the unknown's letter and a currency aside: `b = 17` and
/// `x = 17` are both `17`; `2 < t < 3` is `2<x<3`; `$45` is `45`.
fn answer(reading: &str) -> Option<String> {
    let solution = lectern_solver::solve(reading).ok()?;
    let mut values: Vec<String> = solution
        .final_answer
        .split(", ")
        .flat_map(|part| part.split(" or "))
        .map(|part| {
            let value = part.rsplit_once(" = ").map_or(part, |(_, value)| value);
            let chars: Vec<char> = value
                .chars()
                .filter(|c| !c.is_whitespace() && !matches!(c, '$' | '€' | '£'))
                .collect();
            (0..chars.len())
                .map(|i| {
                    let lone = chars[i].is_ascii_lowercase()
                        && !chars.get(i + 1).is_some_and(|c| c.is_alphabetic())
                        && !(i > 0 && chars[i - 1].is_alphabetic());
                    if lone { 'x' } else { chars[i] }
                })
                .collect()
        })
        .collect();
    values.sort();
    Some(values.join(", "))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut settings = local_model::LocalModelSettings::default();
    if let Some(id) = std::env::args().nth(1) {
        settings.mode = local_model::LocalModelMode::model(&id)?;
    }
    for (words, reference) in PROBLEMS {
        anyhow::ensure!(
            answer(reference).is_some(),
            "the reference reading of {words:?} is not solved: {reference}"
        );
    }
    let rules_right = PROBLEMS
        .iter()
        .filter(|(words, reference)| {
            lectern_solver::read(words).solvable && answer(words) == answer(reference)
        })
        .count();

    let Some(server) = local_model::start_if_wanted(&settings, false).await? else {
        println!("reading bench: no local model is installed (run `just setup --bench`)");
        println!(
            "  rule reader alone              {rules_right:>3} of {} read right",
            PROBLEMS.len()
        );
        return Ok(());
    };
    println!("reading bench: {}", server.description());
    let writer = OpenAiWriter::new(solution::reader_config(&server.writer_config()))?;
    let (mut right, mut by_model, mut model_right, mut refused, mut wrong) = (0, 0, 0, 0, 0);
    let mut asks = 0;
    // Model readings whose set-up says what its unknowns stand for.
    let mut named = 0;
    let mut model_seconds = 0.0;
    for (words, reference) in PROBLEMS {
        let started = Instant::now();
        let read = reader::read(&writer, words).await?;
        let seconds = started.elapsed().as_secs_f64();
        let (mark, shown) = match &read {
            ProblemRead::Read { reading, by } => {
                // The rule reader's reading of a problem in words is its set-up with units,
                // which the solver solves from the words.
                let solved = match by {
                    ReadBy::Rules => answer(words),
                    ReadBy::Model { .. } => answer(&reading.reading),
                };
                let is_right = reading.solvable && solved.is_some() && solved == answer(reference);
                if let ReadBy::Model { asks: n } = by {
                    by_model += 1;
                    named += usize::from(
                        !lectern_solver::SetUp::read(&reading.reading)
                            .unknowns
                            .is_empty(),
                    );
                    asks += n;
                    model_seconds += seconds;
                    model_right += usize::from(is_right);
                }
                right += usize::from(is_right);
                wrong += usize::from(reading.solvable && !is_right);
                let who = if *by == ReadBy::Rules {
                    "rules"
                } else {
                    "model"
                };
                (
                    if is_right { "right" } else { "WRONG" },
                    format!("{who}: {}", reading.reading),
                )
            }
            ProblemRead::Refused { reasons, .. } => {
                refused += 1;
                asks += 2;
                model_seconds += seconds;
                ("refused", reasons.last().cloned().unwrap_or_default())
            }
        };
        println!("  {mark:<7} {words}\n          {shown}");
    }
    let total = PROBLEMS.len();
    let asked = by_model + refused;
    println!("  rule reader alone              {rules_right:>3} of {total} read right");
    println!("  rules, then the model          {right:>3} of {total} read right");
    println!(
        "  the model asked                {asked:>3} problems ({model_right} read right, \
         {} read wrong, {refused} refused), {asks} requests",
        by_model - model_right
    );
    println!("  wrong readings accepted        {wrong:>3}");
    println!("  model set-ups naming unknowns  {named:>3} of {by_model}");
    if asked > 0 {
        println!(
            "  seconds per model reading      {:>7.2}",
            model_seconds / asked as f64
        );
    }
    server.shutdown().await;
    Ok(())
}

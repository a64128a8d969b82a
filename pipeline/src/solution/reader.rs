//! Problems in words the rule reader cannot read, translated by a language model into the
//! solver's notation (issue 51). The model translates and never solves: its answer is one
//! line of notation under a tight JSON schema, accepted only when the solver reads it and,
//! for a problem in words, its set-up uses every amount of the words with their units
//! ([`lectern_solver::accept_reading`]). A reading that cannot be used goes back once with
//! the reason; a second is refused, with what was not understood and how to write it.
//!
//! The rule reader goes first: it is deterministic, free and well under a millisecond.

use lectern_solver::Reading;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::script::{JsonModel, ScriptError, Turn};

/// How a problem was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadBy {
    /// The rule reader: the text was in the notation, or a phrasing it knows; or the model
    /// was not asked because the text needs no translation.
    Rules,
    /// The language model, after `asks` requests (1, or 2 after a re-ask).
    Model { asks: u32 },
}

/// What reading a problem gave: a reading to show the student, or a refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemRead {
    /// A reading: the rule reader's, or the model's (parsed by the solver, its set-up checked).
    /// The rule reader's may be unsolvable offline (then its `detail` says why).
    Read { reading: Reading, by: ReadBy },
    /// Neither reader could read it: `detail` says what was not understood and how to write
    /// it; `reasons` are why each of the model's answers could not be used (for logs).
    Refused {
        detail: String,
        reasons: Vec<String>,
    },
}

impl ProblemRead {
    /// The reading, when there is one.
    pub fn reading(&self) -> Option<&Reading> {
        match self {
            ProblemRead::Read { reading, .. } => Some(reading),
            ProblemRead::Refused { .. } => None,
        }
    }
}

/// Whether the model should be asked to read `text`: the rule reader gives nothing the solver
/// solves, and the text is words, not notation (a formula the solver cannot solve is the
/// solution writer's to try, not the reader's to translate).
pub fn wants_model(text: &str) -> bool {
    let text = text.trim();
    !lectern_solver::in_notation(text) && !lectern_solver::read(text).solvable
}

/// Reads a problem: the rule reader first; the model for words it cannot read.
pub async fn read(model: &impl JsonModel, text: &str) -> Result<ProblemRead, ScriptError> {
    let text = text.trim();
    let rules = lectern_solver::read(text);
    if !wants_model(text) {
        return Ok(ProblemRead::Read {
            reading: rules,
            by: ReadBy::Rules,
        });
    }
    let example = example_for(text);
    // A problem in words names at least one unknown: left free to, the default model named
    // one in 1 of 21 readings (`reading_bench`).
    let words_problem = guess(text) == Guess::Words;
    let mut turns = vec![
        Turn::System(system_prompt(example)),
        Turn::User(format!("Problem: {text}")),
    ];
    let mut reasons = Vec::new();
    for asks in 1..=2 {
        // The first reading is the likeliest one. Asked again at that temperature, a small
        // model mostly writes the rejected reading again whatever the reason says, so the
        // re-ask is sampled (at the writer's temperature, see `reader_config`).
        let answer = if asks == 1 {
            model
                .judge_json(&turns, "problem_notation", schema(words_problem))
                .await?
        } else {
            model
                .complete_json(&turns, "problem_notation", schema(words_problem))
                .await?
        };
        match accept(text, &answer, example) {
            Ok(reading) => {
                return Ok(ProblemRead::Read {
                    reading,
                    by: ReadBy::Model { asks },
                });
            }
            Err(reason) => {
                tracing::info!(%reason, %answer, asks, "the model's reading could not be used");
                let rejected = rejected_notation(&answer);
                turns.push(Turn::Assistant(answer));
                turns.push(Turn::User(reask_prompt(&rejected, &reason)));
                reasons.push(reason);
            }
        }
    }
    Ok(ProblemRead::Refused {
        detail: refusal(text, &rules),
        reasons,
    })
}

/// The model's answer: the set-up of the problem, never its solution. Each unknown says what
/// it stands for in the problem's words and its unit, and the notation states the problem.
/// Two more fields were measured and left out: quoting each number with the words around it
/// (the default model paraphrased its quotes: 9 of the first 16 problems refused) and naming
/// a number the question does not need (it named "Ann", "three times", "double": the first
/// 3 refused). A number the question does not need is set aside in a reading the student
/// corrects (`; 4 is not needed`), never by the model.
#[derive(Debug, Deserialize)]
struct Answer {
    #[serde(default)]
    unknowns: Vec<UnknownAnswer>,
    notation: String,
}

/// An unknown as the model names it. It writes no unit: asked for one, it gave the only
/// problem of `reading_bench` with a unit ("How many tickets") the unit `$`, and the ages
/// problem none; a wrong unit on the answer is worse than the meaning alone ("Let x be the
/// number of tickets."). A student's corrected reading may still give one (`(years)`).
#[derive(Debug, Deserialize)]
struct UnknownAnswer {
    letter: String,
    means: String,
}

impl Answer {
    /// The reading the answer gives: `b + (b + 6) = 40, where b is Ben's age in years`. An
    /// unknown the words already write as a letter ("Find x") is theirs, not a set-up to say.
    fn reading(&self, words: &str) -> String {
        // ("a" is the article: "a number" names no letter.)
        let in_words = |letter: &str| {
            letter != "a"
                && words
                    .split(|c: char| !c.is_alphabetic())
                    .any(|w| w == letter)
        };
        let set_up = lectern_solver::SetUp {
            notation: self
                .notation
                .trim()
                .trim_end_matches(['.', '?'])
                .trim()
                .to_string(),
            unknowns: self
                .unknowns
                .iter()
                .filter(|u| !in_words(u.letter.trim()))
                .map(|u| lectern_solver::Unknown {
                    letter: u.letter.trim().to_string(),
                    means: meaning(&u.means),
                    unit: None,
                })
                .collect(),
            not_needed: Vec::new(),
        };
        set_up.written()
    }
}

/// What an unknown stands for, as the reading writes it: a closing bracket is the reading's
/// unit (`(years)`), which the model does not give, so one it wrote anyway ("the number of
/// tickets ($)", the one unit of `reading_bench`, and a wrong one) is left out.
fn meaning(means: &str) -> String {
    let means = means.trim().trim_end_matches('.').trim();
    let without = match means.strip_suffix(')').and_then(|m| m.rsplit_once('(')) {
        Some((before, _)) if !before.trim().is_empty() => before.trim(),
        _ => means,
    };
    without.to_string()
}

/// The notation of an answer that could not be used, quoted for the re-ask (the answer itself
/// when it is not the JSON asked for).
fn rejected_notation(answer: &str) -> String {
    let notation = serde_json::from_str::<Answer>(answer)
        .map(|a| a.notation)
        .unwrap_or_else(|_| answer.to_string());
    let short: String = notation
        .trim()
        .chars()
        .take(NOTATION_MAX_CHARS as usize)
        .collect();
    format!("\"{short}\"")
}

/// The longest notation the schema lets the model write.
const NOTATION_MAX_CHARS: u32 = 160;

/// The set-up and nothing else: no room for a worked solution or prose.
fn schema(words_problem: bool) -> Value {
    let short = |max: u32| json!({"type": "string", "minLength": 1, "maxLength": max});
    json!({
        "type": "object",
        "properties": {
            "unknowns": {
                "type": "array",
                "minItems": u32::from(words_problem),
                "maxItems": 3,
                "items": {
                    "type": "object",
                    "properties": {
                        "letter": {"type": "string", "minLength": 1, "maxLength": 1},
                        // At least "the number": a bare "number" read as "Let x be number."
                        "means": {"type": "string", "minLength": 8, "maxLength": 50},
                    },
                    "required": ["letter", "means"],
                    "additionalProperties": false,
                },
            },
            "notation": short(NOTATION_MAX_CHARS),
        },
        "required": ["unknowns", "notation"],
        "additionalProperties": false,
    })
}

/// Parses and checks one answer: the reading, or why it cannot be used.
fn accept(text: &str, answer: &str, example: &Example) -> Result<Reading, String> {
    let answer: Answer = serde_json::from_str(answer)
        .map_err(|e| format!("the answer is not the JSON asked for ({e})"))?;
    let reading = answer.reading(text);
    let notation = answer.notation.trim().trim_end_matches(['.', '?']).trim();
    if same_writing(notation, example.notation) {
        return Err("that is the example's notation, not this problem's".into());
    }
    if works_the_answer_out(notation) {
        return Err(format!(
            "{notation} works the answer out: write the equation the words state, with the \
             unknown where the words put it (ax + b = c, not x = (c - b)/a), or a calculation \
             alone"
        ));
    }
    lectern_solver::accept_reading(text, &reading)
}

/// `x = 40 - 6 - 6`: the unknown given by a calculation is the model solving the problem,
/// not writing it down (and the set-up is the model's, unchecked).
fn works_the_answer_out(notation: &str) -> bool {
    let Some((left, right)) = notation.split_once('=') else {
        return false;
    };
    let left = left.trim();
    left.chars().count() == 1
        && left.chars().all(char::is_alphabetic)
        && !right.contains(['=', ';', '<', '>'])
        && !right.chars().any(char::is_alphabetic)
}

fn same_writing(a: &str, b: &str) -> bool {
    let plain = |s: &str| {
        s.chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_lowercase()
    };
    plain(a) == plain(b)
}

/// A worked translation shown to the model: always of another kind than the problem at hand,
/// so that a copied example is a reading of nothing the student asked (and the set-up check
/// catches it).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Example {
    kind: Guess,
    words: &'static str,
    /// Letter, what it stands for.
    unknowns: &'static [(&'static str, &'static str)],
    notation: &'static str,
}

impl Example {
    /// The answer the model is shown for it.
    fn answer(&self) -> Value {
        json!({
            "unknowns": self.unknowns.iter()
                .map(|(letter, means)| json!({"letter": letter, "means": means}))
                .collect::<Vec<_>>(),
            "notation": self.notation,
        })
    }
}

/// What a problem in words seems to be about, from a few words: enough to choose an example
/// of another kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Guess {
    Limit,
    Logarithm,
    Derivative,
    Integral,
    Inequality,
    Root,
    Words,
}

const EXAMPLES: [Example; 4] = [
    Example {
        kind: Guess::Words,
        words: "Tom is 13 years older than Ann, and together they are 47. How old is Ann?",
        unknowns: &[("a", "Ann's age in years")],
        notation: "a + (a + 13) = 47",
    },
    Example {
        kind: Guess::Limit,
        words: "What number does (x^2 - 49)/(x - 7) get close to when x gets close to 7?",
        unknowns: &[],
        notation: "lim_(x->7) ((x^2 - 49)/(x - 7))",
    },
    Example {
        kind: Guess::Logarithm,
        words: "The logarithm with base 3 of the quantity 2x minus 1 is 4.",
        unknowns: &[],
        notation: "log_3(2x - 1) = 4",
    },
    Example {
        kind: Guess::Inequality,
        words: "For which x is seven times x, less 13, bigger than 1?",
        unknowns: &[],
        notation: "7x - 13 > 1",
    },
];

fn guess(text: &str) -> Guess {
    let s = text.to_lowercase();
    let has = |stems: &[&str]| stems.iter().any(|stem| s.contains(stem));
    if has(&["limit", "approach", "tends to", "gets close", "goes to"]) {
        Guess::Limit
    } else if has(&["log", "ln("]) {
        Guess::Logarithm
    } else if has(&["deriv", "differentiat", "rate of change", "slope of"]) {
        Guess::Derivative
    } else if has(&["integra", "area under", "antideriv"]) {
        Guess::Integral
    } else if has(&[
        "greater",
        "less than",
        "bigger",
        "smaller",
        "at least",
        "at most",
        "exceed",
        "inequalit",
        "positive",
        "negative",
    ]) {
        Guess::Inequality
    } else if has(&["root", "sqrt"]) {
        Guess::Root
    } else {
        Guess::Words
    }
}

/// The first example of another kind than the problem seems to be.
pub(crate) fn example_for(text: &str) -> &'static Example {
    let kind = guess(text);
    EXAMPLES
        .iter()
        .find(|example| example.kind != kind)
        .unwrap_or(&EXAMPLES[0])
}

fn system_prompt(example: &Example) -> String {
    format!(
        r#"You rewrite a mathematics problem, written in words, in the notation of a calculator that then solves it. You never solve the problem: you write its set-up, with every number of the words, and nothing else.
Answer with JSON: {{"unknowns": [...], "notation": "..."}}.
- "unknowns": each letter you bring in for something the words name without a letter (an age, a price, a number of tickets), with what it stands for in the problem's words ("the smaller number", "Ben's age in years"); [] when the words already write the unknown as a letter.
- "notation": the problem in the calculator's notation. The calculator reads:
  equations and inequalities: 2x + 3 = 11, x^2 - 4 < 0, 3x >= 6; several equations joined with ";"
  powers x^2, roots sqrt(x), fractions (x + 1)/(x - 2), logarithms log_2(x), ln(x), powers of e e^(2x)
  limits lim_(x->2) (f), lim_(x->inf) (f); derivatives d/dx (f); integrals ∫ (f) dx, from a to b: ∫_a^b (f) dx
  For a problem in words, write the equation the words state, with the unknown where the words put it (ax + b = c, never x = (c - b)/a).
Example (another kind of problem than yours):
Problem: {words}
{answer}"#,
        words = example.words,
        answer = example.answer(),
    )
}

fn reask_prompt(rejected: &str, reason: &str) -> String {
    format!(
        "The notation {rejected} cannot be used: {reason}. Write a different set-up: \
         rewrite the problem in the calculator's notation, with every number of the words, \
         without solving it."
    )
}

/// What was not understood and how to write it: the rule reader's own advice when it has
/// some (an amount its set-up could not use), else the forms Lectern reads.
fn refusal(text: &str, rules: &Reading) -> String {
    if rules.detail.starts_with("Lectern could not") {
        return rules.detail.clone();
    }
    let short: String = text.chars().take(80).collect();
    let quoted = if short.chars().count() < text.chars().count() {
        format!("\"{}...\"", short.trim_end())
    } else {
        format!("\"{short}\"")
    };
    format!(
        "Lectern could not read {quoted} as mathematics it can solve. Write it as an \
         equation, an inequality or a question with numbers, each amount with its unit, for \
         example \"Solve 2x + 3 = 11\", \"limit of (x^2 - 1)/(x - 1) as x approaches 1\", \
         \"log base 2 of (x + 1) = 3\" or \"What is 15% of 80?\"."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_is_read_and_passes_the_set_up_check() {
        for example in &EXAMPLES {
            let answer: Answer = serde_json::from_value(example.answer()).unwrap();
            let reading =
                lectern_solver::accept_reading(example.words, &answer.reading(example.words))
                    .unwrap_or_else(|reason| panic!("{}: {reason}", example.words));
            assert!(reading.solvable, "{example:?}: {reading:?}");
        }
    }

    #[test]
    fn the_answer_is_written_as_one_reading_with_its_set_up() {
        let answer: Answer = serde_json::from_value(json!({
            "unknowns": [{"letter": "b", "means": "Ben's age in years."}],
            "notation": "b + (b + 6) = 40.",
        }))
        .unwrap();
        let ages = "Ann is 6 years older than Ben, and together they are 40. How old is Ben?";
        assert_eq!(
            answer.reading(ages),
            "b + (b + 6) = 40, where b is Ben's age in years"
        );
        let plain: Answer = serde_json::from_value(json!({"notation": "x^2 - 4 < 0"})).unwrap();
        assert_eq!(plain.reading("x squared less 4 is below 0"), "x^2 - 4 < 0");
        // The words' own letter is theirs.
        let given: Answer = serde_json::from_value(json!({
            "unknowns": [{"letter": "x", "means": "the value of x"}],
            "notation": "4x - 5 = 23",
        }))
        .unwrap();
        assert_eq!(
            given.reading("Find x if 5 less than four times x is 23."),
            "4x - 5 = 23"
        );
        // A unit in brackets is the reading's syntax, which the model does not fill.
        let tickets: Answer = serde_json::from_value(json!({
            "unknowns": [{"letter": "t", "means": "the number of tickets ($)"}],
            "notation": "8t = 56",
        }))
        .unwrap();
        let reading = tickets.reading("Tickets cost $8 each. Sam paid $56. How many tickets?");
        assert_eq!(reading, "8t = 56, where t is the number of tickets");
        assert_eq!(lectern_solver::SetUp::read(&reading).unknowns[0].unit, None);
    }

    #[test]
    fn an_unknown_given_by_a_calculation_is_the_answer_worked_out() {
        for solved in ["x = 40 - 6 - 6", "b = 17", " n=(31 - 7)/3"] {
            assert!(works_the_answer_out(solved), "{solved}");
        }
        for written in [
            "b + (b + 6) = 40",
            "x = 2x - 5",
            "6*7 - 3",
            "y = sqrt(16) + x",
            "x = 3; y = 4",
            "ln(x) = 2",
        ] {
            assert!(!works_the_answer_out(written), "{written}");
        }
    }

    #[test]
    fn the_example_is_never_of_the_problems_kind() {
        for (problem, kind) in [
            (
                "How old is Sam if Sam and his sister, 3 years younger, are 21?",
                Guess::Words,
            ),
            (
                "what does x^2 approach when x gets close to 3",
                Guess::Limit,
            ),
            ("the log with base 5 of x is 2", Guess::Logarithm),
            ("for which x is 2x plus 1 bigger than 9", Guess::Inequality),
        ] {
            assert_eq!(guess(problem), kind, "{problem}");
            assert_ne!(example_for(problem).kind, kind, "{problem}");
        }
    }
}

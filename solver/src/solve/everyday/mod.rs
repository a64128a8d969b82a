//! Everyday problems in words, solved offline: percentages and discounts, rates and unit
//! prices, ratios, unit conversions, standard geometry, sequences, probability with dice,
//! coins and cards, and definite integrals. Each writes its set-up as calculations with units, which the checker
//! verifies as it verifies a language model's (`25% of $60` to `$15`).

mod amounts;
mod convert;
mod counting;
mod definite;
mod forms;
mod geometry;
mod percent;
mod probability;
mod rate;
mod sequence;
mod setup;

use super::steps::Step;
use crate::kind::ProblemKind;
use crate::rational::Rational;

pub(crate) use amounts::{Amount, amounts};

/// A problem in words, worked.
pub(crate) struct Worked {
    pub kind: ProblemKind,
    /// The set-up, in the solver's notation: `25% of $60`, `pi (3 cm)^2`.
    pub reading: String,
    pub steps: Vec<Step>,
    pub answer: String,
}

/// The worked solution when the problem is one of the everyday kinds, read from its words.
pub(crate) fn solve(text: &str) -> Option<Worked> {
    worked(&plain(text))
}

/// The words as the everyday solvers read them: lower case, single spaces, no closing mark.
fn plain(text: &str) -> String {
    let s = text.split_whitespace().collect::<Vec<_>>().join(" ");
    s.trim_end_matches(['?', '.', '!']).to_lowercase()
}

/// Why the set-up of a worked problem in words cannot be used: an amount of the words it
/// leaves out, or uses with another unit (module `setup`).
pub(crate) fn setup_problem(text: &str, worked: &Worked) -> Option<String> {
    setup::problem(&plain(text), worked)
}

/// Why `reading`, written by someone else for the words `text`, cannot be used: an amount of
/// the words (also one in words: "half of", "twice") it leaves out, or writes with another
/// unit, unless it is named `not_needed`; or an amount named so that the words do not give.
pub(crate) fn reading_problem(text: &str, reading: &str, not_needed: &[String]) -> Option<String> {
    let words = plain(text);
    let given = amounts(&words);
    let mut set_aside = Vec::new();
    for amount in not_needed {
        let number = amount
            .trim_start_matches(['$', '€', '£'])
            .split(' ')
            .next()
            .map(|n| n.trim_end_matches('%'))
            .and_then(exact);
        match number.and_then(|v| given.iter().find(|a| a.value == v)) {
            Some(a) => set_aside.push(a.value),
            None => return Some(format!("{amount} is not an amount of the words")),
        }
    }
    setup::unused(&words, reading, &[reading], &set_aside)
        .or_else(|| setup::unused_amount_word(&words, reading))
}

fn worked(s: &str) -> Option<Worked> {
    let s = s.to_string();
    // Words read as a definite integral are the integral's alone: "x squared" is no square.
    if definite::notation(&s).is_some() {
        return definite::solve(&s);
    }
    probability::solve(&s)
        .or_else(|| counting::solve(&s))
        .or_else(|| forms::solve(&s))
        .or_else(|| sequence::solve(&s))
        .or_else(|| geometry::solve(&s))
        .or_else(|| percent::solve(&s))
        .or_else(|| rate::solve(&s))
        .or_else(|| convert::solve(&s))
}

/// A step in the style of a model's: the calculation, the rule and one sentence.
pub(crate) fn step(
    before: impl Into<String>,
    after: impl Into<String>,
    rule: &str,
    narration: impl Into<String>,
) -> Step {
    Step {
        before: before.into(),
        after: after.into(),
        rule: rule.into(),
        narration: narration.into(),
    }
}

/// The exact value of a calculation without units or letters: `(20 - 0)/5` is 4.
pub(crate) fn exact(text: &str) -> Option<Rational> {
    let e = crate::parser::parse_expression(text).ok()?;
    crate::exact::to_rational(&e).ok()
}

/// A number as a student writes it: `4`, `0.25`, `1/6` when it does not terminate.
pub(crate) fn shown(r: Rational) -> String {
    r.to_decimal_string().unwrap_or_else(|| r.to_string())
}

/// Money shows two places when it has cents: `$4.50`, `$45`.
pub(crate) fn money(r: Rational, symbol: &str) -> String {
    let text = shown(r);
    let text = match text.split_once('.') {
        Some((whole, cents)) if cents.len() == 1 => format!("{whole}.{cents}0"),
        _ => text,
    };
    match text.strip_prefix('-') {
        Some(positive) => format!("-{symbol}{positive}"),
        None => format!("{symbol}{text}"),
    }
}

/// A value rounded to two places for the `≈` part: `28.27`.
pub(crate) fn rounded(value: f64) -> String {
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Whether a word of the problem starts with one of `stems`.
/// A stem of several words ("how far") is looked for as it is written.
pub(crate) fn mentions(s: &str, stems: &[&str]) -> bool {
    stems.iter().any(|stem| {
        if stem.contains(' ') {
            s.contains(stem)
        } else {
            s.split(|c: char| !c.is_alphanumeric())
                .any(|w| w.starts_with(stem))
        }
    })
}

//! Unit conversions: "convert 5 km to meters", "how many minutes are in 3.5 hours", "what is
//! 2.5 m in centimeters". The sizes are the checker's own (`crate::words`), so the step it
//! verifies and the factor the narration names come from one table.

use super::amounts::unit_symbol;
use super::{Amount, Worked, amounts, exact, rounded, shown, step};
use crate::kind::ProblemKind;
use crate::rational::Rational;
use crate::solve::Step;

pub(super) fn solve(s: &str) -> Option<Worked> {
    let [amount] = amounts(s).try_into().ok()?;
    if amount.unit.is_empty() {
        return None;
    }
    let to = target(s, &amount)?;
    Some(converted(&amount, to, ratio(&amount.unit, to)?))
}

/// How many `to` make one `from`, exactly.
fn ratio(from: &str, to: &str) -> Option<Rational> {
    let (from_size, to_size) = crate::words::conversion(from, to)?;
    exact(from_size)?.div(exact(to_size)?).ok()
}

/// `amount` written in `to` for a calculation that needs its amounts in one unit: the step
/// that converts it (`20 min` to `(20 / 60) h`), that text, and its exact value.
pub(super) fn into(amount: &Amount, to: &'static str) -> Option<(Step, String, Rational)> {
    let ratio = ratio(&amount.unit, to)?;
    let (written, rule, narration) = factorised(amount, to, ratio);
    let value = amount.value.mul(ratio).ok()?;
    Some((
        step(amount.written(), written.clone(), &rule, narration),
        written,
        value,
    ))
}

/// `amount` converted to `to` and worked out: `(1.5 × 60) min` then `90 min`.
pub(super) fn conversion_of(amount: &Amount, to: &'static str) -> Option<Worked> {
    Some(converted(amount, to, ratio(&amount.unit, to)?))
}

/// The unit asked for: named after "to", "into" or "in", or after "how many", and not the
/// amount's own ("in" itself is the word, not inches).
fn target(s: &str, amount: &Amount) -> Option<&'static str> {
    let words: Vec<&str> = s
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !(c.is_alphanumeric() || c == '/')))
        .collect();
    let own = amount.word..=amount.word + 1;
    (1..words.len()).find_map(|j| {
        let asked = matches!(words[j - 1], "to" | "into" | "in")
            || (j >= 2 && words[j - 2] == "how" && words[j - 1] == "many");
        let symbol = unit_symbol(words[j]).filter(|_| words[j] != "in")?;
        (asked && !own.contains(&j) && symbol != amount.unit).then_some(symbol)
    })
}

/// `3.5 h` to `(3.5 × 60) min` to `210 min`, or `90 min` to `(90 / 60) h` to `1.5 h`: the
/// factor first, then the arithmetic, each a step the checker verifies.
fn converted(amount: &Amount, to: &'static str, ratio: Rational) -> Worked {
    let (written, rule, narration) = factorised(amount, to, ratio);
    let result = amount.value.mul(ratio).unwrap_or(amount.value);
    let (after, how) = match result.to_decimal_string() {
        Some(decimal) => (format!("{decimal} {to}"), "Work out the number"),
        None => (
            format!(
                "{} {to}",
                rounded(result.numer() as f64 / result.denom() as f64)
            ),
            "Work out the number, rounded to two decimal places",
        ),
    };
    let steps = vec![
        step(amount.written(), written.clone(), &rule, narration),
        step(
            written,
            after.clone(),
            how,
            format!("So {} is {after}.", amount.written()),
        ),
    ];
    Worked {
        kind: ProblemKind::WordProblem,
        reading: format!("{} to {to}", amount.written()),
        steps,
        answer: after,
    }
}

/// `amount` with the conversion factor written in: `(3.5 × 60) min` or `(90 / 60) h`, with
/// the rule and the sentence that says why.
fn factorised(amount: &Amount, to: &str, ratio: Rational) -> (String, String, String) {
    let (from, value) = (amount.unit.as_str(), shown(amount.value));
    if ratio.numer() >= ratio.denom() {
        let k = shown(ratio);
        (
            format!("({value} × {k}) {to}"),
            format!("1 {from} = {k} {to}"),
            format!(
                "One {} is {k} {}, so multiply the number of {} by {k}.",
                name(from, false),
                name(to, true),
                name(from, true)
            ),
        )
    } else {
        let k = shown(Rational::ONE.div(ratio).unwrap_or(Rational::ONE));
        (
            format!("({value} / {k}) {to}"),
            format!("{k} {from} = 1 {to}"),
            format!(
                "It takes {k} {} to make one {}, so divide the number of {} by {k}.",
                name(from, true),
                name(to, false),
                name(from, true)
            ),
        )
    }
}

/// A unit as it is said: "hour", "hours".
fn name(symbol: &str, plural: bool) -> String {
    let singular = match symbol {
        "mm" => "millimetre",
        "cm" => "centimetre",
        "m" => "metre",
        "km" => "kilometre",
        "in" => "inch",
        "ft" => "foot",
        "yd" => "yard",
        "mi" => "mile",
        "s" => "second",
        "min" => "minute",
        "h" => "hour",
        "g" => "gram",
        "kg" => "kilogram",
        "lb" => "pound",
        "L" => "litre",
        "ml" => "millilitre",
        other => return other.to_string(),
    };
    match (plural, singular) {
        (false, _) => singular.to_string(),
        (true, "inch") => "inches".into(),
        (true, "foot") => "feet".into(),
        (true, _) => format!("{singular}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::solve;

    #[test]
    fn a_conversion_is_worked_through_its_factor() {
        let cases = [
            (
                "how many minutes are in 3.5 hours",
                "(3.5 × 60) min",
                "210 min",
            ),
            ("convert 5 km to meters", "(5 × 1000) m", "5000 m"),
            ("what is 2.5 m in centimeters", "(2.5 × 100) cm", "250 cm"),
            ("express 90 minutes in hours", "(90 / 60) h", "1.5 h"),
            ("how many grams are in 0.75 kg", "(0.75 × 1000) g", "750 g"),
            ("convert 10 cm to inches", "(10 / 2.54) in", "3.94 in"),
        ];
        for (words, factorised, answer) in cases {
            let worked = solve(words).unwrap_or_else(|| panic!("{words}"));
            assert_eq!(worked.steps[0].after, factorised, "{words}");
            assert_eq!(worked.answer, answer, "{words}");
        }
    }

    #[test]
    fn words_that_are_no_conversion_are_left_to_the_other_solvers() {
        for words in [
            "a car travels 120 km in 1.5 hours. what is its speed",
            "convert 5 km to kg",
            "how many apples are in 3 boxes",
            "the rope is 4 m long",
        ] {
            assert!(solve(words).is_none(), "{words}");
        }
    }
}

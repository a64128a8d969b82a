//! A number written in another form ("0.25 as a fraction", "3/8 as a decimal", "3/5 as a
//! percentage"), and two points' slope and distance ("the slope of the line through (1, 2)
//! and (3, 8)"). Each step is a value the checker compares exactly.

use super::{Worked, exact, shown, step};
use crate::kind::ProblemKind;
use crate::rational::Rational;

pub(super) fn solve(s: &str) -> Option<Worked> {
    another_form(s).or_else(|| two_points(s))
}

fn worked(
    kind: ProblemKind,
    reading: String,
    steps: Vec<super::Step>,
    answer: String,
) -> Option<Worked> {
    Some(Worked {
        kind,
        reading,
        steps,
        answer,
    })
}

/// The one number of "write 0.25 as a fraction", "what is 3/8 as a decimal", written as it
/// was typed.
fn the_number(s: &str) -> Option<(String, Rational)> {
    let numbers: Vec<&str> = s
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '/' | '-'))))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
        .collect();
    let [number] = numbers[..] else {
        return None;
    };
    Some((number.to_string(), exact(number)?))
}

fn another_form(s: &str) -> Option<Worked> {
    let form = [
        "as a fraction",
        "as a decimal",
        "as a percentage",
        "as a percent",
        "into a fraction",
        "into a decimal",
        "into a percentage",
        "to a fraction",
        "to a decimal",
        "to a percentage",
    ]
    .iter()
    .find(|f| s.contains(*f))?;
    let (typed, value) = the_number(s)?;
    let kind = ProblemKind::Arithmetic;
    if form.ends_with("fraction") {
        if !typed.contains('.') {
            return None;
        }
        let fraction = value.to_string();
        return worked(
            kind,
            typed.clone(),
            vec![step(
                typed.clone(),
                fraction.clone(),
                "Write the decimal over a power of ten and simplify",
                format!("{typed} is {fraction} in lowest terms."),
            )],
            fraction,
        );
    }
    if form.ends_with("decimal") {
        let decimal = value.to_decimal_string()?;
        if !typed.contains('/') {
            return None;
        }
        return worked(
            kind,
            typed.clone(),
            vec![step(
                typed.clone(),
                decimal.clone(),
                "Divide the top by the bottom",
                format!("Dividing out {typed} gives {decimal}."),
            )],
            decimal,
        );
    }
    // As a percentage: the value times 100%, exact when it terminates.
    let percent = value.mul(Rational::integer(100)).ok()?;
    let written = format!("{}%", percent.to_decimal_string()?);
    let before = format!("{typed} × 100%");
    worked(
        ProblemKind::WordProblem,
        before.clone(),
        vec![step(
            before,
            written.clone(),
            "Multiply by 100%",
            "A percentage is a number of hundredths: multiply by 100%.",
        )],
        written,
    )
}

/// `(1, 2)`: the points written in the words, in order.
fn points(s: &str) -> Vec<(Rational, Rational)> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')') else {
            break;
        };
        let inside = &rest[open + 1..open + close];
        if let Some((x, y)) = inside.split_once(',')
            && let (Some(x), Some(y)) = (exact(x.trim()), exact(y.trim()))
        {
            out.push((x, y));
        }
        rest = &rest[open + close + 1..];
    }
    out
}

/// The slope of the line through two points, or the distance between them.
fn two_points(s: &str) -> Option<Worked> {
    let [(x1, y1), (x2, y2)] = points(s)[..] else {
        return None;
    };
    let dx = format!("{} - {}", shown(x2), bracketed(x1));
    let dy = format!("{} - {}", shown(y2), bracketed(y1));
    if s.contains("slope") || s.contains("gradient") {
        let run = x2.sub(x1).ok()?;
        if run.is_zero() {
            return None;
        }
        let slope = y2.sub(y1).ok()?.div(run).ok()?;
        let before = format!("({dy}) / ({dx})");
        return worked(
            ProblemKind::Arithmetic,
            before.clone(),
            vec![step(
                before,
                shown(slope),
                "Use slope = (y2 - y1) / (x2 - x1)",
                "The slope is the change in y divided by the change in x.",
            )],
            shown(slope),
        );
    }
    if s.contains("distance") {
        let squares = x2
            .sub(x1)
            .ok()?
            .pow(2)
            .ok()?
            .add(y2.sub(y1).ok()?.pow(2).ok()?)
            .ok()?;
        let before = format!("sqrt(({dx})^2 + ({dy})^2)");
        let mut steps = vec![step(
            before.clone(),
            format!("sqrt({})", shown(squares)),
            "Use the distance formula",
            "The distance is the square root of the squared changes in x and in y, added.",
        )];
        let answer = match squares.sqrt() {
            Some(root) => {
                steps.push(step(
                    format!("sqrt({})", shown(squares)),
                    shown(root),
                    "Take the square root",
                    "Take the square root.",
                ));
                shown(root)
            }
            None => format!("sqrt({})", shown(squares)),
        };
        return worked(ProblemKind::Arithmetic, before, steps, answer);
    }
    None
}

/// A negative number in brackets, so that `3 - (-1)` reads as it should.
fn bracketed(r: Rational) -> String {
    if r.is_negative() {
        format!("({})", shown(r))
    } else {
        shown(r)
    }
}

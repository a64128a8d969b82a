//! Arithmetic and geometric sequences: the nth term and the sum of the first n terms, from the
//! first terms as listed ("3, 7, 11, ...").

use super::{Worked, amounts, mentions, shown, step};
use crate::kind::ProblemKind;
use crate::rational::Rational;

/// "the 10th term", "term 10", "n = 10", "the first 10 terms".
fn position(s: &str) -> Option<(Rational, bool, usize)> {
    let words: Vec<&str> = s.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        let digits: String = w.chars().take_while(char::is_ascii_digit).collect();
        let ordinal = !digits.is_empty() && matches!(&w[digits.len()..], "st" | "nd" | "rd" | "th");
        if ordinal && words.get(i + 1).is_some_and(|n| n.starts_with("term")) {
            return Some((super::exact(&digits)?, false, i));
        }
        if w == "first"
            && let Some(n) = words.get(i + 1).and_then(|n| super::exact(n))
            && words.get(i + 2).is_some_and(|t| t.starts_with("term"))
        {
            return Some((n, mentions(s, &["sum", "total", "add"]), i + 1));
        }
        // "term 10", not "the next term: 2, 6, 18" (the list's first number).
        let raw = words[i];
        let listed = raw.ends_with(':') || words.get(i + 1).is_some_and(|n| n.ends_with(','));
        if w == "term"
            && !listed
            && let Some(n) = words
                .get(i + 1)
                .and_then(|n| super::exact(n.trim_matches(|c: char| !c.is_ascii_digit())))
        {
            return Some((n, false, i + 1));
        }
    }
    None
}

pub(super) fn solve(s: &str) -> Option<Worked> {
    if let Some(worked) = sum_of_first(s) {
        return Some(worked);
    }
    if !mentions(
        s,
        &["sequence", "term", "series", "progression", "next number"],
    ) {
        return None;
    }
    if let Some(worked) = from_first_term(s) {
        return Some(worked);
    }
    // "the next term" ("the next number") is the one after those listed.
    let next = s.contains("next term") || s.contains("next number");
    let (n, sum, at) = match position(s) {
        Some(found) if !next => found,
        None if next => (Rational::ZERO, false, usize::MAX),
        _ => return None,
    };
    // The listed terms: every number but the position's.
    let terms: Vec<Rational> = amounts(s)
        .into_iter()
        .filter(|a| a.unit.is_empty() && a.word != at)
        .map(|a| a.value)
        .collect();
    let terms = if terms.len() >= 3 { terms } else { return None };
    let n = if next {
        Rational::integer(terms.len() as i128 + 1)
    } else {
        n
    };
    let (a, b) = (terms[0], terms[1]);
    let d = b.sub(a).ok()?;
    // Every listed term is used: each follows the one before by the same difference (or ratio).
    let differences: Vec<Rational> = terms
        .windows(2)
        .map(|p| p[1].sub(p[0]).ok())
        .collect::<Option<_>>()?;
    let arithmetic = differences.iter().all(|x| *x == d) && !mentions(s, &["geometric"]);
    let each = |sign: &str, value: Rational| {
        terms
            .windows(2)
            .map(|p| format!("{} {sign} {} = {}", shown(p[1]), shown(p[0]), shown(value)))
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let n_minus_1 = n.sub(Rational::ONE).ok()?;
    let kind = ProblemKind::WordProblem;
    if arithmetic {
        let difference = step(
            format!("{} - {}", shown(b), shown(a)),
            shown(d),
            "Find the common difference",
            format!(
                "{}: each term is {} more than the one before, so the common difference is {}.",
                each("-", d),
                shown(d),
                shown(d)
            ),
        );
        if sum {
            let (put_in, total) = arithmetic_sum(a, d, n)?;
            return Some(Worked {
                kind,
                reading: format!(
                    "S_n = n/2 (2a + (n - 1)d) with a = {}, d = {}, n = {}",
                    shown(a),
                    shown(d),
                    shown(n)
                ),
                steps: vec![
                    difference,
                    step(
                        put_in,
                        shown(total),
                        "Use S_n = n/2 (2a + (n - 1)d)",
                        format!(
                            "The sum of the first {} terms of an arithmetic sequence is n/2 times the first term doubled plus (n - 1) differences.",
                            shown(n)
                        ),
                    ),
                ],
                answer: shown(total),
            });
        }
        let term = a.add(n_minus_1.mul(d).ok()?).ok()?;
        let put_in = format!("{} + ({} - 1)({})", shown(a), shown(n), shown(d));
        return Some(Worked {
            kind,
            reading: format!(
                "a_n = a + (n - 1)d with a = {}, d = {}, n = {}",
                shown(a),
                shown(d),
                shown(n)
            ),
            steps: vec![
                difference,
                step(
                    put_in,
                    shown(term),
                    "Use a_n = a + (n - 1)d",
                    format!(
                        "The {}th term is the first term plus {} common differences.",
                        shown(n),
                        shown(n_minus_1)
                    ),
                ),
            ],
            answer: shown(term),
        });
    }
    if a.is_zero() || b.is_zero() {
        return None;
    }
    let r = b.div(a).ok()?;
    let ratios: Option<Vec<Rational>> = terms.windows(2).map(|p| p[1].div(p[0]).ok()).collect();
    if ratios?.iter().any(|x| *x != r) {
        return None;
    }
    let ratio = step(
        format!("{} / {}", shown(b), shown(a)),
        shown(r),
        "Find the common ratio",
        format!(
            "{}: each term is {} times the one before, so the common ratio is {}.",
            each("/", r),
            shown(r),
            shown(r)
        ),
    );
    let power = |k: Rational| -> Option<Rational> { r.pow(i64::try_from(k.numer()).ok()?).ok() };
    if sum && r != Rational::ONE {
        let total = a
            .mul(power(n)?.sub(Rational::ONE).ok()?)
            .ok()?
            .div(r.sub(Rational::ONE).ok()?)
            .ok()?;
        let put_in = format!(
            "{}(({})^{} - 1)/({} - 1)",
            shown(a),
            shown(r),
            shown(n),
            shown(r)
        );
        return Some(Worked {
            kind,
            reading: format!(
                "S_n = a(r^n - 1)/(r - 1) with a = {}, r = {}, n = {}",
                shown(a),
                shown(r),
                shown(n)
            ),
            steps: vec![
                ratio,
                step(
                    put_in,
                    shown(total),
                    "Use S_n = a(r^n - 1)/(r - 1)",
                    "The sum of a geometric sequence's first n terms.",
                ),
            ],
            answer: shown(total),
        });
    }
    let term = a.mul(power(n_minus_1)?).ok()?;
    let put_in = format!("{}({})^({} - 1)", shown(a), shown(r), shown(n));
    Some(Worked {
        kind,
        reading: format!(
            "a_n = a r^(n - 1) with a = {}, r = {}, n = {}",
            shown(a),
            shown(r),
            shown(n)
        ),
        steps: vec![
            ratio,
            step(
                put_in,
                shown(term),
                "Use a_n = a r^(n - 1)",
                format!(
                    "The {}th term is the first term times the ratio {} times.",
                    shown(n),
                    shown(n_minus_1)
                ),
            ),
        ],
        answer: shown(term),
    })
}

/// "The first term is 3 and the common difference is 4. Find the 10th term." (or the common
/// ratio): the nth term from the first and the difference or ratio given.
fn from_first_term(s: &str) -> Option<Worked> {
    let after = |keys: &[&str]| {
        keys.iter().find_map(|key| {
            let at = s.find(key)? + key.len();
            let word = s[at..].split_whitespace().next()?;
            super::exact(word.trim_end_matches([',', '.', ';']))
        })
    };
    // "The first term is 3", "the first term of a geometric sequence is 2".
    let a = s.find("first term").and_then(|at| {
        s[at..]
            .split_whitespace()
            .skip(2)
            .take(6)
            .find_map(|w| super::exact(w.trim_end_matches([',', '.', ';'])))
    })?;
    let (n, sum, _) = position(s)?;
    if sum || !n.is_integer() || n.numer() < 1 {
        return None;
    }
    let n_minus_1 = n.sub(Rational::ONE).ok()?;
    let (reading, put_in, value, rule) = if let Some(d) = after(&[
        "common difference is ",
        "common difference of ",
        "difference is ",
    ]) {
        (
            format!(
                "a_n = a + (n - 1)d with a = {}, d = {}, n = {}",
                shown(a),
                shown(d),
                shown(n)
            ),
            format!("{} + ({} - 1)({})", shown(a), shown(n), shown(d)),
            a.add(n_minus_1.mul(d).ok()?).ok()?,
            "Use a_n = a + (n - 1)d",
        )
    } else {
        let r = after(&["common ratio is ", "common ratio of ", "ratio is "])?;
        let exponent = i64::try_from(n_minus_1.numer()).ok()?;
        (
            format!(
                "a_n = a r^(n - 1) with a = {}, r = {}, n = {}",
                shown(a),
                shown(r),
                shown(n)
            ),
            format!("{}({})^({} - 1)", shown(a), shown(r), shown(n)),
            a.mul(r.pow(exponent).ok()?).ok()?,
            "Use a_n = a r^(n - 1)",
        )
    };
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading,
        steps: vec![step(
            put_in,
            shown(value),
            rule,
            format!(
                "Put the first term and n = {} into the formula for the nth term.",
                shown(n)
            ),
        )],
        answer: shown(value),
    })
}

/// "The sum of the first 20 odd numbers": an arithmetic series whose first term and difference
/// the words name (odd: 1 and 2; even: 2 and 2; whole or natural numbers, positive integers:
/// 1 and 1).
fn sum_of_first(s: &str) -> Option<Worked> {
    if !mentions(s, &["sum", "total", "add"]) {
        return None;
    }
    let words: Vec<&str> = s.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "first")?;
    let n = super::exact(words.get(at + 1)?)?;
    let kind = words.get(at + 2..at + 4)?.join(" ");
    let (a, d, named) = [
        ("odd numbers", 1, 2),
        ("odd integers", 1, 2),
        ("even numbers", 2, 2),
        ("even integers", 2, 2),
        ("whole numbers", 1, 1),
        ("natural numbers", 1, 1),
        ("positive integers", 1, 1),
        ("counting numbers", 1, 1),
    ]
    .iter()
    .find(|(name, _, _)| kind.trim_end_matches(['?', '.']) == *name)
    .map(|(name, a, d)| (Rational::integer(*a), Rational::integer(*d), *name))?;
    if !n.is_integer() || n.numer() < 1 || n.numer() > 100_000 || amounts(s).len() != 1 {
        return None;
    }
    let (put_in, total) = arithmetic_sum(a, d, n)?;
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading: format!(
            "S_n = n/2 (2a + (n - 1)d) with a = {}, d = {}, n = {}",
            shown(a),
            shown(d),
            shown(n)
        ),
        steps: vec![step(
            put_in,
            shown(total),
            "Use S_n = n/2 (2a + (n - 1)d)",
            format!(
                "The {named} start at {} and go up by {}: an arithmetic sequence, so the sum of the first {} is n/2 times the first doubled plus (n - 1) differences.",
                shown(a),
                shown(d),
                shown(n)
            ),
        )],
        answer: shown(total),
    })
}

/// `S_n = n/2 (2a + (n - 1)d)` with the values put in, and its value.
fn arithmetic_sum(a: Rational, d: Rational, n: Rational) -> Option<(String, Rational)> {
    let twice_a = Rational::integer(2).mul(a).ok()?;
    let differences = n.sub(Rational::ONE).ok()?.mul(d).ok()?;
    let total = n
        .div(Rational::integer(2))
        .ok()?
        .mul(twice_a.add(differences).ok()?)
        .ok()?;
    let put_in = format!(
        "{}/2 (2({}) + ({} - 1)({}))",
        shown(n),
        shown(a),
        shown(n),
        shown(d)
    );
    Some((put_in, total))
}

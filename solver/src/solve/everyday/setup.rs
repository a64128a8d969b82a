//! A set-up is checked against the words before it is used: every amount the problem gives is
//! quoted in the set-up or its working, with the unit the words give it. A set-up that leaves an
//! amount out answers another problem ("A $60 jacket is 25% off and the tax is 8%" is not
//! `$60 - 25% of $60`), so it is refused, with the amount named, before anything is charged.

use super::amounts::{Amount, amounts, unit_symbol};
use super::{Worked, exact, mentions};
use crate::rational::Rational;

/// A number written in a set-up or a step, with the currency before it and the unit after it.
#[derive(Debug, PartialEq)]
struct Written {
    value: Rational,
    unit: String,
}

/// Every number written in `text`: `$60`, `25%`, `3 cm`, `(3 cm)^2`, `a_10`, `6 × 6`.
fn written_numbers(text: &str) -> Vec<Written> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            // An exponent (`cm^2`, `(3 cm)^2`) is no amount of the words.
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || matches!(chars[i - 1], '.' | '^')));
        if !starts {
            i += 1;
            continue;
        }
        let start = i;
        let mut digits = String::new();
        while i < chars.len() {
            let c = chars[i];
            let next_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
            if c.is_ascii_digit() || (c == '.' && next_digit) {
                digits.push(c);
            } else if c != ',' || !next_digit {
                break;
            }
            i += 1;
        }
        let currency = chars[..start]
            .iter()
            .rev()
            .find(|c| **c != '-')
            .filter(|c| matches!(c, '$' | '€' | '£'));
        let unit = match currency {
            Some(c) => c.to_string(),
            None => unit_after(&chars[i..]),
        };
        // A minus that is a sign, not a subtraction: `2 - (-1)`, `x = -4`, `-3` at the start.
        let signed = start > 0
            && chars[start - 1] == '-'
            && chars[..start - 1]
                .iter()
                .rev()
                .find(|c| !c.is_whitespace())
                .is_none_or(|c| matches!(c, '(' | '=' | '+' | '-' | '*' | '/' | '×' | ',' | '^'));
        let value = exact(&digits).and_then(|v| if signed { v.neg().ok() } else { Some(v) });
        if let Some(value) = value {
            out.push(Written { value, unit });
        }
    }
    out
}

/// The unit written right after a number (`%`, ` cm`, ` m/s^2`, ` hours`), as the amounts of
/// the words name it; empty when none is.
fn unit_after(rest: &[char]) -> String {
    if rest.first() == Some(&'%') {
        return "%".into();
    }
    let rest = rest.strip_prefix(&[' ']).unwrap_or(rest);
    let word: String = rest
        .iter()
        .take_while(|c| c.is_alphabetic() || matches!(c, '/' | '^' | '²' | '³' | '2' | '3'))
        .collect();
    if !word.starts_with(char::is_alphabetic) {
        return String::new();
    }
    let word = word.to_lowercase();
    unit_symbol(&word)
        .or_else(|| unit_symbol(word.trim_end_matches(['^', '2', '3', '²', '³'])))
        .map(str::to_string)
        .unwrap_or_default()
}

/// Why the set-up cannot be used for the problem `s` (lower case): an amount of the words it
/// does not use, or uses with another unit. `None` when it uses them all.
pub(crate) fn problem(s: &str, worked: &Worked) -> Option<String> {
    let mut texts = vec![worked.reading.as_str()];
    for step in &worked.steps {
        texts.extend([
            step.before.as_str(),
            step.after.as_str(),
            step.narration.as_str(),
        ]);
    }
    unused(s, &worked.reading, &texts, &[])
}

/// Why a reading written for the words `s` (lower case) cannot be used: an amount of the words
/// that `texts` (the reading and any working) leave out, or write with another unit.
pub(crate) fn unused(
    s: &str,
    reading: &str,
    texts: &[&str],
    set_aside: &[Rational],
) -> Option<String> {
    let used: Vec<Written> = texts.iter().flat_map(|t| written_numbers(t)).collect();
    for amount in amounts(s)
        .into_iter()
        .filter(|a| !set_aside.contains(&a.value))
    {
        let same: Vec<&Written> = used.iter().filter(|w| w.value == amount.value).collect();
        if same.is_empty() {
            return Some(format!(
                "its set-up {reading} does not use {}",
                amount.written()
            ));
        }
        // A bare number keeps the words' unit (`w(w + 3) = 40` with the answer in cm); a
        // number written only with another unit does not.
        if !amount.unit.is_empty()
            && !same
                .iter()
                .any(|w| w.unit == amount.unit || w.unit.is_empty())
        {
            return Some(unit_problem(&amount, &same, reading));
        }
    }
    None
}

/// Words that multiply an amount without a digit: "twice" and "double" are `2x`, "triple"
/// `3x` (a stem, so "doubled" and "tripled" too). Number words are not among them: they are
/// often no amount ("one is 12 more than the other", "two numbers add up to 50").
const MULTIPLIERS: [(&str, i64); 4] = [("twice", 2), ("double", 2), ("triple", 3), ("thrice", 3)];

/// Whether the words `s` halve something: "half of", not "half an hour" (which may be
/// written as 30 minutes).
fn says_half_of(s: &str) -> bool {
    let words: Vec<&str> = s
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(2).any(|w| w == ["half", "of"])
}

/// Whether a reading halves something: `x/2`, `x ÷ 2`, or `1/2` and `0.5` among its
/// `written` numbers.
fn halves(reading: &str, written: &[Rational]) -> bool {
    let chars: Vec<char> = reading.chars().filter(|c| !c.is_whitespace()).collect();
    let by_two = (0..chars.len().saturating_sub(1)).any(|i| {
        matches!(chars[i], '/' | '÷')
            && chars[i + 1] == '2'
            && !chars
                .get(i + 2)
                .is_some_and(|c| c.is_ascii_digit() || *c == '.')
    });
    by_two || exact("1/2").is_some_and(|half| written.contains(&half))
}

/// The first amount in words of `s` (lower case) that `reading` does not write: a reading
/// without it answers another problem ("Half of a number, less 4, is 10" read by a 1.5B
/// model as `2x + 4 = 10`).
pub(crate) fn unused_amount_word(s: &str, reading: &str) -> Option<String> {
    let written: Vec<Rational> = written_numbers(reading)
        .into_iter()
        .map(|w| w.value)
        .collect();
    let unused = |word: &str| format!("its set-up {reading} does not use \"{word}\"");
    if says_half_of(s) && !halves(reading, &written) {
        return Some(unused("half of"));
    }
    MULTIPLIERS
        .iter()
        .find(|&&(word, n)| mentions(s, &[word]) && !written.contains(&Rational::from(n)))
        .map(|&(word, _)| unused(word))
}

fn unit_problem(amount: &Amount, same: &[&Written], reading: &str) -> String {
    let other = same.first().map_or("", |w| w.unit.as_str());
    format!(
        "the problem gives {} but its set-up {reading} uses it in {other}",
        amount.written()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(text: &str) -> Vec<(String, String)> {
        written_numbers(text)
            .into_iter()
            .map(|w| (w.value.to_string(), w.unit))
            .collect()
    }

    #[test]
    fn numbers_are_read_with_their_currency_and_unit() {
        let pair = |v: &str, u: &str| (v.to_string(), u.to_string());
        assert_eq!(
            units("$60 - 25% of $60"),
            [pair("60", "$"), pair("25", "%"), pair("60", "$")]
        );
        assert_eq!(
            units("pi (3 cm)^2 and 40 cm^2, 20 m/s in 1.5 hours"),
            [
                pair("3", "cm"),
                pair("40", "cm^2"),
                pair("20", "m/s"),
                pair("3/2", "h")
            ]
        );
        assert_eq!(
            units("a_10 = 3,000 + (10 - 1) × 4"),
            [
                pair("10", ""),
                pair("3000", ""),
                pair("10", ""),
                pair("1", ""),
                pair("4", "")
            ]
        );
        // A letter before a digit is a name, not a number: x2 and log_3 keep theirs apart.
        assert_eq!(units("x2 + 5"), [pair("5", "")]);
    }
}

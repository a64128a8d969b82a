//! Percentages: `n% of m`, a price after a discount or with a tax added, a percent change, and
//! what percent one number is of another.

use super::{Amount, Worked, amounts, mentions, rounded, shown, step};
use crate::kind::ProblemKind;
use crate::rational::Rational;

pub(super) fn solve(s: &str) -> Option<Worked> {
    let all = amounts(s);
    if let Some(worked) = typed_set_up(s, &all) {
        return Some(worked);
    }
    let percents: Vec<&Amount> = all.iter().filter(|a| a.unit == "%").collect();
    let others: Vec<&Amount> = all.iter().filter(|a| a.unit != "%").collect();
    if percents.is_empty() {
        return percent_of_whole(s, &others).or_else(|| change(s, &others));
    }
    let [rate] = percents.as_slice() else {
        return None;
    };
    let [base] = others.as_slice() else {
        return None;
    };
    // The amount given is the one after the change when the amount before it is asked for
    // ("After a 10% discount a book costs $18. What was the original price?"): not `$18 -
    // 10% of $18`, so not these rules' to read. ("$40 before the tip" is the amount before.)
    let lower = s.to_lowercase();
    let asks_before = mentions(&lower, &["original"])
        || (lower.contains("before")
            && (lower.contains("what was") || lower.contains("how much was")));
    if asks_before {
        return None;
    }
    let down = mentions(
        s,
        &[
            "off", "discount", "sale", "reduc", "decreas", "less", "lower", "cheaper",
        ],
    );
    let up = mentions(
        s,
        &[
            "tax",
            "tip",
            "increas",
            "markup",
            "marked up",
            "mark up",
            "raise",
            "more",
            "interest",
            "grow",
        ],
    );
    // "Save 30% on a $50 game. What do you pay?" asks the price, not the saving.
    let asks_price = {
        let at = s.rfind("what").or_else(|| s.rfind("how")).unwrap_or(0);
        mentions(&s[at..], &["pay", "price", "cost", "total"])
    };
    let down = down || (asks_price && mentions(s, &["save"]));
    let part_only = !asks_price
        && mentions(
            s,
            &[
                "save",
                "saving",
                "amount of the discount",
                "how much is the tax",
                "how much tax",
                "how much is the tip",
            ],
        );
    let asked = match (down, up) {
        _ if part_only => Asked::Part,
        (true, _) => Asked::Less,
        (false, true) => Asked::More,
        (false, false) => Asked::Part,
    };
    percentage(rate, base, asked)
}

/// What a problem with one percentage and one amount asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asked {
    /// The percentage of the amount: `25% of $60`.
    Part,
    /// The amount less it: `$60 - 25% of $60`.
    Less,
    /// The amount with it added: `$40 + 15% of $40`.
    More,
}

/// The set-up [`percentage`] writes for `asked`.
fn set_up(rate: &Amount, base: &Amount, asked: Asked) -> String {
    let of = format!("{} of {}", rate.written(), base.written());
    match asked {
        Asked::Part => of,
        Asked::Less => format!("{} - {of}", base.written()),
        Asked::More => format!("{} + {of}", base.written()),
    }
}

/// The set-up typed back, as a student confirms it or a model writes it: `$60 - 25% of $60`
/// is worked as the discount it states, its unit carried to the answer.
fn typed_set_up(s: &str, all: &[Amount]) -> Option<Worked> {
    let [base, rate, again] = all else {
        return None;
    };
    if rate.unit != "%" || (again.value, &again.unit) != (base.value, &base.unit) {
        return None;
    }
    let spaceless = |t: &str| t.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let asked = [Asked::Less, Asked::More]
        .into_iter()
        .find(|asked| spaceless(s) == spaceless(&set_up(rate, base, *asked)))?;
    percentage(rate, base, asked)
}

/// `rate` of `base`, and `base` less it or with it added, the unit of `base` carried through.
fn percentage(rate: &Amount, base: &Amount, asked: Asked) -> Option<Worked> {
    let part = rate
        .value
        .mul(base.value)
        .ok()?
        .div(Rational::integer(100))
        .ok()?;
    let unit_of = |r: Rational| {
        Amount {
            value: r,
            unit: base.unit.clone(),
            word: 0,
        }
        .written()
    };
    let of = set_up(rate, base, Asked::Part);
    let first = step(
        of.clone(),
        unit_of(part),
        "Find the percentage",
        format!(
            "{} means {} hundredths, so {of} is {}.",
            rate.written(),
            shown(rate.value),
            unit_of(part)
        ),
    );
    let (result, sign, rule, sentence) = match asked {
        Asked::Part => {
            return Some(Worked {
                kind: ProblemKind::WordProblem,
                reading: of,
                steps: vec![first],
                answer: unit_of(part),
            });
        }
        Asked::Less => (
            base.value.sub(part).ok()?,
            "-",
            "Subtract the discount",
            "Take the discount off the original amount.",
        ),
        Asked::More => (
            base.value.add(part).ok()?,
            "+",
            "Add the increase",
            "Add the increase to the original amount.",
        ),
    };
    let total = format!("{} {sign} {}", base.written(), unit_of(part));
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading: set_up(rate, base, asked),
        steps: vec![first, step(total, unit_of(result), rule, sentence)],
        answer: unit_of(result),
    })
}

/// Whether a fraction is a percentage with at most two decimal places.
fn terminates_in_hundredths(r: Rational) -> Option<bool> {
    let percent = r.mul(Rational::integer(100)).ok()?;
    Some(
        percent
            .to_decimal_string()
            .is_some_and(|d| d.split_once('.').is_none_or(|(_, f)| f.len() <= 2)),
    )
}

/// A fraction as a percentage: exact when it terminates, else rounded to two places.
fn as_percent(r: Rational) -> Option<String> {
    let p = r.mul(Rational::integer(100)).ok()?;
    Some(match p.to_decimal_string() {
        Some(d) if d.split_once('.').is_none_or(|(_, f)| f.len() <= 2) => format!("{d}%"),
        _ => format!("{}%", rounded(p.numer() as f64 / p.denom() as f64)),
    })
}

/// "What percent of 80 is 20?", "20 is what percent of 80?".
fn percent_of_whole(s: &str, numbers: &[&Amount]) -> Option<Worked> {
    if !(s.contains("what percent") || s.contains("what percentage")) {
        return None;
    }
    let [a, b] = numbers else {
        return None;
    };
    // The whole follows "of" ("20 is what percent of 80?", "What percent is 45 of 60?").
    let words: Vec<&str> = s.split_whitespace().collect();
    let after_of = |amount: &Amount| amount.word > 0 && words.get(amount.word - 1) == Some(&"of");
    let (part, whole) = match (after_of(a), after_of(b)) {
        (true, false) => (*b, *a),
        (false, true) => (*a, *b),
        _ => return None,
    };
    let ratio = part.value.div(whole.value).ok()?;
    let fraction = format!("{} / {}", part.written(), whole.written());
    let percent = as_percent(ratio)?;
    let approximate = !terminates_in_hundredths(ratio)?;
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading: format!("{fraction} × 100%"),
        steps: vec![
            step(
                fraction.clone(),
                shown(ratio),
                "Divide the part by the whole",
                "The part divided by the whole gives the fraction.",
            ),
            step(
                format!("{} × 100%", shown(ratio)),
                if approximate {
                    format!("{} ≈ {percent}", shown(ratio))
                } else {
                    percent.clone()
                },
                "Write the fraction as a percentage",
                "Multiplying by 100% writes the fraction as a percentage.",
            ),
        ],
        answer: percent,
    })
}

/// "A price goes from $60 to $75. What is the percent increase?"
fn change(s: &str, numbers: &[&Amount]) -> Option<Worked> {
    if !(mentions(s, &["percent", "percentage"])
        && mentions(s, &["change", "increas", "decreas", "rise", "fall", "drop"]))
    {
        return None;
    }
    let [old, new] = numbers else {
        return None;
    };
    // Asked for a decrease, a fall is said as a positive decrease: the old value less the
    // new ("a percentage decrease" of $80 to $60 is 25%, not -25%).
    let asks_decrease =
        mentions(s, &["decreas", "fall", "drop"]) && !mentions(s, &["increas", "rise"]);
    let falls = new.value.sub(old.value).ok()?.is_negative();
    let (to, from) = if asks_decrease && falls {
        (old, new)
    } else {
        (new, old)
    };
    let difference = to.value.sub(from.value).ok()?;
    let ratio = difference.div(old.value).ok()?;
    let with_unit = |r: Rational| {
        Amount {
            value: r,
            unit: old.unit.clone(),
            word: 0,
        }
        .written()
    };
    let percent = as_percent(ratio)?;
    let exact_percent = terminates_in_hundredths(ratio)?;
    let direction = if difference.is_negative() || (asks_decrease && falls) {
        "decrease"
    } else {
        "increase"
    };
    Some(Worked {
        kind: ProblemKind::WordProblem,
        reading: format!(
            "({} - {}) / {} × 100%",
            to.written(),
            from.written(),
            old.written()
        ),
        steps: vec![
            step(
                format!("{} - {}", to.written(), from.written()),
                with_unit(difference),
                "Find the change",
                if asks_decrease && falls {
                    "First, the decrease: the old value minus the new one."
                } else {
                    "First, the change: the new value minus the old one."
                },
            ),
            step(
                format!("{} / {}", with_unit(difference), old.written()),
                shown(ratio),
                "Divide by the original value",
                "A percent change compares the change with the original value.",
            ),
            step(
                format!("{} × 100%", shown(ratio)),
                if exact_percent {
                    percent.clone()
                } else {
                    format!("{} ≈ {percent}", shown(ratio))
                },
                "Write the fraction as a percentage",
                format!(
                    "As a percentage, that is a {direction} of {}.",
                    percent.trim_start_matches('-')
                ),
            ),
        ],
        answer: percent,
    })
}

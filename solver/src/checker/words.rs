//! Steps and answers of a problem in words: calculations with units (`120 km / 1.5 h` to
//! `80 km/h`), formulas with the values the problem gives (`A = pi r^2` with `r = 3`), and a
//! final answer that must be the value of the last checked calculation.

use super::outcome::{CheckMethod, CheckStatus, status_of, unchecked};
use crate::equivalence::{self, chain_consistency, condition_variables};
use crate::exact::{RatFunc, to_ratfunc};
use crate::expr::Expr;
use crate::numeric::{Point, close, eval, short};
use crate::sets::Rules;
use crate::solve::Step;
use crate::statement::{Condition, Statement, read_statement};
use crate::verdict::{Method, Verdict, all_of};
use crate::words::{Quantities, dimension_name, knowns, quantities, typed_letters};

/// What the problem's words give.
pub(super) struct Words {
    knowns: Vec<(String, f64)>,
    geometry: bool,
}

impl Words {
    pub(super) fn given(problem: &str, geometry: bool) -> Self {
        Words {
            knowns: knowns(problem),
            geometry,
        }
    }
}

/// One side of a step, read.
#[derive(Debug, Clone)]
enum Read {
    /// Values claimed equal; `units` when a unit was written.
    Values {
        si: Vec<Expr>,
        typed: Vec<Expr>,
        units: bool,
    },
    Condition(Condition),
}

fn is_unit_letter(v: &str) -> bool {
    v.chars()
        .all(|c| ('\u{0531}'..='\u{0556}').contains(&c) || ('\u{10D0}'..='\u{10FA}').contains(&c))
}

/// `speed = ...` or `A = ...`: a name for the value, when the rest has no other `=`.
fn label(text: &str) -> Option<(&str, &str)> {
    let (name, rest) = text.split_once('=')?;
    let name = name.trim();
    let plain = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphabetic() || c == ' ' || c == '_')
        && name.chars().filter(|c| c.is_alphabetic()).count() <= 30;
    (plain && !rest.contains('=')).then_some((name, rest.trim()))
}

impl Words {
    fn substitute_knowns(&self, e: &Expr) -> Expr {
        self.knowns.iter().fold(e.clone(), |acc, (name, value)| {
            let number = crate::parser::parse_expression(&format!("{value}"))
                .unwrap_or_else(|_| Expr::int(0));
            acc.substitute(name, &number)
        })
    }

    fn read(&self, text: &str) -> Result<Read, String> {
        // "25% of $40" multiplies.
        let text = &if text.contains('%') {
            text.replace(" of ", " * ")
        } else {
            text.to_string()
        };
        let q = quantities(text).unwrap_or(Quantities {
            si: text.to_string(),
            typed: text.to_string(),
            units: 0,
        });
        let si = read_statement(&q.si, false).map_err(|e| e.to_string())?;
        let typed = read_statement(&q.typed, false).map_err(|e| e.to_string())?;
        let units = q.units > 0;
        let plain = |parts: &[Expr]| {
            parts
                .iter()
                .flat_map(Expr::variables)
                .all(|v| is_unit_letter(&v))
        };
        let known = |parts: Vec<Expr>| -> Vec<Expr> {
            parts.iter().map(|p| self.substitute_knowns(p)).collect()
        };
        Ok(match (si, typed) {
            (Statement::Expression(s), Statement::Expression(t)) => Read::Values {
                si: known(vec![s]),
                typed: known(vec![t]),
                units,
            },
            (Statement::Condition(Condition::Eq(s)), Statement::Condition(Condition::Eq(t)))
                if plain(&known(s.clone())) =>
            {
                Read::Values {
                    si: known(s),
                    typed: known(t),
                    units,
                }
            }
            (Statement::Condition(c), _) if !units => Read::Condition(self.known_condition(&c)),
            _ => return Err("an equation with units is not compared".into()),
        })
    }

    fn known_condition(&self, c: &Condition) -> Condition {
        match c {
            Condition::Eq(parts) => {
                Condition::Eq(parts.iter().map(|p| self.substitute_knowns(p)).collect())
            }
            Condition::Ineq(parts, rels) => Condition::Ineq(
                parts.iter().map(|p| self.substitute_knowns(p)).collect(),
                rels.clone(),
            ),
            Condition::All(items) => {
                Condition::All(items.iter().map(|i| self.known_condition(i)).collect())
            }
            Condition::Any(items) => {
                Condition::Any(items.iter().map(|i| self.known_condition(i)).collect())
            }
            other => other.clone(),
        }
    }

    /// Both sides, with a common name in front (`A = ...`) taken off.
    fn sides(&self, before: &str, after: &str) -> Result<(Read, Read), String> {
        let (mut b, mut a) = (before.to_string(), after.to_string());
        match (label(before), label(after)) {
            (Some((nb, rb)), Some((na, ra))) if nb == na => (b, a) = (rb.into(), ra.into()),
            (Some((_, rb)), None) if !after.contains('=') => b = rb.into(),
            (None, Some((_, ra))) if !before.contains('=') => a = ra.into(),
            _ => {}
        }
        let b = self
            .read(&b)
            .map_err(|e| format!("'before' could not be read: {e}"))?;
        let a = self
            .read(&a)
            .map_err(|e| format!("'after' could not be read: {e}"))?;
        Ok((b, a))
    }

    pub(super) fn step(&self, step: &Step) -> CheckStatus {
        if step.before.trim().is_empty() || step.after.trim().is_empty() {
            return unchecked("a step in a problem in words needs both 'before' and 'after'");
        }
        let (exact, approximate) = split_approximation(&step.after);
        // "A ≈ 28.27": the rounded value is the whole claim.
        let only_rounded = is_name(&exact);
        let after = match (&approximate, only_rounded) {
            (Some(text), true) => text.clone(),
            _ => exact,
        };
        let (before, after_read) = match self.sides(&step.before, &after) {
            Ok(pair) => pair,
            Err(e) => return unchecked(e),
        };
        let verdict = match (&before, &after_read) {
            (Read::Values { .. }, Read::Values { .. }) if only_rounded => {
                rounded(&before, &after_read, &after)
            }
            (Read::Values { .. }, Read::Values { .. }) => {
                values(&before, &after_read, &step.before, &after)
            }
            (Read::Condition(b), Read::Condition(a)) => {
                let unknowns: Vec<String> = condition_variables(b)
                    .union(&condition_variables(a))
                    .cloned()
                    .collect();
                let rules = Rules {
                    extraneous_allowed: false,
                    positive_only: self.geometry,
                };
                equivalence::conditions_with(b, a, &unknowns, rules)
            }
            _ => Verdict::Unknown(
                "the step turns an equation into an expression or back, so nothing is compared"
                    .into(),
            ),
        };
        let verdict = match (&approximate, only_rounded) {
            (Some(text), false) => match self.read(text) {
                Ok(approx) => {
                    // "c = sqrt(5) ≈ 2.24": the rounding is of the value the unknown is given.
                    let value = match &after_read {
                        Read::Condition(_) => after
                            .rsplit_once('=')
                            .and_then(|(_, value)| self.read(value).ok()),
                        _ => None,
                    };
                    all_of([
                        verdict,
                        rounded(value.as_ref().unwrap_or(&after_read), &approx, text),
                    ])
                }
                Err(_) => verdict,
            },
            _ => verdict,
        };
        let verdict = match verdict {
            Verdict::Different(reason) => {
                Verdict::Different(self.with_knowns(reason, &step.before))
            }
            other => other,
        };
        status_of(verdict)
    }

    /// Names the problem's values that were put in for letters, so a failure can be traced.
    fn with_knowns(&self, reason: String, before: &str) -> String {
        let text = label(before).map_or(before, |(_, rest)| rest);
        let letters = crate::parser::parse_expression(text)
            .map(|e| e.variables())
            .unwrap_or_default();
        let used: Vec<String> = self
            .knowns
            .iter()
            .filter(|(name, _)| letters.contains(name))
            .map(|(name, value)| format!("{name} = {}", short(*value)))
            .collect();
        if used.is_empty() {
            reason
        } else {
            format!("{reason} (with {} from the problem)", used.join(", "))
        }
    }

    /// The value a step's `after` gives, when it is a calculation.
    fn value_of(&self, after: &str) -> Option<(Read, String)> {
        let (exact, approximate) = split_approximation(after);
        let text = if is_name(&exact) { approximate? } else { exact };
        let text = label(&text).map_or(text.clone(), |(_, rest)| rest.to_string());
        match self.read(&text) {
            Ok(read @ Read::Values { .. }) => Some((read, text)),
            _ => None,
        }
    }

    /// The final answer: the value of the last calculation that was checked.
    pub(super) fn answer(&self, steps: &[Step], checks: &[CheckStatus], text: &str) -> CheckStatus {
        let Some(answer) = self.answer_value(text) else {
            return unchecked("the final answer has no value with a known unit to compare");
        };
        let last = steps.iter().zip(checks).rev().find_map(|(step, check)| {
            self.value_of(&step.after)
                .map(|(read, text)| (read, check, text))
        });
        if checks
            .iter()
            .any(|c| matches!(c, CheckStatus::Failed { .. }))
        {
            return unchecked("a step failed, so the answer is not compared");
        }
        let Some((reference, check, reference_text)) = last else {
            return unchecked("no step computes a value to compare the final answer with");
        };
        if !matches!(check, CheckStatus::Checked { .. }) {
            return unchecked(
                "the last calculation was not checked, so the answer is not compared",
            );
        }
        let (answer_read, answer_text) = answer;
        // Only a value with decimal places is a rounded one: "1/12" is not "1/6" rounded,
        // while "9pi" is what "28.27" rounds.
        let as_rounded = if is_decimal(&answer_text) {
            rounded(&reference, &answer_read, &answer_text)
        } else if is_decimal(&reference_text) {
            rounded(&answer_read, &reference, &reference_text)
        } else {
            Verdict::Unknown("not a rounded value".into())
        };
        let verdict = match as_rounded {
            Verdict::Same(m) => Verdict::Same(m),
            _ => values(&reference, &answer_read, &reference_text, &answer_text),
        };
        // "c = sqrt(5) ≈ 2.5": the rounded value given beside the exact one is checked too.
        let value = text.trim().trim_end_matches('.');
        let value = value.rsplit('=').next().unwrap_or(value);
        let verdict = match split_approximation(value) {
            (exact, Some(approximate)) if !is_name(&exact) => match self.read(&approximate) {
                Ok(approx) => all_of([verdict, rounded(&answer_read, &approx, &approximate)]),
                Err(_) => verdict,
            },
            _ => verdict,
        };
        match verdict {
            Verdict::Same(_) => CheckStatus::Checked {
                method: CheckMethod::Numeric,
            },
            Verdict::Different(reason) => CheckStatus::Failed {
                reason: format!(
                    "the final answer does not match the last calculation ({reference_text}): {reason}"
                ),
            },
            Verdict::Unknown(reason) => unchecked(reason),
        }
    }

    /// "The sale price is $30", "A = 9pi ≈ 28.27 cm^2", "80 km/h": the value, read with its
    /// units, after dropping words in front.
    fn answer_value(&self, text: &str) -> Option<(Read, String)> {
        let text = text.trim().trim_end_matches('.');
        let text = text.rsplit('=').next().unwrap_or(text);
        let (exact, approximate) = split_approximation(text);
        let text = if is_name(&exact) { approximate? } else { exact };
        let words: Vec<&str> = text.split_whitespace().collect();
        (0..words.len()).find_map(|skip| {
            let candidate = words[skip..].join(" ");
            match self.read(&candidate) {
                Ok(read @ Read::Values { .. }) => Some((read, candidate)),
                _ => None,
            }
        })
    }
}

/// Whether the value ends in a number with decimal places, as a rounded value does.
fn is_decimal(text: &str) -> bool {
    let last = text.rsplit('=').next().unwrap_or(text).trim();
    let number = last.trim_start_matches(['$', '€', '£']);
    let number = number.split_whitespace().next().unwrap_or("");
    let number = number.trim_end_matches('%');
    number.contains('.') && number.parse::<f64>().is_ok()
}

/// Empty, or only a name such as `A` or `area`.
fn is_name(text: &str) -> bool {
    text.chars()
        .all(|c| c.is_alphabetic() || c == ' ' || c == '_')
}

/// `9pi ≈ 28.27`: the exact part and the rounded one.
fn split_approximation(text: &str) -> (String, Option<String>) {
    match text.split_once('≈') {
        Some((exact, approximate)) => (
            exact.trim().to_string(),
            Some(approximate.trim().to_string()),
        ),
        None => (text.trim().to_string(), None),
    }
}

fn unit_point() -> Point {
    typed_letters().into_iter().map(|l| (l, 1.0)).collect()
}

/// The number written in front of the units: `80 km/h` gives 80, `9pi cm^2` gives 28.27;
/// `None` when units are added to other units (`2 h + 30 min`). The units must make a single
/// product of powers, which is tested by changing the size of each unit in turn.
fn typed_number(e: &Expr) -> Option<f64> {
    let ones = unit_point();
    let n = eval(e, &ones);
    if !n.is_finite() {
        return None;
    }
    let letters: Vec<String> = e
        .variables()
        .into_iter()
        .filter(|v| is_unit_letter(v))
        .collect();
    let mut generic = ones.clone();
    let mut expected = n;
    for (i, letter) in letters.iter().enumerate() {
        let mut doubled = ones.clone();
        doubled.insert(letter.clone(), 2.0);
        let power = (eval(e, &doubled) / n).log2();
        if !power.is_finite() || (power - power.round()).abs() > 1e-9 {
            return None;
        }
        let size = 1.3 + 0.41 * i as f64;
        generic.insert(letter.clone(), size);
        expected *= size.powi(power.round() as i32);
    }
    close(eval(e, &generic), expected).then_some(n)
}

/// Which base dimensions an expression has, in words: "length/time".
fn dimensions(e: &Expr) -> String {
    let Ok(RatFunc { num, den }) = to_ratfunc(e) else {
        return "a mixture of units".into();
    };
    let words = |p: &crate::poly::Poly| -> Option<Vec<String>> {
        let (m, _) = p.terms().next()?;
        let mut out = Vec::new();
        for v in p.variables() {
            let power = m.power_of(&v);
            let name = dimension_name(&v)?;
            out.push(if power > 1 {
                format!("{name}^{power}")
            } else {
                name.to_string()
            });
        }
        Some(out)
    };
    match (words(&num), words(&den)) {
        (Some(n), Some(d)) if n.is_empty() && d.is_empty() => "a plain number".into(),
        (Some(n), Some(d)) if d.is_empty() => n.join("·"),
        (Some(n), Some(d)) => format!(
            "{}/{}",
            if n.is_empty() {
                "1".into()
            } else {
                n.join("·")
            },
            d.join("·")
        ),
        _ => "a mixture of units".into(),
    }
}

/// `before` and `after` are the same quantity.
fn values(before: &Read, after: &Read, before_text: &str, after_text: &str) -> Verdict {
    let (
        Read::Values {
            si: bs,
            typed: bt,
            units: bu,
        },
        Read::Values {
            si: as_,
            typed: at,
            units: au,
        },
    ) = (before, after)
    else {
        return Verdict::Unknown("nothing to compare".into());
    };
    let chains = all_of([chain_consistency(bs), chain_consistency(as_)]);
    let (Some(b), Some(a), Some(btyped), Some(atyped)) =
        (bs.last(), as_.first(), bt.last(), at.first())
    else {
        return Verdict::Unknown("nothing to compare".into());
    };
    let compared = if bu == au {
        match equivalence::expressions(b, a) {
            // "= 28.27" for 9pi: a rounded decimal, correct to its places.
            Verdict::Different(_)
                if is_decimal(after_text)
                    && matches!(rounded(before, after, after_text), Verdict::Same(_)) =>
            {
                Verdict::Same(Method::Numeric)
            }
            Verdict::Different(_) if !bu => Verdict::Different(format!(
                "'{before_text}' is {} but '{after_text}' is {}",
                short(eval(b, &Point::new())),
                short(eval(a, &Point::new()))
            )),
            Verdict::Different(_) => {
                Verdict::Different(unit_difference(b, a, atyped, before_text, after_text))
            }
            other => other,
        }
    } else {
        // Units on one side only: the number in front of the units is compared.
        let (with, without) = if *bu { (btyped, a) } else { (atyped, b) };
        match typed_number(with) {
            None => Verdict::Unknown("the units are mixed; convert them to one unit first".into()),
            Some(n) => {
                let v = eval(without, &Point::new());
                if close(n, v) {
                    Verdict::Same(Method::Numeric)
                } else {
                    Verdict::Different(format!(
                        "'{before_text}' is {} but '{after_text}' is {}",
                        short(if *bu { n } else { v }),
                        short(if *bu { v } else { n })
                    ))
                }
            }
        }
    };
    all_of([chains, compared])
}

fn unit_difference(
    b: &Expr,
    a: &Expr,
    atyped: &Expr,
    before_text: &str,
    after_text: &str,
) -> String {
    // The same units exactly when the ratio does not change with the sizes of the units.
    let ratio_at = |size: f64| {
        let point: Point = ["Ա", "Բ", "Գ", "Դ", "Ե", "Զ"]
            .iter()
            .enumerate()
            .map(|(i, l)| (l.to_string(), size + 0.37 * i as f64))
            .collect();
        eval(b, &point) / eval(a, &point)
    };
    let (r1, r2) = (ratio_at(1.0), ratio_at(2.3));
    let ratio = (r1.is_finite() && close(r1, r2)).then_some(r1);
    match (ratio, typed_number(atyped)) {
        (Some(r), Some(n)) => format!(
            "'{before_text}' is {} in the units of '{after_text}', not {}",
            short(r * n),
            short(n)
        ),
        (Some(_), None) => format!("'{before_text}' and '{after_text}' are different amounts"),
        (None, _) => format!(
            "the units do not match: '{before_text}' is {} but '{after_text}' is {}",
            dimensions(b),
            dimensions(a)
        ),
    }
}

/// A rounded decimal, `28.27` for `9pi`, correct to the places it gives.
fn rounded(exact: &Read, approximate: &Read, approximate_text: &str) -> Verdict {
    let (Read::Values { typed: et, .. }, Read::Values { typed: at, .. }) = (exact, approximate)
    else {
        return Verdict::Unknown("nothing to compare".into());
    };
    let (Some(e), Some(a)) = (et.last(), at.first()) else {
        return Verdict::Unknown("nothing to compare".into());
    };
    let (Some(value), Some(given)) = (
        typed_number(e).or_else(|| Some(eval(e, &unit_point()))),
        typed_number(a),
    ) else {
        return Verdict::Unknown("the rounded value could not be read".into());
    };
    let places = approximate_text.split_once('.').map_or(0, |(_, p)| {
        p.chars().take_while(char::is_ascii_digit).count()
    });
    // "33.33%" is 0.3333: a percentage's places are two more of the value's.
    let places = places + if approximate_text.contains('%') { 2 } else { 0 };
    let tolerance = 0.5 * 10f64.powi(-(places as i32)) * (1.0 + 1e-9);
    if (value - given).abs() <= tolerance || close(value, given) {
        Verdict::Same(Method::Numeric)
    } else {
        Verdict::Different(format!(
            "{} rounds to {} at {places} decimal places, not {}",
            short(value),
            format_places(value, places),
            short(given)
        ))
    }
}

fn format_places(v: f64, places: usize) -> String {
    format!("{v:.places$}")
}

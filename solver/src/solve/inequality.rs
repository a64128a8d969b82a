//! Linear inequalities in one unknown, also chained (`-1 < 2x + 1 <= 7`): the same moves as a
//! linear equation, with the sign turned round when both sides are divided by a negative
//! number or swapped.

use super::error::SolveError;
use super::linear::{Outcome, equation, expand_rule, moves, needs_expanding};
use super::steps::{Step, Steps, number};
use crate::exact::to_poly;
use crate::expr::Expr;
use crate::poly::Poly;
use crate::rational::Rational;
use crate::statement::Rel;

fn not_linear() -> SolveError {
    SolveError::NeedsLanguageModel {
        reason: "inequalities other than linear ones are not solved offline (a language model \
                 writes the steps and the checker verifies them)"
            .into(),
    }
}

fn reversed(rel: Rel) -> Rel {
    match rel {
        Rel::Lt => Rel::Gt,
        Rel::Le => Rel::Ge,
        Rel::Gt => Rel::Lt,
        Rel::Ge => Rel::Le,
        Rel::Ne => Rel::Ne,
    }
}

fn holds(left: Rational, rel: Rel, right: Rational) -> bool {
    match rel {
        Rel::Lt => left < right,
        Rel::Le => left <= right,
        Rel::Gt => left > right,
        Rel::Ge => left >= right,
        Rel::Ne => left != right,
    }
}

fn words(rel: Rel) -> &'static str {
    match rel {
        Rel::Lt => "less than",
        Rel::Le => "less than or equal to",
        Rel::Gt => "greater than",
        Rel::Ge => "greater than or equal to",
        Rel::Ne => "different from",
    }
}

fn written(parts: &[Poly], rels: &[Rel], decimals: bool) -> String {
    let mut out = show(&parts[0], decimals);
    for (part, rel) in parts[1..].iter().zip(rels) {
        out.push_str(&format!(" {} {}", rel.symbol(), show(part, decimals)));
    }
    out
}

fn show(p: &Poly, decimals: bool) -> String {
    match p.as_constant() {
        Some(c) => number(c, decimals),
        None => p.to_string(),
    }
}

/// Interval notation for `var rel value`.
fn interval(rel: Rel, value: &str) -> String {
    match rel {
        Rel::Lt => format!("(-inf, {value})"),
        Rel::Le => format!("(-inf, {value}]"),
        Rel::Gt => format!("({value}, inf)"),
        Rel::Ge => format!("[{value}, inf)"),
        Rel::Ne => format!("(-inf, {value}) U ({value}, inf)"),
    }
}

pub(super) fn solve(
    parts: &[Expr],
    rels: &[Rel],
    var: &str,
    decimals: bool,
) -> Result<(Vec<Step>, String), SolveError> {
    let polys: Vec<Poly> = parts
        .iter()
        .map(|p| to_poly(p).filter(|p| p.degree_in(var) <= 1 && p.variables().len() <= 1))
        .collect::<Option<_>>()
        .ok_or_else(not_linear)?;
    if rels.contains(&Rel::Ne) {
        return Err(not_linear());
    }
    let mut steps = Steps::default();
    let typed = |e: &Expr| {
        if decimals {
            e.to_decimal_string()
        } else {
            e.to_string()
        }
    };
    let as_typed = {
        let mut out = typed(&parts[0]);
        for (part, rel) in parts[1..].iter().zip(rels) {
            out.push_str(&format!(" {} {}", rel.symbol(), typed(part)));
        }
        out
    };
    let mut current = as_typed;
    if parts.iter().zip(&polys).any(|(e, p)| needs_expanding(e, p)) {
        let sides: Vec<&Expr> = parts.iter().collect();
        let (rule, narration) = expand_rule(&sides);
        let collected = written(&polys, rels, decimals);
        steps.push(&current, &collected, rule, narration);
        current = collected;
    }
    let answer = match (polys.as_slice(), rels) {
        ([left, right], [rel]) => single(left, *rel, right, var, decimals, &mut steps, current)?,
        ([low, middle, high], [first, second]) => chained(
            [low, middle, high],
            [*first, *second],
            var,
            decimals,
            &mut steps,
            current,
        )?,
        _ => return Err(not_linear()),
    };
    Ok((steps.into_vec(), answer))
}

/// `left rel right`: the moves of a linear equation, the sign following them.
fn single(
    left: &Poly,
    rel: Rel,
    right: &Poly,
    var: &str,
    decimals: bool,
    steps: &mut Steps,
    mut current: String,
) -> Result<String, SolveError> {
    let coefficient = left.sub(right)?.coefficient_of(var, 1);
    if coefficient.is_zero() {
        // The unknown cancels: what is left is true for every number or for none.
        let (l, r) = (left.coefficient_of(var, 0), right.coefficient_of(var, 0));
        let always = holds(l, rel, r);
        let after = if always {
            "all real numbers"
        } else {
            "no solution"
        };
        let verdict = if always { "always true" } else { "never true" };
        steps.push(
            &current,
            after,
            format!("The {var} terms cancel, leaving a statement that is {verdict}"),
            format!(
                "Taking {var} away from both sides leaves {} {} {}, which is {verdict}, so {}.",
                number(l, decimals),
                rel.symbol(),
                number(r, decimals),
                if always {
                    format!("every value of {var} works")
                } else {
                    format!("no value of {var} works")
                }
            ),
        );
        return Ok(after.to_string());
    }
    if left.degree_in(var) > 1 || right.degree_in(var) > 1 {
        return Err(not_linear());
    }
    let (moves, outcome) = moves(left.clone(), right.clone(), var)?;
    let Outcome::Value(value) = outcome else {
        return Err(not_linear());
    };
    let value = number(value, decimals);
    let mut rel = rel;
    for m in moves {
        let mut narration = m
            .narration
            .replace("keeps them equal", "keeps the inequality true");
        let mut rule = m.rule;
        if m.reverses {
            rel = reversed(rel);
            if rule.starts_with("Swap") {
                narration = format!(
                    "Write the side with {var} on the left; swapping the sides turns the sign round, so it becomes {}.",
                    rel.symbol()
                );
            } else {
                rule = format!("{rule} and reverse the inequality sign");
                narration = format!(
                    "Dividing both sides by a negative number reverses their order, so the sign turns round to {}.",
                    rel.symbol()
                );
            }
        }
        let next = equation(&m.left, &m.right).replacen(" = ", &format!(" {} ", rel.symbol()), 1);
        steps.advance(&mut current, next, rule, narration);
    }
    let answer = format!("{var} {} {value}", rel.symbol());
    steps.conclude(
        &current,
        &answer,
        "Solution",
        format!(
            "So every {var} {} {value} solves the inequality; in interval notation that is {}.",
            words(rel),
            interval(rel, &value)
        ),
    );
    Ok(answer)
}

/// `low rel middle rel high` with the unknown only in the middle: every move is done to all
/// three parts.
fn chained(
    parts: [&Poly; 3],
    rels: [Rel; 2],
    var: &str,
    decimals: bool,
    steps: &mut Steps,
    mut current: String,
) -> Result<String, SolveError> {
    let [mut low, middle, mut high] = parts;
    let mut rels = rels;
    let descending = |r: Rel| matches!(r, Rel::Gt | Rel::Ge);
    match (descending(rels[0]), descending(rels[1])) {
        (false, false) => {}
        // `7 >= 2x + 1 > -1` reads the same from its other end: `-1 < 2x + 1 <= 7`.
        (true, true) => {
            (low, high) = (high, low);
            rels = [reversed(rels[1]), reversed(rels[0])];
        }
        _ => return Err(not_linear()),
    }
    if low.degree_in(var) > 0 || high.degree_in(var) > 0 {
        return Err(not_linear());
    }
    let a = middle.coefficient_of(var, 1);
    if a.is_zero() {
        return Err(not_linear());
    }
    let b = middle.coefficient_of(var, 0);
    let (mut low, mut middle, mut high) = (low.clone(), middle.clone(), high.clone());
    let show_all = |l: &Poly, m: &Poly, h: &Poly, r: [Rel; 2]| {
        written(&[l.clone(), m.clone(), h.clone()], &r, decimals)
    };
    if !b.is_zero() {
        let c = Poly::constant(b);
        (low, middle, high) = (low.sub(&c)?, middle.sub(&c)?, high.sub(&c)?);
        let amount = number(b.abs()?, decimals);
        let rule = if b.is_negative() {
            format!("Add {amount} to all three parts")
        } else {
            format!("Subtract {amount} from all three parts")
        };
        let next = show_all(&low, &middle, &high, rels);
        steps.advance(
            &mut current,
            next,
            rule,
            format!("Doing the same to every part keeps the order and leaves only the {var} term in the middle."),
        );
    }
    if !a.is_one() {
        let k = a.recip()?;
        (low, middle, high) = (low.scale(k)?, middle.scale(k)?, high.scale(k)?);
        let mut rule = format!("Divide all three parts by {}", number(a, decimals));
        let mut narration =
            format!("Dividing by the coefficient of {var} leaves {var} on its own in the middle.");
        if a.is_negative() {
            // Dividing by a negative number reverses the order: read it from the smaller end.
            // `1/2 > x > -5/2` read from its other end is `-5/2 < x < 1/2`: the signs turned
            // round twice come back as they were, in the other order.
            (low, high) = (high, low);
            rels = [rels[1], rels[0]];
            rule.push_str(" and reverse the inequality signs");
            narration = "Dividing by a negative number reverses the order, so the signs turn round and the ends swap places to read from the smaller one.".to_string();
        }
        let next = show_all(&low, &middle, &high, rels);
        steps.advance(&mut current, next, rule, narration);
    }
    let (lo, hi) = (
        low.as_constant().ok_or_else(not_linear)?,
        high.as_constant().ok_or_else(not_linear)?,
    );
    let empty = lo > hi || (lo == hi && (rels[0] == Rel::Lt || rels[1] == Rel::Lt));
    let answer = if empty {
        "no solution".to_string()
    } else {
        current.clone()
    };
    let (lo_s, hi_s) = (number(lo, decimals), number(hi, decimals));
    let narration = if empty {
        format!("No number is both above {lo_s} and below {hi_s}, so there is no solution.")
    } else {
        let open = |rel: Rel| if rel == Rel::Lt { "(" } else { "[" };
        let close = |rel: Rel| if rel == Rel::Lt { ")" } else { "]" };
        format!(
            "So {var} lies between {lo_s} and {hi_s}; in interval notation that is {}{lo_s}, {hi_s}{}.",
            open(rels[0]),
            close(rels[1])
        )
    };
    steps.conclude(&current, &answer, "Solution", narration);
    Ok(answer)
}

//! Substitution, for two equations where an unknown has coefficient 1 or -1.

use std::ops::{Add, Mul};

use super::rows::{Outcome, System, infinitely_many, no_solution, row_text};
use crate::expr::Expr;
use crate::poly::Poly;
use crate::rational::Rational;
use crate::solve::error::SolveError;
use crate::solve::linear::{self, moves};
use crate::solve::steps::Steps;

/// An equation and unknown whose coefficient is 1 or -1 (1 preferred).
pub(super) fn unit_coefficient(system: &System) -> Option<(usize, usize)> {
    let one = Rational::ONE;
    let minus_one = Rational::integer(-1);
    for target in [one, minus_one] {
        for i in system.live() {
            for (v, c) in system.row(i).coefficients.iter().enumerate() {
                let other = system.row(1 - i).coefficients[v];
                if *c == target && !other.is_zero() {
                    return Some((i, v));
                }
            }
        }
    }
    None
}

pub(super) fn substitute(
    system: &mut System,
    steps: &mut Steps,
    mut current: String,
    i: usize,
    v: usize,
) -> Result<Outcome, SolveError> {
    let vars = system.vars;
    let (j, w) = (1 - i, 1 - v);
    let (var, other) = (&vars[v], &vars[w]);
    let row_i = system.row(i).clone();
    let row_j = system.row(j).clone();
    // v = (k - c_w w) / c_v
    let c_v = row_i.coefficients[v];
    let expression = Poly::constant(row_i.constant)
        .sub(&Poly::term(row_i.coefficients[w], other, 1))?
        .scale(c_v.recip()?)?;
    let isolated = format!("{var} = {expression}");
    let texts = |a: &str, b: &str| {
        if i < j {
            format!("{a}; {b}")
        } else {
            format!("{b}; {a}")
        }
    };
    let row_j_text = row_text(&row_j, vars)?;
    let next = texts(&isolated, &row_j_text);
    steps.advance(
        &mut current,
        next,
        format!("Solve equation {} for {var}", i + 1),
        format!("{var} has coefficient {c_v} there, so it is the easiest unknown to isolate."),
    );
    let substituted = Expr::add(
        Expr::mul(Expr::Num(row_j.coefficients[v]), expression.to_expr()),
        Expr::mul(Expr::Num(row_j.coefficients[w]), Expr::var(other)),
    );
    let substituted_text = format!(
        "{} = {}",
        display_substitution(&substituted),
        row_j.constant
    );
    let next = texts(&isolated, &substituted_text);
    steps.advance(
        &mut current,
        next,
        format!("Substitute {var} = {expression} into equation {}", j + 1),
        format!("Replacing {var} leaves an equation in {other} alone."),
    );
    let collected = Poly::constant(row_j.coefficients[v])
        .mul(&expression)?
        .add(&Poly::term(row_j.coefficients[w], other, 1))?;
    let next = texts(&isolated, &format!("{collected} = {}", row_j.constant));
    steps.advance(
        &mut current,
        next,
        "Expand the brackets and combine like terms",
        format!("Multiply out and collect the {other} terms."),
    );
    let reads = format!("{collected} = {}", row_j.constant);
    let (moves, outcome) = moves(collected, Poly::constant(row_j.constant), other)?;
    for m in moves {
        let next = texts(&isolated, &format!("{} = {}", m.left, m.right));
        steps.advance(&mut current, next, m.rule, m.narration);
    }
    let value = match outcome {
        linear::Outcome::Value(value) => value,
        linear::Outcome::NoSolution => {
            let reason = format!("Equation {} now reads {reads}, which", j + 1);
            return Ok(Err(no_solution(steps, &current, &reason)));
        }
        linear::Outcome::AllReals => return Ok(Err(infinitely_many(steps, &current))),
    };
    let var_value = expression
        .evaluate_at(other, value)?
        .as_constant()
        .unwrap_or(Rational::ZERO);
    let mut values = vec![Rational::ZERO; 2];
    values[v] = var_value;
    values[w] = value;
    let next = texts(
        &format!("{var} = {var_value}"),
        &format!("{other} = {value}"),
    );
    steps.push(
        &current,
        &next,
        format!("Substitute {other} = {value} into {var} = {expression}"),
        format!("This gives {var} = {var_value}."),
    );
    Ok(Ok(values))
}

/// `2(y + 1) + 3y`, dropping coefficients of 1 and terms with coefficient 0.
fn display_substitution(e: &Expr) -> String {
    let Expr::Add(first, second) = e else {
        return e.to_string();
    };
    let simplify = |t: &Expr| match t {
        Expr::Mul(k, body) if **k == Expr::int(1) => Some(body.as_ref().clone()),
        Expr::Mul(k, _) if **k == Expr::int(0) => None,
        other => Some(other.clone()),
    };
    match (simplify(first), simplify(second)) {
        (Some(a), Some(b)) => Expr::add(a, b).to_string(),
        (Some(a), None) | (None, Some(a)) => a.to_string(),
        (None, None) => "0".into(),
    }
}

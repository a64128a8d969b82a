//! Systems of two or three linear equations: substitution when an unknown has coefficient ±1
//! in a two-by-two system, elimination otherwise; with the no-solution and
//! infinitely-many-solutions cases stated.

mod elimination;
mod rows;
mod substitution;

use super::error::SolveError;
use super::steps::{Step, Steps, number, written};
use crate::linear::row_of;
use crate::rational::{Rational, lcm_i128};
use crate::statement::Condition;
use rows::System;

pub(super) fn solve(
    items: &[Condition],
    vars: &[String],
    decimals: bool,
) -> Result<(Vec<Step>, String), SolveError> {
    let mut pairs = Vec::new();
    for item in items {
        if let Condition::Eq(parts) = item {
            pairs.push((parts[0].clone(), parts[1].clone()));
        }
    }
    let original: Vec<String> = pairs.iter().map(|(l, r)| written(l, r, decimals)).collect();
    let rows = pairs
        .iter()
        .map(|(l, r)| row_of(l, r, vars))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| SolveError::NeedsLanguageModel {
            reason: "the system is not linear".into(),
        })?;
    let mut system = System {
        vars,
        rows: rows.into_iter().map(Some).collect(),
    };
    let mut steps = Steps::default();
    let mut current = original.join("; ");
    let form = match vars.len() {
        2 => "ax + by = c",
        _ => "ax + by + cz = d",
    };
    steps.push(
        &current,
        system.text()?,
        format!("Write each equation in the form {form}"),
        "Put the unknowns on the left, in the same order, and the numbers on the right.",
    );
    current = system.text()?;
    for i in system.live() {
        let row = system.row(i).clone();
        let lcm = row
            .coefficients
            .iter()
            .chain([&row.constant])
            .try_fold(1, |acc, c| lcm_i128(acc, c.denom()))?;
        if lcm > 1 {
            system.rows[i] = Some(row.scaled(Rational::integer(lcm))?);
            let next = system.text()?;
            steps.advance(
                &mut current,
                next,
                format!("Multiply equation {} by {lcm}", i + 1),
                "This clears the fractions.",
            );
        }
    }
    let substitution = (vars.len() == 2 && system.rows.len() == 2)
        .then(|| substitution::unit_coefficient(&system))
        .flatten();
    let values = match substitution {
        Some((i, v)) => substitution::substitute(&mut system, &mut steps, current, i, v)?,
        None => elimination::eliminate(&mut system, &mut steps, current)?,
    };
    let answer = match values {
        Ok(values) => vars
            .iter()
            .zip(values)
            .map(|(v, x)| format!("{v} = {}", number(x, decimals)))
            .collect::<Vec<_>>()
            .join(", "),
        Err(special) => special,
    };
    Ok((steps.into_vec(), answer))
}

//! Elimination with whole-number multipliers, then back substitution.

use super::rows::{Outcome, System, combine, infinitely_many, no_solution};
use crate::rational::{Rational, gcd_i128, lcm_i128};
use crate::solve::error::SolveError;
use crate::solve::steps::Steps;

fn times(k: Rational, name: &str) -> String {
    if k.is_one() {
        name.to_string()
    } else {
        format!("{k} × {name}")
    }
}

/// Forward elimination with whole-number multipliers, then back substitution.
pub(super) fn eliminate(
    system: &mut System,
    steps: &mut Steps,
    mut current: String,
) -> Result<Outcome, SolveError> {
    let vars = system.vars;
    let mut pivots: Vec<(usize, usize)> = Vec::new();
    for (col, name) in vars.iter().enumerate() {
        let candidates: Vec<usize> = system
            .live()
            .into_iter()
            .filter(|r| !pivots.iter().any(|(p, _)| p == r))
            .filter(|r| !system.row(*r).coefficients[col].is_zero())
            .collect();
        let Some(&pivot) = candidates.iter().min_by_key(|r| {
            let c = system.row(**r).coefficients[col];
            (
                c.abs().map(|a| !a.is_one()).unwrap_or(true),
                c.numer().unsigned_abs(),
            )
        }) else {
            continue;
        };
        pivots.push((pivot, col));
        for &k in candidates.iter().filter(|k| **k != pivot) {
            let (p, q) = (
                system.row(pivot).coefficients[col],
                system.row(k).coefficients[col],
            );
            let l = Rational::integer(lcm_i128(p.numer(), q.numer())?);
            let (mk, mp) = (l.div(q.abs()?)?, l.div(p.abs()?)?);
            let same_sign = p.is_negative() == q.is_negative();
            let mp_signed = if same_sign { mp } else { mp.neg()? };
            let combined = combine(system.row(k), mk, system.row(pivot), mp_signed)?;
            system.rows[k] = Some(combined);
            let op = if same_sign { "−" } else { "+" };
            let next = system.text()?;
            steps.advance(
                &mut current,
                next,
                format!(
                    "Eliminate {}: replace equation {} by {} {op} {}",
                    name,
                    k + 1,
                    times(mk, &format!("(equation {})", k + 1)),
                    times(mp, &format!("(equation {})", pivot + 1)),
                ),
                format!(
                    "The {} terms cancel, leaving fewer unknowns in equation {}.",
                    name,
                    k + 1
                ),
            );
            current = reduce_row(system, steps, current, k)?;
        }
    }
    for i in system.live() {
        let row = system.row(i);
        if row.coefficients.iter().all(Rational::is_zero) {
            if !row.constant.is_zero() {
                let reason = format!("Equation {} reads 0 = {}, which", i + 1, row.constant);
                return Ok(Err(no_solution(steps, &current, &reason)));
            }
            system.rows[i] = None;
            let next = system.text()?;
            steps.advance(
                &mut current,
                next,
                format!("Equation {} reads 0 = 0 and can be dropped", i + 1),
                "It is true for every choice of the unknowns, so it adds nothing.",
            );
        }
    }
    if pivots.len() < vars.len() {
        return Ok(Err(infinitely_many(steps, &current)));
    }
    let mut values = vec![Rational::ZERO; vars.len()];
    pivots.sort_by_key(|(_, col)| std::cmp::Reverse(*col));
    for &(r, col) in &pivots {
        let a = system.row(r).coefficients[col];
        if !a.is_one() {
            system.rows[r] = Some(system.row(r).scaled(a.recip()?)?);
            let next = system.text()?;
            steps.advance(
                &mut current,
                next,
                format!("Divide equation {} by {a}", r + 1),
                format!("This gives {} on its own.", vars[col]),
            );
        }
        let value = system.row(r).constant;
        values[col] = value;
        let targets: Vec<usize> = system
            .live()
            .into_iter()
            .filter(|k| *k != r && !system.row(*k).coefficients[col].is_zero())
            .collect();
        if targets.is_empty() {
            continue;
        }
        for &k in &targets {
            let factor = system.row(k).coefficients[col];
            system.rows[k] = Some(combine(
                system.row(k),
                Rational::ONE,
                system.row(r),
                factor,
            )?);
        }
        let names: Vec<String> = targets.iter().map(|k| (k + 1).to_string()).collect();
        let next = system.text()?;
        steps.advance(
            &mut current,
            next,
            format!(
                "Substitute {} = {value} into equation{} {}",
                vars[col],
                if names.len() > 1 { "s" } else { "" },
                names.join(" and ")
            ),
            "Replace the known value and move the number to the right side.",
        );
    }
    Ok(Ok(values))
}

/// Divides a row by the common factor of its whole-number entries, if there is one.
fn reduce_row(
    system: &mut System,
    steps: &mut Steps,
    current: String,
    k: usize,
) -> Result<String, SolveError> {
    let row = system.row(k).clone();
    let g = row
        .coefficients
        .iter()
        .chain([&row.constant])
        .fold(0, |acc, c| gcd_i128(acc, c.numer()));
    let leading_negative = row
        .coefficients
        .iter()
        .find(|c| !c.is_zero())
        .is_some_and(Rational::is_negative);
    let divisor = if leading_negative { -g } else { g };
    if g == 0 || divisor == 1 || row.coefficients.iter().all(Rational::is_zero) {
        return Ok(current);
    }
    system.rows[k] = Some(row.scaled(Rational::new(1, divisor)?)?);
    let next = system.text()?;
    steps.push(
        &current,
        &next,
        format!("Divide equation {} by {divisor}", k + 1),
        "Smaller numbers make the next steps easier.",
    );
    Ok(next)
}

//! Systems of two or three linear equations: substitution when an unknown has coefficient ±1
//! in a two-by-two system, elimination otherwise; with the no-solution and
//! infinitely-many-solutions cases stated.

mod elimination;
mod substitution;

use super::{SolveError, Step, Steps, number, written};
use crate::linear::{Row, row_of};
use crate::poly::Poly;
use crate::rational::{Exact, Rational, lcm_i128};
use crate::statement::Condition;

struct System<'a> {
    vars: &'a [String],
    /// Rows keep their place so "equation 2" always means the same line; dropped rows are `None`.
    rows: Vec<Option<Row>>,
}

fn lhs(row: &Row, vars: &[String]) -> Exact<Poly> {
    vars.iter()
        .zip(&row.coefficients)
        .try_fold(Poly::zero(), |acc, (v, c)| acc.add(&Poly::term(*c, v, 1)))
}

fn row_text(row: &Row, vars: &[String]) -> Exact<String> {
    Ok(format!("{} = {}", lhs(row, vars)?, row.constant))
}

fn scale(row: &Row, k: Rational) -> Exact<Row> {
    Ok(Row {
        coefficients: row
            .coefficients
            .iter()
            .map(|c| c.mul(k))
            .collect::<Exact<_>>()?,
        constant: row.constant.mul(k)?,
    })
}

/// `p * a - q * b`.
fn combine(a: &Row, p: Rational, b: &Row, q: Rational) -> Exact<Row> {
    let (a, b) = (scale(a, p)?, scale(b, q)?);
    Ok(Row {
        coefficients: a
            .coefficients
            .iter()
            .zip(&b.coefficients)
            .map(|(x, y)| x.sub(*y))
            .collect::<Exact<_>>()?,
        constant: a.constant.sub(b.constant)?,
    })
}

impl System<'_> {
    fn text(&self) -> Exact<String> {
        let parts = self
            .rows
            .iter()
            .flatten()
            .map(|r| row_text(r, self.vars))
            .collect::<Exact<Vec<_>>>()?;
        Ok(parts.join("; "))
    }

    fn row(&self, i: usize) -> &Row {
        self.rows[i].as_ref().expect("live row")
    }

    fn live(&self) -> Vec<usize> {
        (0..self.rows.len())
            .filter(|i| self.rows[*i].is_some())
            .collect()
    }
}

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
            system.rows[i] = Some(scale(&row, Rational::integer(lcm))?);
            let next = system.text()?;
            steps.push(
                &current,
                &next,
                format!("Multiply equation {} by {lcm}", i + 1),
                "This clears the fractions.",
            );
            current = next;
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

/// The values of the unknowns, or the answer "no solution" / "infinitely many solutions".
type Outcome = Result<Vec<Rational>, String>;

fn no_solution(steps: &mut Steps, current: &str, which: &str) -> String {
    steps.push(
        current,
        "no solution",
        format!("{which} is false whatever the unknowns are, so the system has no solution"),
        "The equations contradict each other: the lines (or planes) they describe never meet.",
    );
    "no solution".into()
}

fn infinitely_many(steps: &mut Steps, current: &str) -> String {
    steps.push(
        current,
        "infinitely many solutions",
        "Fewer independent equations than unknowns: infinitely many solutions",
        "One equation carries no new information, so one unknown can be chosen freely.",
    );
    "infinitely many solutions".into()
}

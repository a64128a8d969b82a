//! The system as it is being solved: its rows, the row operations, and the two answers that
//! end it early.

use crate::linear::Row;
use crate::poly::Poly;
use crate::rational::{Exact, Rational};
use crate::solve::steps::Steps;

pub(super) struct System<'a> {
    pub(super) vars: &'a [String],
    /// Rows keep their place so "equation 2" always means the same line; dropped rows are `None`.
    pub(super) rows: Vec<Option<Row>>,
}

fn lhs(row: &Row, vars: &[String]) -> Exact<Poly> {
    vars.iter()
        .zip(&row.coefficients)
        .try_fold(Poly::zero(), |acc, (v, c)| acc.add(&Poly::term(*c, v, 1)))
}

pub(super) fn row_text(row: &Row, vars: &[String]) -> Exact<String> {
    Ok(format!("{} = {}", lhs(row, vars)?, row.constant))
}

/// `p * a - q * b`.
pub(super) fn combine(a: &Row, p: Rational, b: &Row, q: Rational) -> Exact<Row> {
    let (a, b) = (a.scaled(p)?, b.scaled(q)?);
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
    pub(super) fn text(&self) -> Exact<String> {
        let parts = self
            .rows
            .iter()
            .flatten()
            .map(|r| row_text(r, self.vars))
            .collect::<Exact<Vec<_>>>()?;
        Ok(parts.join("; "))
    }

    pub(super) fn row(&self, i: usize) -> &Row {
        self.rows[i].as_ref().expect("live row")
    }

    pub(super) fn live(&self) -> Vec<usize> {
        (0..self.rows.len())
            .filter(|i| self.rows[*i].is_some())
            .collect()
    }
}

/// The values of the unknowns, or the answer "no solution" / "infinitely many solutions".
pub(super) type Outcome = Result<Vec<Rational>, String>;

pub(super) fn no_solution(steps: &mut Steps, current: &str, which: &str) -> String {
    steps.push(
        current,
        "no solution",
        format!("{which} is false whatever the unknowns are, so the system has no solution"),
        "The equations contradict each other: the lines (or planes) they describe never meet.",
    );
    "no solution".into()
}

pub(super) fn infinitely_many(steps: &mut Steps, current: &str) -> String {
    steps.push(
        current,
        "infinitely many solutions",
        "Fewer independent equations than unknowns: infinitely many solutions",
        "One equation carries no new information, so one unknown can be chosen freely.",
    );
    "infinitely many solutions".into()
}

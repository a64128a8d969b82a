//! Systems of linear equations as rows of exact coefficients, reduced to row-echelon form to
//! compare solution sets and to decide whether an equation follows from a system.

use crate::exact::to_ratfunc;
use crate::expr::Expr;
use crate::rational::{Exact, Rational};
use crate::statement::Condition;
use std::ops::Sub;

/// `coefficients · vars = constant`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub coefficients: Vec<Rational>,
    pub constant: Rational,
}

/// A linear system over a fixed, sorted list of variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinearSystem {
    pub vars: Vec<String>,
    pub rows: Vec<Row>,
}

/// How many solutions a linear system has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolutionKind {
    Unique(Vec<Rational>),
    Infinite,
    None,
}

/// The row for `left = right`, if the equation is linear in `vars`.
pub fn row_of(left: &Expr, right: &Expr, vars: &[String]) -> Option<Row> {
    let difference = to_ratfunc(&Expr::sub(left.clone(), right.clone())).ok()?;
    let p = difference.as_poly()?;
    if p.total_degree() > 1 || !p.variables().iter().all(|v| vars.contains(v)) {
        return None;
    }
    let coefficients = vars
        .iter()
        .map(|v| p.coefficient(&crate::poly::Monomial::var(v)))
        .collect();
    let constant = p.coefficient(&Default::default()).neg().ok()?;
    Some(Row {
        coefficients,
        constant,
    })
}

impl LinearSystem {
    /// Reads a conjunction of linear equations; `None` for anything else.
    pub fn from_condition(c: &Condition, vars: &[String]) -> Option<Self> {
        let mut rows = Vec::new();
        collect_rows(c, vars, &mut rows)?;
        Some(LinearSystem {
            vars: vars.to_vec(),
            rows,
        })
    }

    /// Reduced row-echelon form with zero rows dropped; `None` inside when inconsistent.
    pub fn reduced(&self) -> Exact<Option<Vec<Row>>> {
        let mut rows = self.rows.clone();
        let n = self.vars.len();
        let mut pivot_row = 0;
        for col in 0..n {
            let Some(found) =
                (pivot_row..rows.len()).find(|r| !rows[*r].coefficients[col].is_zero())
            else {
                continue;
            };
            rows.swap(pivot_row, found);
            let lead = rows[pivot_row].coefficients[col];
            rows[pivot_row] = rows[pivot_row].scaled(lead.recip()?)?;
            for r in 0..rows.len() {
                let factor = rows[r].coefficients[col];
                if r != pivot_row && !factor.is_zero() {
                    rows[r] = combine(&rows[r], &rows[pivot_row], factor)?;
                }
            }
            pivot_row += 1;
        }
        let (zero, nonzero): (Vec<Row>, Vec<Row>) = rows
            .into_iter()
            .partition(|r| r.coefficients.iter().all(Rational::is_zero));
        if zero.iter().any(|r| !r.constant.is_zero()) {
            return Ok(None);
        }
        Ok(Some(nonzero))
    }

    pub fn solution_kind(&self) -> Exact<SolutionKind> {
        let Some(rows) = self.reduced()? else {
            return Ok(SolutionKind::None);
        };
        if rows.len() < self.vars.len() {
            return Ok(SolutionKind::Infinite);
        }
        Ok(SolutionKind::Unique(
            rows.iter().map(|r| r.constant).collect(),
        ))
    }

    /// The reduced rows of the augmented matrix `[A | b]`: equal for two systems exactly when
    /// each can be turned into the other by row operations. For consistent systems that is the
    /// same as having the same solutions; for inconsistent ones it still tells a correct row
    /// operation from a slip.
    pub fn augmented(&self) -> Exact<Vec<Row>> {
        let extended = LinearSystem {
            vars: self.vars.iter().cloned().chain(["=".to_string()]).collect(),
            rows: self
                .rows
                .iter()
                .map(|r| Row {
                    coefficients: r.coefficients.iter().copied().chain([r.constant]).collect(),
                    constant: Rational::ZERO,
                })
                .collect(),
        };
        Ok(extended.reduced()?.unwrap_or_default())
    }

    /// Whether `other` follows from `self` by row operations (for a consistent system: whether
    /// every solution of `self` satisfies `other`).
    pub fn implies(&self, other: &LinearSystem) -> Exact<bool> {
        let base = self.augmented()?.len();
        let mut joined = self.clone();
        joined.rows.extend(other.rows.iter().cloned());
        Ok(joined.augmented()?.len() == base)
    }
}

fn collect_rows(c: &Condition, vars: &[String], rows: &mut Vec<Row>) -> Option<()> {
    match c {
        Condition::Eq(parts) => {
            for pair in parts.windows(2) {
                rows.push(row_of(&pair[0], &pair[1], vars)?);
            }
            Some(())
        }
        Condition::All(items) => items.iter().try_for_each(|i| collect_rows(i, vars, rows)),
        Condition::NoSolution => {
            rows.push(Row {
                coefficients: vec![Rational::ZERO; vars.len()],
                constant: Rational::ONE,
            });
            Some(())
        }
        Condition::Any(_) | Condition::Infinite | Condition::Ineq(..) | Condition::Intervals(_) => {
            None
        }
    }
}

impl Row {
    /// The row times `k`: every coefficient and the constant.
    pub(crate) fn scaled(&self, k: Rational) -> Exact<Row> {
        Ok(Row {
            coefficients: self
                .coefficients
                .iter()
                .map(|c| c.mul(k))
                .collect::<Exact<_>>()?,
            constant: self.constant.mul(k)?,
        })
    }
}

/// `row - factor * pivot`.
fn combine(row: &Row, pivot: &Row, factor: Rational) -> Exact<Row> {
    Ok(Row {
        coefficients: row
            .coefficients
            .iter()
            .zip(&pivot.coefficients)
            .map(|(a, b)| a.sub(b.mul(factor)?))
            .collect::<Exact<_>>()?,
        constant: row.constant.sub(pivot.constant.mul(factor)?)?,
    })
}

//! Solution sets of equations in one variable: exact (as the real roots of a square-free
//! polynomial) wherever the equations are rational, numeric for listed irrational values.

use crate::exact::to_ratfunc;
use crate::expr::Expr;
use crate::numeric::{Point, close, eval};
use crate::rational::{Exact, Rational};
use crate::statement::Condition;
use crate::upoly::UPoly;
use std::ops::Sub;

/// The real numbers that are roots of `poly` (all of them when `poly` is zero) or in `values`.
#[derive(Debug, Clone, PartialEq)]
pub struct RootSet {
    pub poly: UPoly,
    pub values: Vec<f64>,
}

impl RootSet {
    fn exact(poly: UPoly) -> Self {
        RootSet {
            poly,
            values: Vec::new(),
        }
    }

    pub fn is_everything(&self) -> bool {
        self.poly.is_zero()
    }
}

/// Roots of `num` that are not roots of `den`, each once.
fn effective(num: &UPoly, den: &UPoly) -> Exact<UPoly> {
    if num.is_zero() {
        return Ok(UPoly::zero());
    }
    let s = num.square_free()?;
    let g = s.gcd(den)?;
    s.div_rem(&g)?.0.monic()
}

/// The solution set of `c` in `var`; `None` when it cannot be determined.
pub fn root_set(c: &Condition, var: &str) -> Option<RootSet> {
    match c {
        Condition::Eq(parts) => {
            let mut sets = Vec::new();
            for pair in parts.windows(2) {
                sets.push(equation_roots(&pair[0], &pair[1], var)?);
            }
            intersect(sets)
        }
        Condition::All(items) => intersect(
            items
                .iter()
                .map(|i| root_set(i, var))
                .collect::<Option<_>>()?,
        ),
        Condition::Any(items) => {
            let mut poly = UPoly::one();
            let mut values = Vec::new();
            for item in items {
                let set = root_set(item, var)?;
                poly = poly.mul(&set.poly).ok()?;
                values.extend(set.values);
            }
            Some(RootSet {
                poly: poly.square_free().ok()?,
                values,
            })
        }
        Condition::NoSolution => Some(RootSet::exact(UPoly::one())),
        Condition::Infinite => Some(RootSet::exact(UPoly::zero())),
        Condition::Ineq(..) | Condition::Intervals(_) => None,
    }
}

fn intersect(sets: Vec<RootSet>) -> Option<RootSet> {
    let mut iter = sets.into_iter();
    let mut acc = iter.next()?;
    for set in iter {
        if !acc.values.is_empty() || !set.values.is_empty() {
            return None;
        }
        acc = RootSet::exact(acc.poly.gcd(&set.poly).ok()?);
    }
    Some(acc)
}

fn equation_roots(left: &Expr, right: &Expr, var: &str) -> Option<RootSet> {
    if let Ok(d) = to_ratfunc(&Expr::sub(left.clone(), right.clone())) {
        let num = UPoly::from_poly(&d.num, var)?;
        let den = UPoly::from_poly(&d.den, var)?;
        return Some(RootSet::exact(effective(&num, &den).ok()?));
    }
    let value = match (left, right) {
        (Expr::Var(v), value) | (value, Expr::Var(v))
            if v == var && value.variables().is_empty() =>
        {
            eval(value, &Point::new())
        }
        _ => return None,
    };
    value.is_finite().then(|| RootSet {
        poly: UPoly::one(),
        values: vec![value],
    })
}

/// Numeric real roots of a polynomial of degree at most two.
fn numeric_roots(p: &UPoly) -> Option<Vec<f64>> {
    let c = |i| p.coefficient(i).to_f64();
    match p.degree() {
        0 => Some(Vec::new()),
        1 => Some(vec![-c(0) / c(1)]),
        2 => {
            let disc = c(1) * c(1) - 4.0 * c(2) * c(0);
            if disc < 0.0 {
                return Some(Vec::new());
            }
            let s = disc.sqrt();
            Some(vec![(-c(1) - s) / (2.0 * c(2)), (-c(1) + s) / (2.0 * c(2))])
        }
        _ => None,
    }
}

fn distinct(mut values: Vec<f64>) -> Vec<f64> {
    values.sort_by(f64::total_cmp);
    values.dedup_by(|a, b| close(*a, *b));
    values
}

/// The finite list of real solutions, numerically, when it can be listed.
pub fn listed(set: &RootSet) -> Option<Vec<f64>> {
    if set.is_everything() {
        return None;
    }
    let mut all = numeric_roots(&set.poly)?;
    all.extend(set.values.iter().copied());
    Some(distinct(all))
}

/// How two solution sets compare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comparison {
    Same { exact: bool },
    Different,
    Unknown,
}

pub fn compare(a: &RootSet, b: &RootSet) -> Comparison {
    match (a.is_everything(), b.is_everything()) {
        (true, true) => return Comparison::Same { exact: true },
        (true, false) | (false, true) => return Comparison::Different,
        _ => {}
    }
    if a.values.is_empty() && b.values.is_empty() {
        return match same_real_roots(&a.poly, &b.poly) {
            Ok(true) => Comparison::Same { exact: true },
            Ok(false) => Comparison::Different,
            Err(_) => Comparison::Unknown,
        };
    }
    // Irrational values were listed: compare every member of each set with the other set.
    let contains = |set: &RootSet, x: f64| {
        set.poly.has_root_near(x) || set.values.iter().any(|v| close(*v, x))
    };
    let members = |set: &RootSet| -> Option<Vec<f64>> {
        let mut all = set.values.clone();
        if set.poly.degree() > 0 {
            all.extend(numeric_roots(&set.poly)?);
        }
        Some(distinct(all))
    };
    match (members(a), members(b)) {
        (Some(ma), Some(mb)) => {
            let same = ma.iter().all(|x| contains(b, *x)) && mb.iter().all(|x| contains(a, *x));
            if same {
                Comparison::Same { exact: false }
            } else {
                Comparison::Different
            }
        }
        _ => Comparison::Unknown,
    }
}

/// Exact comparison of two nonzero square-free polynomials' roots: the same roots, or the
/// same real roots where one only drops or adds factors without real roots (`(x - 1)(x^2 + 1)`
/// and `x - 1`, or "no real solution" for `x^2 + 1`). Two different equations that merely both
/// lack real roots are not the same step.
fn same_real_roots(p: &UPoly, q: &UPoly) -> Exact<bool> {
    if p.monic()? == q.monic()? {
        return Ok(true);
    }
    let g = p.gcd(q)?;
    let one_divides_the_other = g.degree() == p.degree().min(q.degree());
    let count = |x: &UPoly| x.real_root_count().map(|c| c.unwrap_or(0));
    let common = count(&g)?;
    Ok(one_divides_the_other && count(p)? == common && count(q)? == common)
}

/// "x = 2 or x = 3", "no real solution" or "every number", for failure messages.
pub fn describe(set: &RootSet, var: &str) -> String {
    if set.is_everything() {
        return "every number as a solution".to_string();
    }
    if set.values.is_empty()
        && let Ok(Some(roots)) = set.poly.small_rational_roots()
    {
        return join_roots(roots.iter().map(Rational::to_string), var);
    }
    match listed(set) {
        Some(values) => join_roots(values.iter().map(|v| format!("{v:.4}")), var),
        None => "solutions that differ".to_string(),
    }
}

fn join_roots(roots: impl Iterator<Item = String>, var: &str) -> String {
    let parts: Vec<String> = roots.map(|r| format!("{var} = {r}")).collect();
    if parts.is_empty() {
        "no real solution".to_string()
    } else {
        parts.join(" or ")
    }
}

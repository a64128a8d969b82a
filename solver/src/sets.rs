//! Solution sets of conditions in one unknown on the real line (inequalities, interval
//! notation, exponential and logarithmic equations): the boundary points are found (roots of
//! each side's difference, poles and the edges of where it is defined), then each boundary
//! point and one test point inside every interval between them are tried in both conditions.

use crate::exact::to_ratfunc;
use crate::expr::{Expr, Func};
use crate::numeric::{Point, close, eval, short};
use crate::statement::{Condition, Interval, Rel};
use crate::upoly::UPoly;
use crate::verdict::{Method, Verdict};
use std::ops::Sub;

/// How two conditions are compared.
#[derive(Debug, Clone, Copy, Default)]
pub struct Rules {
    /// A step may add isolated solutions where the condition before it is undefined (combining
    /// logarithms) or that squaring a root brings in; the final answer must leave them out.
    pub extraneous_allowed: bool,
    /// Only positive values count (lengths and areas).
    pub positive_only: bool,
}

/// Where the grid reaches: beyond a million, nothing is looked for.
const REACH: f64 = 1e6;
const GRID: usize = 6000;

/// Whether the numeric comparison applies: one unknown, no trigonometry (infinitely many
/// solutions) and no calculus.
pub fn supported(c: &Condition, var: &str) -> bool {
    expressions(c).iter().all(|e| {
        e.variables().iter().all(|v| v == var)
            && !e.any(&|x| {
                matches!(
                    x,
                    Expr::Func(Func::Sin | Func::Cos | Func::Tan, _)
                        | Expr::Derivative { .. }
                        | Expr::Integral { .. }
                )
            })
    })
}

fn expressions(c: &Condition) -> Vec<&Expr> {
    match c {
        Condition::Eq(parts) | Condition::Ineq(parts, _) => parts.iter().collect(),
        Condition::All(items) | Condition::Any(items) => {
            items.iter().flat_map(expressions).collect()
        }
        Condition::Intervals(intervals) => intervals
            .iter()
            .flat_map(|i| [&i.low.value, &i.high.value])
            .flatten()
            .collect(),
        Condition::NoSolution | Condition::Infinite => Vec::new(),
    }
}

fn at(var: &str, x: f64) -> Point {
    [(var.to_string(), x)].into_iter().collect()
}

/// Whether `x` satisfies `c`; a condition is false where it is undefined.
pub fn holds(c: &Condition, var: &str, x: f64) -> bool {
    let point = at(var, x);
    let value = |e: &Expr| eval(e, &point);
    match c {
        Condition::Eq(parts) => {
            let values: Vec<f64> = parts.iter().map(value).collect();
            values.iter().all(|v| v.is_finite()) && values.windows(2).all(|w| close(w[0], w[1]))
        }
        Condition::Ineq(parts, rels) => {
            let values: Vec<f64> = parts.iter().map(value).collect();
            values.iter().all(|v| v.is_finite())
                && values
                    .windows(2)
                    .zip(rels)
                    .all(|(w, rel)| related(w[0], w[1], *rel))
        }
        Condition::Intervals(intervals) => intervals.iter().any(|i| inside(i, x)),
        Condition::All(items) => items.iter().all(|i| holds(i, var, x)),
        Condition::Any(items) => items.iter().any(|i| holds(i, var, x)),
        Condition::NoSolution => false,
        Condition::Infinite => true,
    }
}

/// Whether every expression in `c` has a value at `x`.
fn defined(c: &Condition, var: &str, x: f64) -> bool {
    let point = at(var, x);
    expressions(c).iter().all(|e| eval(e, &point).is_finite())
}

fn related(a: f64, b: f64, rel: Rel) -> bool {
    let equal = close(a, b);
    match rel {
        Rel::Lt => a < b && !equal,
        Rel::Le => a < b || equal,
        Rel::Gt => a > b && !equal,
        Rel::Ge => a > b || equal,
        Rel::Ne => !equal,
    }
}

fn inside(interval: &Interval, x: f64) -> bool {
    let point = Point::new();
    let above = match &interval.low.value {
        None => true,
        Some(e) => {
            let low = eval(e, &point);
            x > low && !close(x, low) || interval.low.closed && close(x, low)
        }
    };
    let below = match &interval.high.value {
        None => true,
        Some(e) => {
            let high = eval(e, &point);
            x < high && !close(x, high) || interval.high.closed && close(x, high)
        }
    };
    above && below
}

/// Candidate boundary points of `c`: where a relation's two sides meet or stop being defined.
fn boundaries(c: &Condition, var: &str, out: &mut Vec<f64>) -> Result<(), String> {
    let mut sides = |parts: &[Expr]| -> Result<(), String> {
        for w in parts.windows(2) {
            difference_boundaries(&Expr::sub(w[0].clone(), w[1].clone()), var, out)?;
        }
        Ok(())
    };
    match c {
        Condition::Eq(parts) | Condition::Ineq(parts, _) => sides(parts)?,
        Condition::All(items) | Condition::Any(items) => {
            for item in items {
                boundaries(item, var, out)?;
            }
        }
        Condition::Intervals(intervals) => out.extend(
            intervals
                .iter()
                .flat_map(|i| [&i.low.value, &i.high.value])
                .flatten()
                .map(|e| eval(e, &Point::new()))
                .filter(|v| v.is_finite()),
        ),
        Condition::NoSolution | Condition::Infinite => {}
    }
    Ok(())
}

fn difference_boundaries(f: &Expr, var: &str, out: &mut Vec<f64>) -> Result<(), String> {
    if let Ok(r) = to_ratfunc(f)
        && let (Some(num), Some(den)) =
            (UPoly::from_poly(&r.num, var), UPoly::from_poly(&r.den, var))
    {
        for p in [num, den] {
            polynomial_roots(&p, out)?;
        }
        return Ok(());
    }
    scan(|x| eval(f, &at(var, x)), out);
    Ok(())
}

/// Every real root of `p`, found between sign changes and counted against Sturm's theorem.
fn polynomial_roots(p: &UPoly, out: &mut Vec<f64>) -> Result<(), String> {
    if p.is_zero() || p.degree() == 0 {
        return Ok(());
    }
    let too_large = || "the numbers are too large to find the boundary points".to_string();
    let p = p.square_free().map_err(|_| too_large())?;
    let expected = p.real_root_count().map_err(|_| too_large())?.unwrap_or(0);
    let lead = p.coefficient(p.degree()).to_f64();
    let bound = 1.01
        * (1.0
            + (0..p.degree())
                .map(|i| (p.coefficient(i).to_f64() / lead).abs())
                .fold(0.0, f64::max));
    let mut found = Vec::new();
    let xs: Vec<f64> = (0..=GRID)
        .map(|i| {
            // Off zero, so that a root at a round number is found by a sign change.
            let u = -1.0 + 2.0 * i as f64 / GRID as f64 + 0.000_012_345;
            bound * u.powi(3)
        })
        .collect();
    let f = |x: f64| p.eval_f64(x);
    for w in xs.windows(2) {
        let (a, b) = (f(w[0]), f(w[1]));
        if a == 0.0 {
            found.push(w[0]);
        } else if a * b < 0.0 {
            found.push(bisect(&f, w[0], w[1]));
        }
    }
    if found.len() != expected {
        return Err(format!(
            "{expected} boundary points were expected but {} were found",
            found.len()
        ));
    }
    out.extend(found);
    Ok(())
}

fn bisect(f: &dyn Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    let negative_at_lo = f(lo) < 0.0;
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        let v = f(mid);
        if v == 0.0 {
            return mid;
        }
        if (v < 0.0) == negative_at_lo {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The edge between where `f` is defined and where it is not.
fn edge(f: &dyn Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    let defined_at_lo = f(lo).is_finite();
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid).is_finite() == defined_at_lo {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    if defined_at_lo { lo } else { hi }
}

/// A grid from -[`REACH`] to [`REACH`], dense near zero: sign changes, edges of the domain,
/// touching roots (a local minimum of |f| at zero) and poles (a local maximum that blows up).
fn scan(f: impl Fn(f64) -> f64, out: &mut Vec<f64>) {
    let top = REACH.asinh();
    let xs: Vec<f64> = (0..=GRID)
        .map(|i| (-top + 2.0 * top * i as f64 / GRID as f64 + 0.000_123_457).sinh())
        .collect();
    let ys: Vec<f64> = xs.iter().map(|x| f(*x)).collect();
    for i in 0..xs.len() - 1 {
        let (a, b) = (ys[i], ys[i + 1]);
        match (a.is_finite(), b.is_finite()) {
            (true, true) if a == 0.0 => out.push(xs[i]),
            (true, true) if a * b < 0.0 => out.push(bisect(&f, xs[i], xs[i + 1])),
            (true, false) | (false, true) => out.push(edge(&f, xs[i], xs[i + 1])),
            _ => {}
        }
        if i > 0 && a.is_finite() && ys[i - 1].is_finite() && b.is_finite() {
            let (l, m, r) = (ys[i - 1].abs(), a.abs(), b.abs());
            if m < l && m < r {
                let x = extremum(&|x| f(x).abs(), xs[i - 1], xs[i + 1], false);
                if f(x).abs() <= 1e-10 {
                    out.push(x);
                }
            } else if m > l && m > r {
                let x = extremum(&|x| f(x).abs(), xs[i - 1], xs[i + 1], true);
                if !f(x).is_finite() || f(x).abs() > 1e10 {
                    out.push(x);
                }
            }
        }
    }
}

/// Golden-section search for the smallest (or largest) value of `g` on `[lo, hi]`.
fn extremum(g: &dyn Fn(f64) -> f64, mut lo: f64, mut hi: f64, largest: bool) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let better = |a: f64, b: f64| if largest { a > b || a.is_nan() } else { a < b };
    for _ in 0..100 {
        let c = hi - ratio * (hi - lo);
        let d = lo + ratio * (hi - lo);
        if better(g(c), g(d)) {
            hi = d;
        } else {
            lo = c;
        }
    }
    0.5 * (lo + hi)
}

/// The boundary points of both conditions, in order, without near-duplicates.
fn merged_boundaries(a: &Condition, b: &Condition, var: &str) -> Result<Vec<f64>, String> {
    let mut points = Vec::new();
    boundaries(a, var, &mut points)?;
    boundaries(b, var, &mut points)?;
    points.retain(|x| x.is_finite());
    points.sort_by(f64::total_cmp);
    points.dedup_by(|x, y| close(*x, *y));
    Ok(points)
}

/// A test point with words for where it lies.
struct TestPoint {
    x: f64,
    boundary: bool,
    region: String,
}

fn test_points(points: &[f64], var: &str) -> Vec<TestPoint> {
    let mut out = Vec::new();
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        return [-1.7, 0.5, 2.9]
            .into_iter()
            .map(|x| TestPoint {
                x,
                boundary: false,
                region: format!("{var} = {x}"),
            })
            .collect();
    };
    let outside = |x: f64, words: String| TestPoint {
        x,
        boundary: false,
        region: format!("{var} = {} ({words})", short(x)),
    };
    out.push(outside(
        first - first.abs().max(1.0),
        format!("below {}", short(*first)),
    ));
    for (i, p) in points.iter().enumerate() {
        out.push(TestPoint {
            x: *p,
            boundary: true,
            region: format!("{var} = {}", short(*p)),
        });
        if let Some(next) = points.get(i + 1) {
            out.push(outside(
                0.5 * (p + next),
                format!("between {} and {}", short(*p), short(*next)),
            ));
        }
    }
    out.push(outside(
        last + last.abs().max(1.0),
        format!("above {}", short(*last)),
    ));
    out
}

fn has_roots(c: &Condition) -> bool {
    expressions(c).iter().any(|e| {
        e.any(&|x| match x {
            Expr::Func(Func::Sqrt | Func::Abs, _) => true,
            Expr::Pow(_, exponent) => crate::exact::to_rational(exponent)
                .map(|k| !k.is_integer())
                .unwrap_or(true),
            _ => false,
        })
    })
}

/// Whether `a` (before, or the problem) and `b` (after, or the answer) have the same
/// solutions in `var`, tried at test points.
pub fn compare(a: &Condition, b: &Condition, var: &str, rules: Rules) -> Verdict {
    if !supported(a, var) || !supported(b, var) {
        return Verdict::Unknown(
            "only conditions in one unknown without trigonometry are compared at test points"
                .into(),
        );
    }
    let points = match merged_boundaries(a, b, var) {
        Ok(points) => points,
        Err(reason) => return Verdict::Unknown(reason),
    };
    for point in test_points(&points, var) {
        if rules.positive_only && point.x <= 0.0 {
            continue;
        }
        let (in_a, in_b) = (holds(a, var, point.x), holds(b, var, point.x));
        if in_a == in_b {
            continue;
        }
        let why = |c: &Condition| {
            if defined(c, var, point.x) {
                String::new()
            } else {
                ", which is undefined there".to_string()
            }
        };
        if in_a {
            return Verdict::Different(format!(
                "{} satisfies '{a}' but not '{b}'{}",
                point.region,
                why(b)
            ));
        }
        let extraneous = point.boundary && (!defined(a, var, point.x) || has_roots(a));
        if !(rules.extraneous_allowed && extraneous) {
            return Verdict::Different(format!(
                "{} satisfies '{b}' but not '{a}'{}",
                point.region,
                why(a)
            ));
        }
    }
    Verdict::Same(Method::Numeric)
}

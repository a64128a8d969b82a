//! Limits: reading `lim_(x->2)`, `lim x->2`, `lim_{x \to 2}` or `lim(x→2)` in front of an
//! expression, and finding a limit exactly (rational functions) or from sample points that
//! approach the limit point from each side.

use crate::exact::to_ratfunc;
use crate::expr::Expr;
use crate::numeric::{Point, eval, short};
use crate::parser::parse_expression;
use crate::statement::infinity;
use crate::upoly::UPoly;

/// Where the variable goes.
#[derive(Debug, Clone, PartialEq)]
pub enum Approach {
    /// A finite point, from one side or both.
    To(Expr, Side),
    PlusInfinity,
    MinusInfinity,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Both,
    Left,
    Right,
}

/// `lim` of `body` as `var` approaches.
#[derive(Debug, Clone, PartialEq)]
pub struct Limit {
    pub var: String,
    pub approach: Approach,
    pub body: Expr,
}

/// A limit's value as written in a step or an answer.
#[derive(Debug, Clone, PartialEq)]
pub enum LimitValue {
    Finite(Expr),
    PlusInfinity,
    MinusInfinity,
    DoesNotExist,
}

/// What the sample points (or exact algebra) say about one side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Found {
    Finite { value: f64, exact: bool },
    PlusInfinity,
    MinusInfinity,
    Unknown,
}

impl Found {
    pub fn describe(self) -> String {
        match self {
            Found::Finite { value, .. } => format!("approach {}", short(value)),
            Found::PlusInfinity => "grow without bound, to inf".into(),
            Found::MinusInfinity => "fall without bound, to -inf".into(),
            Found::Unknown => "do not settle".into(),
        }
    }

    fn same(self, other: Found) -> bool {
        match (self, other) {
            (Found::Finite { value: a, .. }, Found::Finite { value: b, .. }) => {
                (a - b).abs() <= 1e-6 * a.abs().max(b.abs()).max(1.0)
            }
            (Found::PlusInfinity, Found::PlusInfinity)
            | (Found::MinusInfinity, Found::MinusInfinity) => true,
            _ => false,
        }
    }
}

const ARROWS: [&str; 8] = [
    "\\rightarrow",
    "\\to",
    "->",
    "→",
    " approaches ",
    " tends to ",
    " goes to ",
    "=>",
];

/// Splits `lim_(x->2) body` (or another spelling) into the limit's head and its body's text.
/// `None` when the text does not start with `lim`.
pub fn split_head(text: &str) -> Option<Result<(String, Approach, String), String>> {
    let trimmed = text.trim_start();
    for word in ["\\lim", "the limit", "limit", "lim"] {
        let Some(head) = trimmed.get(..word.len()) else {
            continue;
        };
        let rest = &trimmed[word.len()..];
        if head.eq_ignore_ascii_case(word) {
            if rest.starts_with(|c: char| c.is_alphabetic()) {
                return None;
            }
            return Some(read_after_lim(rest));
        }
    }
    None
}

fn read_after_lim(rest: &str) -> Result<(String, Approach, String), String> {
    let rest = rest.trim_start();
    let rest = rest.strip_prefix('_').unwrap_or(rest).trim_start();
    let (head, body) = match rest.chars().next() {
        Some(open @ ('(' | '{' | '[')) => {
            let close = match open {
                '(' => ')',
                '{' => '}',
                _ => ']',
            };
            let mut depth = 0;
            let mut end = None;
            for (i, c) in rest.char_indices() {
                if c == open {
                    depth += 1;
                } else if c == close {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(i);
                        break;
                    }
                }
            }
            let end = end.ok_or("the limit's '(' is never closed")?;
            (&rest[1..end], &rest[end + 1..])
        }
        _ => unbracketed(rest)?,
    };
    let body = body.trim_start();
    let body = body.strip_prefix("of ").unwrap_or(body);
    let (var, approach) = read_head(head)?;
    Ok((var, approach, body.trim().to_string()))
}

/// `x->2 body`, `as x approaches 2 of body`: the head ends after the limit point.
fn unbracketed(rest: &str) -> Result<(&str, &str), String> {
    let rest = rest.trim_start();
    let rest = rest.strip_prefix("as ").unwrap_or(rest);
    if let Some(of) = rest.find(" of ") {
        return Ok((&rest[..of], &rest[of + 4..]));
    }
    let (arrow_at, arrow) = ARROWS
        .iter()
        .filter_map(|a| rest.find(a).map(|i| (i, *a)))
        .min_by_key(|(i, _)| *i)
        .ok_or("the limit does not say where the variable goes (write lim_(x->2))")?;
    let after = &rest[arrow_at + arrow.len()..];
    let skipped = after.len() - after.trim_start().len();
    let point_start = arrow_at + arrow.len() + skipped;
    let tail = &rest[point_start..];
    let mut end = tail
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_whitespace() || *c == '(')
        .map_or(tail.len(), |(i, _)| i);
    let point = &tail[..end];
    // `x -> 0+ ...` or `x -> 2^- ...`: the side belongs to the head.
    if tail[end..].starts_with(['+', '-']) && !point.ends_with(['+', '-']) {
        end += 1;
    }
    let split = point_start + end;
    Ok((&rest[..split], &rest[split..]))
}

/// `x->2`, `x \to 0^+`, `x → -∞`, `x approaches 3 from the left`.
fn read_head(head: &str) -> Result<(String, Approach), String> {
    let mut text = format!(" {} ", head.trim());
    for arrow in ARROWS {
        text = text.replace(arrow, "->");
    }
    let (var, point) = text
        .split_once("->")
        .ok_or("the limit does not say where the variable goes (write lim_(x->2))")?;
    let var = var.trim();
    if var.chars().count() != 1 || !var.chars().all(char::is_alphabetic) {
        return Err(format!("'{var}' is not a single-letter variable"));
    }
    let mut point = point.trim().to_string();
    let mut side = Side::Both;
    for (suffix, s) in [
        (" from the right", Side::Right),
        (" from above", Side::Right),
        (" from the left", Side::Left),
        (" from below", Side::Left),
        ("^+", Side::Right),
        ("^-", Side::Left),
        ("⁺", Side::Right),
        ("⁻", Side::Left),
        ("+", Side::Right),
        ("-", Side::Left),
    ] {
        if point.len() > suffix.len()
            && let Some(p) = point.strip_suffix(suffix)
        {
            point = p.trim().to_string();
            side = s;
            break;
        }
    }
    let approach = match infinity(&point) {
        Some(true) => Approach::PlusInfinity,
        Some(false) => Approach::MinusInfinity,
        None => {
            let at = parse_expression(&point).map_err(|e| format!("the limit point {e}"))?;
            if !at.variables().is_empty() {
                return Err("the limit point must be a number".into());
            }
            Approach::To(at, side)
        }
    };
    Ok((var.to_string(), approach))
}

/// Reads a limit's value: a number, `inf`, `-inf` or "does not exist".
pub fn read_value(text: &str) -> Result<LimitValue, String> {
    let lower = text.trim().trim_end_matches('.').to_lowercase();
    if [
        "does not exist",
        "doesn't exist",
        "dne",
        "no limit",
        "not exist",
    ]
    .iter()
    .any(|p| lower.contains(p))
    {
        return Ok(LimitValue::DoesNotExist);
    }
    match infinity(&lower) {
        Some(true) => Ok(LimitValue::PlusInfinity),
        Some(false) => Ok(LimitValue::MinusInfinity),
        None => parse_expression(text.trim().trim_end_matches('.'))
            .map(LimitValue::Finite)
            .map_err(|e| e.to_string()),
    }
}

impl Limit {
    /// The limit of `body` instead of the problem's own body, at the same point.
    pub fn of(&self, body: &Expr) -> Limit {
        Limit {
            body: body.clone(),
            ..self.clone()
        }
    }

    /// The one-sided limits (left, right); for infinity both are the one side there is.
    pub fn sides(&self) -> (Found, Found) {
        match &self.approach {
            Approach::PlusInfinity | Approach::MinusInfinity => {
                let f = self.at_infinity();
                (f, f)
            }
            Approach::To(a, side) => {
                let a = eval(a, &Point::new());
                if let Some(exact) = self.exact_at(a) {
                    return (exact, exact);
                }
                let left = || self.sampled(|h| a - h, 1..=8);
                let right = || self.sampled(|h| a + h, 1..=8);
                match side {
                    Side::Both => (left(), right()),
                    Side::Left => (left(), left()),
                    Side::Right => (right(), right()),
                }
            }
        }
    }

    /// The limit, when both sides agree.
    pub fn value(&self) -> Found {
        match self.sides() {
            (l, r) if l.same(r) => l,
            _ => Found::Unknown,
        }
    }

    fn value_at(&self, x: f64) -> f64 {
        let point: Point = [(self.var.clone(), x)].into_iter().collect();
        eval(&self.body, &point)
    }

    /// A rational function that is defined at `a` once common factors are cancelled.
    fn exact_at(&self, a: f64) -> Option<Found> {
        let r = to_ratfunc(&self.body).ok()?;
        let num = UPoly::from_poly(&r.num, &self.var)?;
        let den = UPoly::from_poly(&r.den, &self.var)?;
        let g = num.gcd(&den).ok()?;
        let (num, den) = (num.div_rem(&g).ok()?.0, den.div_rem(&g).ok()?.0);
        let d = den.eval_f64(a);
        (d.abs() > 1e-12).then(|| Found::Finite {
            value: num.eval_f64(a) / d,
            exact: true,
        })
    }

    fn at_infinity(&self) -> Found {
        let sign: f64 = if self.approach == Approach::MinusInfinity {
            -1.0
        } else {
            1.0
        };
        if let Ok(r) = to_ratfunc(&self.body)
            && let (Some(num), Some(den)) = (
                UPoly::from_poly(&r.num, &self.var),
                UPoly::from_poly(&r.den, &self.var),
            )
        {
            let (n, d) = (num.degree(), den.degree());
            let lead = num.coefficient(n).to_f64() / den.coefficient(d).to_f64();
            return if num.is_zero() || n < d {
                Found::Finite {
                    value: 0.0,
                    exact: true,
                }
            } else if n == d {
                Found::Finite {
                    value: lead,
                    exact: true,
                }
            } else if lead * sign.powi((n - d) as i32) > 0.0 {
                Found::PlusInfinity
            } else {
                Found::MinusInfinity
            };
        }
        self.sampled(|t| sign / t, 2..=9)
    }

    /// Samples at `x(10^-k)`: settles on a value when the changes shrink, goes to infinity
    /// when they keep growing one way.
    fn sampled(&self, x: impl Fn(f64) -> f64, ks: std::ops::RangeInclusive<i32>) -> Found {
        let values: Vec<f64> = ks.map(|k| self.value_at(x(10f64.powi(-k)))).collect();
        if values.iter().any(|v| !v.is_finite()) || values.len() < 4 {
            return Found::Unknown;
        }
        let steps: Vec<f64> = values.windows(2).map(|w| w[1] - w[0]).collect();
        let monotone = steps.iter().all(|d| *d > 0.0) || steps.iter().all(|d| *d < 0.0);
        let n = steps.len();
        if monotone && steps[n - 1].abs() >= 0.8 * steps[n - 2].abs() && values[n].abs() > 10.0 {
            return if steps[n - 1] > 0.0 {
                Found::PlusInfinity
            } else {
                Found::MinusInfinity
            };
        }
        // Settle on the sample after the smallest change: later samples lose digits to rounding.
        let (best, smallest) = steps
            .iter()
            .enumerate()
            .min_by(|a, b| a.1.abs().total_cmp(&b.1.abs()))
            .map(|(i, d)| (i, d.abs()))
            .unwrap_or((0, f64::INFINITY));
        let value = values[best + 1];
        let shrinking = best > 0 && smallest <= 0.5 * steps[best - 1].abs();
        if smallest <= 1e-6 * value.abs().max(1.0) && (shrinking || smallest == 0.0) {
            Found::Finite {
                value,
                exact: false,
            }
        } else {
            Found::Unknown
        }
    }

    /// A sample near the limit point, for messages: `x = 2.001 gives 4.001`.
    pub fn sample_text(&self, right: bool) -> String {
        let x = match &self.approach {
            Approach::PlusInfinity => 1e6,
            Approach::MinusInfinity => -1e6,
            Approach::To(a, _) => {
                let a = eval(a, &Point::new());
                if right { a + 1e-4 } else { a - 1e-4 }
            }
        };
        format!(
            "{} = {} gives {}",
            self.var,
            short(x),
            short(self.value_at(x))
        )
    }
}

//! Floating-point evaluation at deterministic pseudo-random points, for expressions with no
//! exact normal form (roots, functions, `pi`).

use std::collections::BTreeMap;

use crate::calculus::differentiate;
use crate::expr::{Constant, Expr, Func};

/// Values for the variables of an expression.
pub type Point = BTreeMap<String, f64>;

/// The value of `e` at `point`; NaN where it is undefined or a variable has no value.
pub fn eval(e: &Expr, point: &Point) -> f64 {
    match e {
        Expr::Num(r) => r.to_f64(),
        Expr::Var(v) => point.get(v).copied().unwrap_or(f64::NAN),
        Expr::Const(Constant::Pi) => std::f64::consts::PI,
        Expr::Const(Constant::E) => std::f64::consts::E,
        Expr::Neg(a) => -eval(a, point),
        Expr::Add(a, b) => eval(a, point) + eval(b, point),
        Expr::Sub(a, b) => eval(a, point) - eval(b, point),
        Expr::Mul(a, b) => eval(a, point) * eval(b, point),
        Expr::Div(a, b) => {
            let d = eval(b, point);
            if d == 0.0 {
                f64::NAN
            } else {
                eval(a, point) / d
            }
        }
        Expr::Pow(a, b) => power(eval(a, point), eval(b, point)),
        Expr::Func(f, a) => {
            let x = eval(a, point);
            match f {
                Func::Sqrt => x.sqrt(),
                Func::Sin => x.sin(),
                Func::Cos => x.cos(),
                Func::Tan => x.tan(),
                Func::Ln => x.ln(),
                Func::Log => x.log10(),
                Func::Exp => x.exp(),
                Func::Abs => x.abs(),
            }
        }
        Expr::Derivative { var, body } => eval(&differentiate(body, var), point),
        Expr::Integral { .. } => f64::NAN,
    }
}

/// Real powers, including odd roots of negative numbers such as `(-8)^(1/3)`.
fn power(base: f64, exponent: f64) -> f64 {
    if base >= 0.0 || exponent.fract() == 0.0 {
        return base.powf(exponent);
    }
    let reciprocal = 1.0 / exponent;
    if reciprocal.fract() == 0.0 && (reciprocal as i64) % 2 != 0 {
        -(-base).powf(exponent)
    } else {
        f64::NAN
    }
}

/// SplitMix64: small, fast and the same on every machine, so checks are reproducible.
pub struct Points {
    state: u64,
}

impl Points {
    pub fn new() -> Self {
        Points {
            state: 0x5EED_1EC7_E5A1_u64,
        }
    }

    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A point for `vars`: every other point is positive only, so square roots of the
    /// variables are defined there.
    pub fn next_point(&mut self, vars: &[String], index: usize) -> Point {
        vars.iter()
            .map(|v| {
                let u = self.unit();
                let value = if index.is_multiple_of(2) {
                    0.15 + 3.1 * u
                } else {
                    -3.3 + 6.6 * u
                };
                (v.clone(), value)
            })
            .collect()
    }
}

impl Default for Points {
    fn default() -> Self {
        Points::new()
    }
}

/// A number for a message: at most six decimals, whole numbers without a point.
pub fn short(v: f64) -> String {
    let rounded = (v * 1e6).round() / 1e6;
    if rounded == rounded.trunc() && rounded.abs() < 1e15 {
        format!("{}", rounded as i64)
    } else {
        format!("{rounded}")
    }
}

/// Whether two computed values agree up to rounding.
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-8 * a.abs().max(b.abs()).max(1.0)
}

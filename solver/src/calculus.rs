//! Symbolic differentiation of any expression the parser reads. The result is not simplified:
//! it is compared, not shown.

use crate::expr::{Expr, Func};
use std::ops::{Add, Div, Mul, Neg, Sub};

/// `d/dvar e`, by the sum, product, quotient, power and chain rules.
pub fn differentiate(e: &Expr, var: &str) -> Expr {
    let d = |x: &Expr| differentiate(x, var);
    let has_var = |x: &Expr| x.variables().contains(var);
    match e {
        Expr::Num(_) | Expr::Const(_) => Expr::int(0),
        Expr::Var(v) => Expr::int(i128::from(v == var)),
        Expr::Neg(a) => Expr::neg(d(a)),
        Expr::Add(a, b) => Expr::add(d(a), d(b)),
        Expr::Sub(a, b) => Expr::sub(d(a), d(b)),
        Expr::Mul(a, b) => Expr::add(
            Expr::mul(d(a), b.as_ref().clone()),
            Expr::mul(a.as_ref().clone(), d(b)),
        ),
        Expr::Div(a, b) => Expr::div(
            Expr::sub(
                Expr::mul(d(a), b.as_ref().clone()),
                Expr::mul(a.as_ref().clone(), d(b)),
            ),
            Expr::pow(b.as_ref().clone(), Expr::int(2)),
        ),
        Expr::Pow(base, exponent) if !has_var(exponent) => Expr::mul(
            Expr::mul(
                exponent.as_ref().clone(),
                Expr::pow(
                    base.as_ref().clone(),
                    Expr::sub(exponent.as_ref().clone(), Expr::int(1)),
                ),
            ),
            d(base),
        ),
        Expr::Pow(base, exponent) => {
            // d(f^g) = f^g (g' ln f + g f' / f)
            let ln_base = Expr::func(Func::Ln, base.as_ref().clone());
            Expr::mul(
                e.clone(),
                Expr::add(
                    Expr::mul(d(exponent), ln_base),
                    Expr::div(
                        Expr::mul(exponent.as_ref().clone(), d(base)),
                        base.as_ref().clone(),
                    ),
                ),
            )
        }
        Expr::Func(f, a) => Expr::mul(outer_derivative(*f, a), d(a)),
        Expr::Derivative { var: inner, body } => differentiate(&differentiate(body, inner), var),
        Expr::Integral { var: inner, body } if inner == var => body.as_ref().clone(),
        Expr::Integral { var: inner, body } => Expr::integral(inner, d(body)),
    }
}

/// `f'(a)` for a function `f` of one argument.
fn outer_derivative(f: Func, a: &Expr) -> Expr {
    let a = a.clone();
    match f {
        Func::Sqrt => Expr::div(
            Expr::int(1),
            Expr::mul(Expr::int(2), Expr::func(Func::Sqrt, a)),
        ),
        Func::Sin => Expr::func(Func::Cos, a),
        Func::Cos => Expr::neg(Expr::func(Func::Sin, a)),
        Func::Tan => Expr::div(
            Expr::int(1),
            Expr::pow(Expr::func(Func::Cos, a), Expr::int(2)),
        ),
        Func::Ln => Expr::div(Expr::int(1), a),
        Func::Log => Expr::div(
            Expr::int(1),
            Expr::mul(a, Expr::func(Func::Ln, Expr::int(10))),
        ),
        Func::Exp => Expr::func(Func::Exp, a),
        Func::Abs => Expr::div(a.clone(), Expr::func(Func::Abs, a)),
    }
}

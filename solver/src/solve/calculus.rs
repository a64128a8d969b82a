//! Derivatives of polynomials (sum, power and product rules) and integrals of polynomials.

use super::error::SolveError;
use super::linear::needs_expanding;
use super::steps::{Step, Steps};
use crate::exact::to_poly;
use crate::expr::Expr;
use crate::poly::Poly;
use std::ops::{Add, Mul, Neg, Sub};

fn polynomial(body: &Expr) -> Result<Poly, SolveError> {
    to_poly(body).ok_or_else(|| SolveError::NeedsLanguageModel {
        reason: "only polynomials are differentiated and integrated offline".into(),
    })
}

fn factors(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::Mul(a, b) => {
            factors(a, out);
            factors(b, out);
        }
        other => out.push(other.clone()),
    }
}

fn product(items: &[Expr]) -> Option<Expr> {
    items.iter().cloned().reduce(Expr::mul)
}

/// Each term of `p` on its own, combined with `wrap` and joined by `+` and `-`.
fn term_by_term(p: &Poly, wrap: &dyn Fn(Expr) -> Expr) -> Expr {
    let mut out: Option<Expr> = None;
    for (m, c) in p.ordered() {
        let magnitude = c.abs().unwrap_or(*c);
        let wrapped = wrap(Poly::single(m, magnitude).to_expr());
        out = Some(match out {
            None if c.is_negative() => Expr::neg(wrapped),
            None => wrapped,
            Some(acc) if c.is_negative() => Expr::sub(acc, wrapped),
            Some(acc) => Expr::add(acc, wrapped),
        });
    }
    out.unwrap_or(Expr::int(0))
}

/// `k * e`, written `e` when `k` is 1 and with a constant factor in front.
fn times(k: &Poly, e: &Expr) -> Expr {
    if k.as_constant().is_some_and(|c| c.is_one()) {
        e.clone()
    } else {
        Expr::mul(k.to_expr(), e.clone())
    }
}

pub(super) fn derivative(body: &Expr, var: &str) -> Result<(Vec<Step>, String), SolveError> {
    let p = polynomial(body)?;
    let result = p.derivative(var)?;
    let d = |e: Expr| Expr::derivative(var, e);
    let mut steps = Steps::default();
    let mut current = d(body.clone()).to_string();
    let mut parts = Vec::new();
    factors(body, &mut parts);
    let (constant, varying): (Vec<Expr>, Vec<Expr>) = parts
        .into_iter()
        .partition(|f| !f.variables().contains(var));
    if let [f, g] = varying.as_slice() {
        let scaled = |e: Expr| match product(&constant) {
            Some(k) => Expr::mul(k, e),
            None => e,
        };
        let rule_applied = scaled(Expr::add(
            Expr::mul(d(f.clone()), g.clone()),
            Expr::mul(f.clone(), d(g.clone())),
        ));
        steps.push(
            &current,
            rule_applied.to_string(),
            "Product rule: (fg)' = f'g + fg'",
            format!("This is a product of {f} and {g}, so differentiate one factor at a time and keep the other."),
        );
        let (df, dg) = (
            polynomial(f)?.derivative(var)?,
            polynomial(g)?.derivative(var)?,
        );
        let differentiated = scaled(Expr::add(times(&df, g), times(&dg, f)));
        steps.push(
            rule_applied.to_string(),
            differentiated.to_string(),
            format!("Power rule: d/d{var}({var}^n) = n {var}^(n-1)"),
            format!("The derivative of {f} is {df} and the derivative of {g} is {dg}."),
        );
        steps.push(
            differentiated.to_string(),
            result.to_string(),
            "Expand and combine like terms",
            "Multiply out both products and add them.",
        );
        return Ok((steps.into_vec(), result.to_string()));
    }
    if needs_expanding(body, &p) {
        let expanded = d(p.to_expr()).to_string();
        steps.push(
            &current,
            &expanded,
            "Expand before differentiating",
            "Writing the polynomial as a sum of powers lets the power rule apply term by term.",
        );
        current = expanded;
    }
    if p.terms().count() > 1 {
        let split = term_by_term(&p, &d).to_string();
        steps.push(
            &current,
            &split,
            "Sum rule: differentiate term by term",
            "The derivative of a sum is the sum of the derivatives.",
        );
        current = split;
    }
    steps.push(
        &current,
        result.to_string(),
        format!("Power rule: d/d{var}({var}^n) = n {var}^(n-1); a constant has derivative 0"),
        "Bring the power down as a factor and lower the power by one.",
    );
    Ok((steps.into_vec(), result.to_string()))
}

pub(super) fn integral(body: &Expr, var: &str) -> Result<(Vec<Step>, String), SolveError> {
    let p = polynomial(body)?;
    let constant = if body.variables().contains("C") {
        "K"
    } else {
        "C"
    };
    let antiderivative = p.antiderivative(var)?;
    let i = |e: Expr| Expr::integral(var, e);
    let mut steps = Steps::default();
    let mut current = i(body.clone()).to_string();
    if needs_expanding(body, &p) {
        let expanded = i(p.to_expr()).to_string();
        steps.push(
            &current,
            &expanded,
            "Expand the integrand",
            "Write the integrand as a sum of powers first.",
        );
        current = expanded;
    }
    if p.terms().count() > 1 {
        let split = term_by_term(&p, &i).to_string();
        steps.push(
            &current,
            &split,
            "Sum rule: integrate term by term",
            "The integral of a sum is the sum of the integrals.",
        );
        current = split;
    }
    let answer = if antiderivative.is_zero() {
        constant.to_string()
    } else {
        format!("{antiderivative} + {constant}")
    };
    steps.push(
        &current,
        &answer,
        format!("Power rule for integrals: ∫ {var}^n d{var} = {var}^(n+1)/(n+1), plus a constant {constant}"),
        format!("Raise each power by one and divide by the new power; {constant} stands for any constant, since constants differentiate to 0."),
    );
    Ok((steps.into_vec(), answer))
}

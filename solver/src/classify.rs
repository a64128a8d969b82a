//! Which kind of problem a text is, decided before any credit is spent.

use std::ops::Sub;

use crate::equivalence::condition_variables;
use crate::exact::{NotExact, to_poly, to_ratfunc, to_rational};
use crate::expr::{Expr, Func};
use crate::kind::ProblemKind;
use crate::linear::row_of;
use crate::problem::{Problem, ReadProblem, read_problem};
use crate::rational::ArithmeticError;
use crate::statement::Condition;
use crate::words::kind_of;

fn needs_model(reason: impl Into<String>) -> ProblemKind {
    ProblemKind::NeedsLanguageModel {
        reason: reason.into(),
    }
}

/// Classifies a problem as typed by a user. Cheap and pure: no solving happens here.
pub fn classify(problem: &str) -> ProblemKind {
    match read_problem(problem) {
        Ok(read) => classify_read(&read),
        Err(e) => kind_of(problem).unwrap_or_else(|| {
            needs_model(format!("it could not be read as a typed formula ({e})"))
        }),
    }
}

pub(crate) fn classify_read(read: &ReadProblem) -> ProblemKind {
    match &read.problem {
        Problem::Expression(e) => classify_expression(e),
        Problem::Condition(c) => classify_condition(c),
        Problem::Limit(limit) => ProblemKind::Limit {
            variable: limit.var.clone(),
        },
    }
}

fn classify_expression(e: &Expr) -> ProblemKind {
    match e {
        Expr::Derivative { var, body } => match to_poly(body) {
            Some(_) if !body.contains_integral() => ProblemKind::Derivative {
                variable: var.clone(),
            },
            _ => needs_model(
                "only derivatives of polynomials and of products of polynomials are solved offline",
            ),
        },
        Expr::Integral { var, body } => match to_poly(body) {
            Some(_) => ProblemKind::Integral {
                variable: var.clone(),
            },
            None => needs_model("only integrals of polynomials are solved offline"),
        },
        _ if !e.variables().is_empty() => needs_model(
            "simplifying an algebraic expression is not solved offline (to solve an equation, include '=')",
        ),
        _ if e.any(&|x| matches!(x, Expr::Derivative { .. } | Expr::Integral { .. })) => {
            needs_model("calculus inside a larger expression is not solved offline")
        }
        _ => match to_rational(e) {
            Ok(_) | Err(NotExact::Arithmetic(ArithmeticError::DivisionByZero)) => {
                ProblemKind::Arithmetic
            }
            Err(NotExact::Arithmetic(ArithmeticError::Overflow)) => {
                needs_model("the numbers are too large for exact arithmetic")
            }
            // Logarithms of numbers (log_3(81) is ln(81)/ln(3)): worked exactly when they are
            // whole numbers or fractions, refused with the reason when not.
            Err(_) if e.any(&|x| matches!(x, Expr::Func(Func::Ln | Func::Log, _))) => {
                ProblemKind::Arithmetic
            }
            Err(_) => needs_model(
                "only arithmetic with fractions, decimals, whole powers and exact roots is solved offline",
            ),
        },
    }
}

/// Whether `c` is built from inequalities (and perhaps equations), with at least one of them.
fn has_inequality(c: &Condition) -> bool {
    match c {
        Condition::Ineq(..) | Condition::Intervals(_) => true,
        Condition::All(items) | Condition::Any(items) => items.iter().any(has_inequality),
        _ => false,
    }
}

fn classify_condition(c: &Condition) -> ProblemKind {
    if has_inequality(c) {
        let vars = condition_variables(c);
        return match vars.len() {
            1 => ProblemKind::Inequality {
                variable: vars.into_iter().next().unwrap_or_default(),
            },
            0 => needs_model("there is no unknown to solve for"),
            _ => needs_model("inequalities in several unknowns are not checked"),
        };
    }
    match c {
        Condition::Eq(parts) if parts.len() == 2 => classify_equation(&parts[0], &parts[1]),
        Condition::Eq(_) => needs_model("a chain of several '=' signs is not solved offline"),
        Condition::All(items) => classify_system(items),
        Condition::Any(_) => needs_model("alternatives joined by 'or' are not a problem to solve"),
        Condition::NoSolution
        | Condition::Infinite
        | Condition::Ineq(..)
        | Condition::Intervals(_) => needs_model("there is no equation to solve"),
    }
}

fn classify_equation(left: &Expr, right: &Expr) -> ProblemKind {
    let vars: Vec<String> = left
        .variables()
        .union(&right.variables())
        .cloned()
        .collect();
    let variable = match vars.as_slice() {
        [] => return needs_model("there is no unknown to solve for"),
        [v] => v.clone(),
        _ => {
            return needs_model(format!(
                "an equation in several unknowns ({}) is not solved offline; give a system as one equation per unknown separated by ';'",
                vars.join(", ")
            ));
        }
    };
    let difference = match to_ratfunc(&Expr::sub(left.clone(), right.clone())) {
        Ok(d) => d,
        Err(NotExact::Arithmetic(ArithmeticError::Overflow)) => {
            return needs_model("the numbers are too large for exact arithmetic");
        }
        Err(_) => {
            return transcendental(left, right, variable).unwrap_or_else(|| {
                needs_model(
                    "only polynomial equations are solved offline (no roots, functions or unknowns in a denominator)",
                )
            });
        }
    };
    let Some(p) = difference.as_poly() else {
        return needs_model("equations with the unknown in a denominator are not solved offline");
    };
    match p.degree_in(&variable) {
        0 | 1 => ProblemKind::LinearEquation { variable },
        2 => ProblemKind::QuadraticEquation { variable },
        d => needs_model(format!(
            "equations of degree {d} are not solved offline (only linear and quadratic ones)"
        )),
    }
}

/// An equation with the unknown inside a logarithm or in an exponent.
fn transcendental(left: &Expr, right: &Expr, variable: String) -> Option<ProblemKind> {
    let has = |e: &Expr| e.variables().contains(&variable);
    let trigonometry =
        |e: &Expr| e.any(&|x| matches!(x, Expr::Func(Func::Sin | Func::Cos | Func::Tan, _)));
    let logarithm =
        |e: &Expr| e.any(&|x| matches!(x, Expr::Func(Func::Ln | Func::Log, a) if has(a)));
    let exponent = |e: &Expr| {
        e.any(&|x| match x {
            Expr::Pow(_, k) => has(k),
            Expr::Func(Func::Exp, a) => has(a),
            _ => false,
        })
    };
    if trigonometry(left) || trigonometry(right) {
        return None;
    }
    if logarithm(left) || logarithm(right) {
        Some(ProblemKind::LogarithmicEquation { variable })
    } else if exponent(left) || exponent(right) {
        Some(ProblemKind::ExponentialEquation { variable })
    } else {
        None
    }
}

fn classify_system(items: &[Condition]) -> ProblemKind {
    let mut equations = Vec::new();
    for item in items {
        match item {
            Condition::Eq(parts) if parts.len() == 2 => equations.push((&parts[0], &parts[1])),
            _ => {
                return needs_model(
                    "a system is solved offline only when it is a list of equations",
                );
            }
        }
    }
    if !(2..=3).contains(&equations.len()) {
        return needs_model("only systems of two or three equations are solved offline");
    }
    let vars: Vec<String> = equations
        .iter()
        .flat_map(|(l, r)| {
            l.variables()
                .union(&r.variables())
                .cloned()
                .collect::<Vec<_>>()
        })
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    if !(2..=3).contains(&vars.len()) {
        return needs_model("only systems in two or three unknowns are solved offline");
    }
    if equations.iter().any(|(l, r)| row_of(l, r, &vars).is_none()) {
        return needs_model("only systems of linear equations are solved offline");
    }
    ProblemKind::LinearSystem {
        variables: vars,
        equations: equations.len(),
    }
}

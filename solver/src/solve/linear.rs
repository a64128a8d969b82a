//! Linear equations in one unknown: expand, clear fractions, collect the unknown on the left,
//! isolate it.

use super::Equation;
use super::error::SolveError;
use super::steps::{Step, Steps, number, written};
use crate::exact::to_poly;
use crate::expr::Expr;
use crate::poly::Poly;
use crate::rational::{Exact, Rational};

/// What a linear equation turns out to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    Value(Rational),
    NoSolution,
    AllReals,
}

/// One transformation of both sides.
pub(crate) struct Move {
    pub rule: String,
    pub narration: String,
    pub left: Poly,
    pub right: Poly,
    /// Swapping the sides or dividing by a negative number: an inequality's sign turns round.
    pub reverses: bool,
}

pub(crate) fn equation(left: &Poly, right: &Poly) -> String {
    format!("{left} = {right}")
}

/// Whether the expression, as written, still has brackets to expand or like terms to combine.
pub(crate) fn needs_expanding(e: &Expr, collected: &Poly) -> bool {
    fn terms<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
        match e {
            Expr::Add(a, b) | Expr::Sub(a, b) => {
                terms(a, out);
                terms(b, out);
            }
            other => out.push(other),
        }
    }
    let mut written = Vec::new();
    terms(e, &mut written);
    let plain = written
        .iter()
        .all(|t| !t.any(&|x| matches!(x, Expr::Add(..) | Expr::Sub(..))));
    !(plain && written.len() == collected.terms().count().max(1))
}

/// "Expand the brackets" when a product has a sum inside, else "Combine like terms".
pub(crate) fn expand_rule(sides: &[&Expr]) -> (&'static str, &'static str) {
    let has_brackets = sides.iter().any(|e| {
        e.any(&|x| match x {
            Expr::Mul(a, b) => {
                matches!(a.as_ref(), Expr::Add(..) | Expr::Sub(..))
                    || matches!(b.as_ref(), Expr::Add(..) | Expr::Sub(..))
            }
            Expr::Pow(a, _) => matches!(a.as_ref(), Expr::Add(..) | Expr::Sub(..)),
            _ => false,
        })
    });
    if has_brackets {
        (
            "Expand the brackets and combine like terms",
            "Multiply out the brackets, then collect the terms that are alike.",
        )
    } else {
        (
            "Combine like terms",
            "Add together the terms that have the same letter part.",
        )
    }
}

fn add_or_subtract(term: &Poly, amount: Rational) -> String {
    if amount.is_negative() {
        format!("Add {term} to both sides")
    } else {
        format!("Subtract {term} from both sides")
    }
}

/// The moves that isolate `var` in `left = right`, where both sides are already collected.
pub(crate) fn moves(mut left: Poly, mut right: Poly, var: &str) -> Exact<(Vec<Move>, Outcome)> {
    let mut out = Vec::new();
    let mut record = |rule: String, narration: String, left: &Poly, right: &Poly, reverses| {
        out.push(Move {
            rule,
            narration,
            left: left.clone(),
            right: right.clone(),
            reverses,
        });
    };
    if left.degree_in(var) > 1 || right.degree_in(var) > 1 {
        left = left.sub(&right)?;
        right = Poly::zero();
        record(
            "Move every term to the left side".into(),
            format!("Subtracting the right side from both sides makes the {var}^2 terms cancel."),
            &left,
            &right,
            false,
        );
    }
    let lcm = crate::rational::lcm_i128(left.denominator_lcm()?, right.denominator_lcm()?)?;
    if lcm > 1 {
        let k = Rational::integer(lcm);
        (left, right) = (left.scale(k)?, right.scale(k)?);
        record(
            format!("Multiply both sides by {lcm}"),
            format!(
                "Multiplying every term by {lcm}, the common denominator, clears the fractions."
            ),
            &left,
            &right,
            false,
        );
    }
    let coefficient = |p: &Poly| p.coefficient_of(var, 1);
    if coefficient(&left).is_zero() && !coefficient(&right).is_zero() {
        std::mem::swap(&mut left, &mut right);
        record(
            "Swap the two sides".into(),
            format!("Write the side with {var} on the left; an equation reads the same both ways."),
            &left,
            &right,
            true,
        );
    }
    let a_right = coefficient(&right);
    if !a_right.is_zero() {
        let term = Poly::term(a_right.abs()?, var, 1);
        let moved = Poly::term(a_right, var, 1);
        (left, right) = (left.sub(&moved)?, right.sub(&moved)?);
        record(
            add_or_subtract(&term, a_right),
            format!(
                "Doing the same to both sides keeps them equal and gathers the {var} terms on the left."
            ),
            &left,
            &right,
            false,
        );
    }
    let a = coefficient(&left);
    let b = left.coefficient_of(var, 0);
    if a.is_zero() {
        let outcome = if b == right.coefficient_of(var, 0) {
            Outcome::AllReals
        } else {
            Outcome::NoSolution
        };
        return Ok((out, outcome));
    }
    if !b.is_zero() {
        let constant = Poly::constant(b);
        (left, right) = (left.sub(&constant)?, right.sub(&constant)?);
        record(
            add_or_subtract(&Poly::constant(b.abs()?), b),
            format!("This leaves only the {var} term on the left."),
            &left,
            &right,
            false,
        );
    }
    if !a.is_one() {
        let rule = if a == Rational::integer(-1) {
            "Multiply both sides by -1".to_string()
        } else {
            format!("Divide both sides by {a}")
        };
        (left, right) = (left.scale(a.recip()?)?, right.scale(a.recip()?)?);
        record(
            rule,
            format!("Dividing by the coefficient of {var} leaves {var} on its own."),
            &left,
            &right,
            a.is_negative(),
        );
    }
    Ok((out, Outcome::Value(right.coefficient_of(var, 0))))
}

pub(crate) fn outcome_answer(outcome: &Outcome, var: &str, decimals: bool) -> String {
    match outcome {
        Outcome::Value(v) => format!("{var} = {}", number(*v, decimals)),
        Outcome::NoSolution => "no solution".into(),
        Outcome::AllReals => "all real numbers".into(),
    }
}

pub(super) fn solve(eq: Equation<'_>) -> Result<(Vec<Step>, String), SolveError> {
    let (left, right, var, decimals) = (eq.left, eq.right, eq.var, eq.decimals);
    let (l, r) = match (to_poly(left), to_poly(right)) {
        (Some(l), Some(r)) => (l, r),
        _ => {
            return Err(SolveError::NeedsLanguageModel {
                reason: "the equation is not linear".into(),
            });
        }
    };
    let mut steps = Steps::default();
    let mut current = written(left, right, decimals);
    if needs_expanding(left, &l) || needs_expanding(right, &r) {
        let (rule, narration) = expand_rule(&[left, right]);
        let collected = equation(&l, &r);
        steps.push(&current, &collected, rule, narration);
        current = collected;
    }
    let (moves, outcome) = moves(l, r, var)?;
    for m in moves {
        let next = equation(&m.left, &m.right);
        steps.advance(&mut current, next, m.rule, m.narration);
    }
    let answer = outcome_answer(&outcome, var, decimals);
    match outcome {
        Outcome::Value(_) => {
            steps.push(&current, &answer, "Solution", format!("So {answer}."));
        }
        Outcome::NoSolution => steps.push(
            &current,
            "no solution",
            "A false statement means there is no solution",
            format!("The {var} terms cancelled and left a statement that is never true, so no value of {var} works."),
        ),
        Outcome::AllReals => steps.push(
            &current,
            "all real numbers",
            "A statement that is always true means every number is a solution",
            format!("The {var} terms cancelled and left a statement that is always true, so every value of {var} works."),
        ),
    }
    Ok((steps.into_vec(), answer))
}

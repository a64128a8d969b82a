//! The problem as the checker reads it, and each step read and compared in its light.

use std::collections::BTreeSet;

use super::limits;
use super::outcome::{CheckStatus, status_of, unchecked};
use super::words::Words;
use crate::calculus::differentiate;
use crate::equivalence::{self, chain_consistency, condition_variables};
use crate::expr::Expr;
use crate::kind::ProblemKind;
use crate::problem::{Problem, read_problem};
use crate::sets::Rules;
use crate::solve::Step;
use crate::statement::{Condition, End, Interval, Statement, read_statement};
use crate::verdict::{Method, Verdict, all_of};
use crate::words::kind_of;

/// What a line of a step says, read in the light of the problem.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Claim {
    /// Expressions claimed equal to each other, in order (`a` or `a = b = c`).
    Values(Vec<Expr>),
    Condition(Condition),
}

pub(super) struct Context {
    /// `None` for a problem in words.
    pub(super) problem: Option<Problem>,
    pub(super) unread_because: Option<String>,
    /// The unknowns: the problem's variables, or the variable of its derivative or integral.
    pub(super) unknowns: Vec<String>,
    calculus: bool,
    /// What a problem in words gives; `None` for a formula or for prose without numbers.
    pub(super) words: Option<Words>,
}

fn claim_letters(claim: &Claim) -> BTreeSet<String> {
    match claim {
        Claim::Values(chain) => chain.iter().flat_map(Expr::variables).collect(),
        Claim::Condition(c) => condition_variables(c),
    }
}

impl Context {
    /// Reads the problem. A problem in words is not a formula, but its calculations are still
    /// checked, step by step.
    pub(super) fn read(problem: &str) -> Self {
        match read_problem(problem) {
            Ok(read) => Context::new(Some(read.problem)),
            Err(e) => Context {
                unread_because: Some(format!(
                    "the problem could not be read as a typed formula ({e})"
                )),
                // An everyday problem the solver reads ("the probability of drawing a heart")
                // is a problem in words even without a number in it.
                words: kind_of(problem)
                    .or_else(|| crate::solve::everyday::solve(problem).map(|w| w.kind))
                    .map(|kind| Words::given(problem, kind == ProblemKind::Geometry)),
                ..Context::new(None)
            },
        }
    }

    fn new(problem: Option<Problem>) -> Self {
        let (unknowns, calculus) = match &problem {
            Some(Problem::Expression(
                Expr::Derivative { var, .. } | Expr::Integral { var, .. },
            )) => (vec![var.clone()], true),
            Some(Problem::Expression(e)) => (e.variables().into_iter().collect(), false),
            Some(Problem::Condition(c)) => (condition_variables(c).into_iter().collect(), false),
            Some(Problem::Limit(l)) => (vec![l.var.clone()], false),
            None => (Vec::new(), false),
        };
        Context {
            problem,
            unread_because: None,
            unknowns,
            calculus,
            words: None,
        }
    }

    fn problem_claim(&self) -> Option<Claim> {
        match &self.problem {
            Some(Problem::Expression(e)) => Some(Claim::Values(vec![e.clone()])),
            Some(Problem::Condition(c)) => Some(Claim::Condition(c.clone())),
            Some(Problem::Limit(l)) => Some(Claim::Values(vec![l.body.clone()])),
            None => None,
        }
    }

    /// Reads a step line. Lists of values become alternatives for a one-unknown problem.
    pub(super) fn claim(&self, text: &str) -> Result<Claim, String> {
        let statement = read_statement(text, self.calculus).map_err(|e| e.to_string())?;
        let expression_problem = matches!(self.problem, Some(Problem::Expression(_)));
        let calculation = |parts: &[Expr]| parts.iter().all(|p| p.variables().is_empty());
        match statement {
            Statement::Expression(e) => Ok(Claim::Values(vec![e])),
            // In a problem in words, "3 + 5 = 8" is a calculation, not an equation to solve.
            Statement::Condition(Condition::Eq(parts))
                if expression_problem || (self.problem.is_none() && calculation(&parts)) =>
            {
                Ok(Claim::Values(parts))
            }
            Statement::Condition(_) if expression_problem => {
                Err("an expression was expected here, as the problem asks for a value".into())
            }
            Statement::Condition(c) => Ok(Claim::Condition(c)),
            Statement::Values(values) => match self.unknowns.as_slice() {
                [var] if !expression_problem => Ok(Claim::Condition(Condition::Any(
                    values
                        .into_iter()
                        .map(|v| Condition::Eq(vec![Expr::var(var), v]))
                        .collect(),
                ))),
                _ => Err("a list of values only answers a problem with one unknown".into()),
            },
            // "(2, 3)" answers an inequality as an open interval, not as a point.
            Statement::Point(values) if values.len() == 2 && self.about_intervals() => {
                let mut ends = values.into_iter().map(|v| End {
                    value: Some(v),
                    closed: false,
                });
                match (ends.next(), ends.next()) {
                    (Some(low), Some(high)) => {
                        Ok(Claim::Condition(Condition::Intervals(vec![Interval {
                            low,
                            high,
                        }])))
                    }
                    _ => Err("an interval needs two ends".into()),
                }
            }
            Statement::Point(values) => {
                if values.len() != self.unknowns.len() || expression_problem {
                    return Err(format!(
                        "a point needs one value for each unknown ({})",
                        self.unknowns.join(", ")
                    ));
                }
                Ok(Claim::Condition(Condition::All(
                    self.unknowns
                        .iter()
                        .zip(values)
                        .map(|(var, v)| Condition::Eq(vec![Expr::var(var), v]))
                        .collect(),
                )))
            }
        }
    }

    /// Whether the problem is an inequality in one unknown, whose answers are intervals.
    fn about_intervals(&self) -> bool {
        fn inequality(c: &Condition) -> bool {
            match c {
                Condition::Ineq(..) | Condition::Intervals(_) => true,
                Condition::All(items) | Condition::Any(items) => items.iter().any(inequality),
                _ => false,
            }
        }
        self.unknowns.len() == 1
            && matches!(&self.problem, Some(Problem::Condition(c)) if inequality(c))
    }

    pub(super) fn check_step(&self, step: &Step) -> CheckStatus {
        if let Some(Problem::Limit(limit)) = &self.problem {
            return limits::step(limit, step);
        }
        if step.after.trim().is_empty() {
            return unchecked("the step has no 'after' expression");
        }
        let before = if step.before.trim().is_empty() {
            self.problem_claim()
                .ok_or_else(|| "it is empty and the problem is not a formula".to_string())
        } else {
            self.claim(&step.before)
        };
        let (before, after) = match (before, self.claim(&step.after)) {
            (Ok(b), Ok(a)) => (b, a),
            (Err(e), _) => return unchecked(format!("'before' could not be read: {e}")),
            (_, Err(e)) => return unchecked(format!("'after' could not be read: {e}")),
        };
        match (&before, &after) {
            (Claim::Values(b), Claim::Values(a)) => {
                let (Some(last), Some(first)) = (b.last(), a.first()) else {
                    return unchecked("nothing to compare");
                };
                let verdict = all_of([chain_consistency(a), self.value_step(last, first)]);
                status_of(self.substitution_guard(&before, &after, verdict))
            }
            (Claim::Condition(b), Claim::Condition(a)) => {
                status_of(self.substitution_guard(&before, &after, self.condition_step(b, a)))
            }
            _ => unchecked(
                "the step turns an equation into an expression or back, so nothing is compared",
            ),
        }
    }

    /// `before` equals `after`, or (in a calculus problem) `after` is the derivative or an
    /// antiderivative of a plain expression `before`, as in "x^3 + 2x" to "3x^2 + 2".
    fn value_step(&self, before: &Expr, after: &Expr) -> Verdict {
        let direct = equivalence::expressions(before, after);
        let plain = !before.any(&|x| matches!(x, Expr::Derivative { .. } | Expr::Integral { .. }));
        if matches!(direct, Verdict::Same(_)) || !plain {
            return direct;
        }
        let applied = match &self.problem {
            Some(Problem::Expression(Expr::Derivative { var, .. })) => {
                equivalence::expressions(&differentiate(before, var), after)
            }
            Some(Problem::Expression(Expr::Integral { var, .. })) => {
                equivalence::expressions(before, &differentiate(after, var))
            }
            _ => return direct,
        };
        match applied {
            Verdict::Same(m) => Verdict::Same(m),
            _ => direct,
        }
    }

    /// A step that replaces letters by numbers (`b^2 - 4ac` to `(-5)^2 - 4(1)(6)`) cannot be
    /// judged without knowing the letters' values, so it is unchecked rather than failed.
    fn substitution_guard(&self, before: &Claim, after: &Claim, verdict: Verdict) -> Verdict {
        if !matches!(verdict, Verdict::Different(_)) {
            return verdict;
        }
        let (letters_before, letters_after) = (claim_letters(before), claim_letters(after));
        let replaced: Vec<String> = letters_before
            .difference(&letters_after)
            .filter(|v| !self.unknowns.contains(v))
            .cloned()
            .collect();
        if replaced.is_empty() {
            verdict
        } else {
            Verdict::Unknown(format!(
                "the step replaces {} by values, which cannot be checked without knowing them",
                replaced.join(", ")
            ))
        }
    }

    fn condition_step(&self, before: &Condition, after: &Condition) -> Verdict {
        // A step may gain solutions where 'before' is undefined (combining logarithms) or that
        // squaring brings in; the final answer is what must leave them out.
        let rules = Rules {
            extraneous_allowed: true,
            positive_only: false,
        };
        let direct = equivalence::conditions_with(before, after, &self.unknowns, rules);
        if matches!(direct, Verdict::Same(_)) {
            return direct;
        }
        if let Some(Problem::Condition(original)) = &self.problem {
            // A step may restate the problem's solutions in another way, or (for a linear
            // system) state an equation that follows from the whole system.
            if let Verdict::Same(m) =
                equivalence::conditions_with(original, after, &self.unknowns, rules)
            {
                return Verdict::Same(m);
            }
            if self.unknowns.len() > 1 && equivalence::follows_from(original, after, &self.unknowns)
            {
                return Verdict::Same(Method::Exact);
            }
        }
        direct
    }
}

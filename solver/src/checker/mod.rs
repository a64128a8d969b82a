//! Checks a written solution: every step's `before` and `after` must say the same thing, and
//! the final answer must solve the original problem, completely.

mod answer;
mod limits;
mod words;

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::calculus::differentiate;
use crate::equivalence::{self, Method, Verdict, condition_variables};
use crate::expr::Expr;
use crate::problem::{Problem, read_problem};
use crate::sets::Rules;
use crate::solve::Step;
use crate::statement::{Condition, End, Interval, Statement, read_statement};
use words::Words;

/// What a check is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckTarget {
    /// The step at this index (from 0) of the list given to [`check_steps`].
    Step(usize),
    /// The final answer, substituted into the problem.
    FinalAnswer,
}

/// How a passed check was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckMethod {
    /// Exact rational arithmetic on normal forms.
    Exact,
    /// Agreement at many deterministic sample points, up to rounding.
    Numeric,
}

/// The outcome for one step or the final answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum CheckStatus {
    /// The step is right, or the final answer solves the problem completely.
    Checked {
        /// How it was decided.
        method: CheckMethod,
    },
    /// A mistake was found; the reason says what, for the writer to repair it.
    Failed {
        /// For example "x = 5 does not satisfy 2x + 3 = 11: one side is 13 and the other is 11".
        reason: String,
    },
    /// Nothing could be decided (prose, unsupported mathematics); never shown as checked.
    Unchecked {
        /// Why nothing could be decided.
        reason: String,
    },
}

/// The check of one step or of the final answer. As JSON:
/// `{"target": {"step": 0}, "status": "checked", "method": "exact"}` or
/// `{"target": "final_answer", "status": "failed", "reason": "..."}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepCheck {
    /// Which step, or the final answer.
    pub target: CheckTarget,
    /// The outcome.
    #[serde(flatten)]
    pub status: CheckStatus,
}

impl StepCheck {
    /// Whether it may be shown with the checked mark.
    pub fn is_checked(&self) -> bool {
        matches!(self.status, CheckStatus::Checked { .. })
    }

    /// Whether a mistake was found.
    pub fn is_failed(&self) -> bool {
        matches!(self.status, CheckStatus::Failed { .. })
    }
}

/// The first failed check, which is what a writer is asked to repair.
pub fn first_failure(checks: &[StepCheck]) -> Option<&StepCheck> {
    checks.iter().find(|c| c.is_failed())
}

/// Checks each step and then the final answer against `problem` (the text the user typed).
/// The result has one entry per step, in order, followed by one for the final answer.
pub fn check_steps(problem: &str, steps: &[Step], final_answer: &str) -> Vec<StepCheck> {
    // A problem in words still gets its calculations checked, step by step.
    let context = match read_problem(problem) {
        Ok(read) => Context::new(Some(read.problem)),
        Err(e) => Context {
            unread_because: Some(format!(
                "the problem could not be read as a typed formula ({e})"
            )),
            words: crate::words::kind_of(problem)
                .map(|kind| Words::given(problem, kind == crate::ProblemKind::Geometry)),
            ..Context::new(None)
        },
    };
    let mut checks: Vec<StepCheck> = steps
        .iter()
        .enumerate()
        .map(|(i, step)| StepCheck {
            target: CheckTarget::Step(i),
            status: match &context.words {
                Some(words) => words.step(step),
                None => context.check_step(step),
            },
        })
        .collect();
    let answer = match &context.words {
        Some(words) => {
            let statuses: Vec<CheckStatus> = checks.iter().map(|c| c.status.clone()).collect();
            words.answer(steps, &statuses, final_answer)
        }
        None => context.check_answer(final_answer),
    };
    checks.push(StepCheck {
        target: CheckTarget::FinalAnswer,
        status: answer,
    });
    checks
}

/// What a line of a step says, read in the light of the problem.
#[derive(Debug, Clone, PartialEq)]
enum Claim {
    /// Expressions claimed equal to each other, in order (`a` or `a = b = c`).
    Values(Vec<Expr>),
    Condition(Condition),
}

struct Context {
    /// `None` for a problem in words.
    problem: Option<Problem>,
    unread_because: Option<String>,
    /// The unknowns: the problem's variables, or the variable of its derivative or integral.
    unknowns: Vec<String>,
    calculus: bool,
    /// What a problem in words gives; `None` for a formula or for prose without numbers.
    words: Option<Words>,
}

fn unchecked(reason: impl Into<String>) -> CheckStatus {
    CheckStatus::Unchecked {
        reason: reason.into(),
    }
}

fn status_of(verdict: Verdict) -> CheckStatus {
    match verdict {
        Verdict::Same(Method::Exact) => CheckStatus::Checked {
            method: CheckMethod::Exact,
        },
        Verdict::Same(Method::Numeric) => CheckStatus::Checked {
            method: CheckMethod::Numeric,
        },
        Verdict::Different(reason) => CheckStatus::Failed { reason },
        Verdict::Unknown(reason) => CheckStatus::Unchecked { reason },
    }
}

/// Combines verdicts: any difference wins, then any unknown, then the weakest method.
fn all_of(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
    let mut result = Verdict::Same(Method::Exact);
    for v in verdicts {
        result = match (result, v) {
            (Verdict::Different(r), _) | (_, Verdict::Different(r)) => {
                return Verdict::Different(r);
            }
            (Verdict::Unknown(r), _) | (_, Verdict::Unknown(r)) => Verdict::Unknown(r),
            (Verdict::Same(Method::Numeric), _) | (_, Verdict::Same(Method::Numeric)) => {
                Verdict::Same(Method::Numeric)
            }
            _ => Verdict::Same(Method::Exact),
        };
    }
    result
}

fn claim_letters(claim: &Claim) -> BTreeSet<String> {
    match claim {
        Claim::Values(chain) => chain.iter().flat_map(Expr::variables).collect(),
        Claim::Condition(c) => condition_variables(c),
    }
}

fn chain_consistency(chain: &[Expr]) -> Verdict {
    all_of(
        chain
            .windows(2)
            .map(|w| equivalence::expressions(&w[0], &w[1])),
    )
}

impl Context {
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
    fn claim(&self, text: &str) -> Result<Claim, String> {
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

    fn check_step(&self, step: &Step) -> CheckStatus {
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

    fn check_answer(&self, text: &str) -> CheckStatus {
        if let Some(reason) = &self.unread_because {
            return unchecked(reason.clone());
        }
        if text.trim().is_empty() {
            return CheckStatus::Failed {
                reason: "the final answer is empty".into(),
            };
        }
        match answer::check(self, text) {
            Ok(status) => status,
            Err(reason) => unchecked(format!("the final answer could not be read: {reason}")),
        }
    }
}

//! Lectern's mathematics for step-by-step problem solutions: a parser for typed mathematics,
//! exact arithmetic, a checker for written solutions and an offline solver.
//!
//! Nothing here does input or output, and everything is deterministic: the same problem gives
//! the same classification, solution and checks on every machine.
//!
//! # How the server uses it
//!
//! 1. **Before charging**, call [`classify`] on the problem text. When no language model is
//!    configured and the kind is [`ProblemKind::NeedsLanguageModel`], refuse the request with
//!    its reason (the message of [`SolveError::NeedsLanguageModel`] reads
//!    "This problem needs a language model: ..."). Classification is a parse and a few
//!    polynomial operations, well under a millisecond.
//!
//!    ```
//!    use lectern_solver::{classify, ProblemKind};
//!
//!    assert_eq!(classify("Solve 2x + 3 = 11"), ProblemKind::LinearEquation { variable: "x".into() });
//!    assert!(!classify("Why is the sky blue?").is_offline_solvable());
//!    ```
//!
//! 2. **Without a model**, [`solve`] gives the steps and the canonical final answer. Each
//!    [`Step`] has machine-readable `before` and `after` lines, the `rule` in plain English and
//!    a `narration` sentence for the voice-over. Every offline solution passes [`check_steps`].
//!
//!    ```
//!    let solution = lectern_solver::solve("x^2 - 5x + 6 = 0").unwrap();
//!    assert_eq!(solution.final_answer, "x = 2, x = 3");
//!    assert_eq!(solution.steps[0].after, "(x - 2)(x - 3) = 0");
//!    ```
//!
//! 3. **With a model**, ask the writer for JSON steps of the same shape (`before`, `after`,
//!    `rule`, `narration`) plus a final answer, then call [`check_steps`]. It returns one
//!    [`StepCheck`] per step and a last one for the final answer. Send the first
//!    [`CheckStatus::Failed`] reason (see [`first_failure`]) back to the writer once; if a
//!    check still fails, fail the job with a refund. Only steps whose status is
//!    [`CheckStatus::Checked`] may be shown with the checked mark; [`CheckStatus::Unchecked`]
//!    steps (prose, or mathematics outside what can be decided) are shown without it.
//!
//!    ```
//!    use lectern_solver::{check_steps, CheckStatus, Step};
//!
//!    let steps: Vec<Step> = serde_json::from_str(r#"[
//!        {"before": "2x + 3 = 11", "after": "2x = 8", "rule": "Subtract 3 from both sides"},
//!        {"before": "2x = 8", "after": "x = 4", "rule": "Divide both sides by 2"}
//!    ]"#).unwrap();
//!    let checks = check_steps("2x + 3 = 11", &steps, "x = 4");
//!    assert!(checks.iter().all(|c| c.is_checked()));
//!
//!    let wrong = check_steps("2x + 3 = 11", &steps[..1], "x = 5");
//!    assert!(matches!(wrong[1].status, CheckStatus::Failed { .. }));
//!    ```
//!
//! # What the writer should be told
//!
//! `before` and `after` are ordinary typed mathematics: `3(x - 1) = 2x + 4`, `x^2`, `sqrt(8)`,
//! `d/dx(x^3 + 2x)`, `∫ (3x^2 + 2x) dx`, with no words around them. Several equations of a
//! system are joined with `;`; alternatives with `or` (`x - 2 = 0 or x - 3 = 0`). Splitting a
//! quadratic into cases must keep every case in one line, or the step loses a root and fails.
//! A step may rewrite a part of the problem as an expression (`3(x - 1)` to `3x - 3`), and in
//! a calculus problem it may differentiate or integrate a plain expression (`x^3 + 2x` to
//! `3x^2 + 2`). A leading `f'(x) =` or `dy/dx =` is ignored in calculus; an indefinite
//! integral's final answer must include its constant (`+ C`). Final answers may be `x = 4`,
//! `x = 2, x = 3`, `x = 2 or x = 3`, `x = 2, 3`, `{2, 3}`, `x = 1 ± sqrt(2)`, `x = 1, y = 2`,
//! `(1, 2)`, `7/4`, `0.67` (a rounded decimal, correct to its places), `no real solutions`,
//! `no solution`, `all real numbers` or `infinitely many solutions`.
//!
//! # What is decided, and how
//!
//! Expressions built from numbers, variables, `+ - * /` and whole powers are brought to an
//! exact normal form (a quotient of polynomials with rational coefficients on overflow-checked
//! `i128`) and compared exactly. Anything else (roots, functions, `pi`) is compared by
//! evaluation at 48 deterministic pseudo-random points with a relative tolerance of 1e-8.
//! Equations in one unknown are compared by their solution sets, exactly when they are
//! polynomial or rational (square-free parts, greatest common divisors and Sturm sequences);
//! a step may drop only factors without real roots. Linear systems are compared by the reduced
//! row-echelon form of their augmented matrices, and a step in a system problem may also state
//! an equation that follows from the system. Integrals are compared through their
//! derivatives, so they are equal up to a constant. The final answer is compared with the
//! problem's whole solution set, so a wrong value and a missing value both fail, with a reason
//! that names the value and the equation.
//!
//! Known limits: a step is checked for being *true*, not for being the step the rule names
//! (`d/dx(x + 1)` and `d/dx(x - 1)` are equal); a step that replaces letters by values
//! (`b^2 - 4ac` to `(-5)^2 - 4(1)(6)`) is unchecked; in an inconsistent system of three
//! equations in two unknowns every linear step is accepted (any equation follows from a
//! contradiction); a one-unknown answer to a non-polynomial equation is checked by
//! substitution only and left unchecked, since a missing solution cannot be ruled out. A
//! problem in words is not read, but the calculations in its steps are still checked. Input
//! is limited to 2,000 characters and 200 levels of nesting.

mod calculus;
mod checker;
mod classify;
mod equivalence;
mod exact;
mod expr;
mod lexer;
mod limit;
mod linear;
mod numeric;
mod parser;
mod poly;
mod print;
mod problem;
mod rational;
mod roots;
mod sets;
mod solve;
mod statement;
mod upoly;
mod words;

pub use checker::{CheckMethod, CheckStatus, CheckTarget, StepCheck, check_steps, first_failure};
pub use classify::{ProblemKind, classify};
pub use expr::{Constant, Expr, Func};
pub use parser::{ParseError, parse_expression};
pub use rational::{ArithmeticError, Rational};
pub use solve::{Solution, SolveError, Step, solve};

/// Whether two typed expressions are equal, e.g. `(x + 1)^2` and `x^2 + 2x + 1`: `Some(true)`
/// or `Some(false)` when decided, `None` when it could not be decided.
pub fn expressions_equivalent(a: &str, b: &str) -> Result<Option<bool>, ParseError> {
    let (a, b) = (parse_expression(a)?, parse_expression(b)?);
    Ok(match equivalence::expressions(&a, &b) {
        equivalence::Verdict::Same(_) => Some(true),
        equivalence::Verdict::Different(_) => Some(false),
        equivalence::Verdict::Unknown(_) => None,
    })
}

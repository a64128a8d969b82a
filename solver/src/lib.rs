//! Lectern's mathematics for step-by-step problem solutions: a parser for typed mathematics,
//! exact arithmetic, a checker for written solutions and an offline solver.
//!
//! Nothing here does input or output, and everything is deterministic: the same problem gives
//! the same classification, solution and checks on every machine.
//!
//! # How the server uses it
//!
//! 1. **Before charging**, call [`classify`] on the problem text. When no language model is
//!    configured and the kind is not [`ProblemKind::is_offline_solvable`], refuse the request
//!    with the reason [`solve`] gives (the message of [`SolveError::NeedsLanguageModel`] reads
//!    "This problem needs a language model: ..."). Inequalities, exponential and logarithmic
//!    equations, limits, word problems and geometry have kinds of their own: a model writes
//!    them and the checker knows how to check them. Their plain forms are solved offline all
//!    the same: linear inequalities (also chained, `-1 < 2x + 1 <= 7`, the sign turned round
//!    on division by a negative number), `c·b^(ax + k) + m = n` (exactly when `n` is a power of
//!    `b`, with logarithms otherwise) and `a log_b(mx + n) + k = c`; call [`solve`] to find out, as
//!    [`ProblemKind::is_offline_solvable`] only names the kinds solved in every form. Classification is a parse and a few
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
//!    Add [`prompt_guide`] for the problem's kind to the writer's prompt: a few lines on how
//!    to write that kind's steps and answer, as forms with letters: never a worked answer a
//!    user could get, which a small model copies.
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
//! 4. **Words the reader does not know** may be translated by a language model into the
//!    notation (never solved by it). [`accept_reading`] takes such a reading only when the
//!    solver reads it, it states a problem rather than its answer, and it uses every amount of
//!    the words with their units; its reason otherwise goes back to the model once.
//!    [`in_notation`] says when a text is already notation, with nothing to translate.
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
//! integral's final answer must include its constant (`+ C`). Inequalities use `<`, `<=`,
//! `>`, `>=` (or `≤`, `≥`, `≠`), also chained (`-1 < x <= 3`). Logarithms are `log(x)` (base
//! 10), `ln(x)`, `log_2(x)`, `log_{2}(x)` or `log2(x)`; powers of e are `e^(2x)` or
//! `exp(2x)`. A limit is written `lim_(x->2) (x + 2)` (also `lim x->2`, `lim_{x \to 2}`,
//! `lim(x→2)`, `x->0+` or `x->2^-` for one side, `x->inf`), and a step may evaluate it to a
//! value (`lim_(x->2) (x + 2)` to `4`). In a problem in words, a calculation is written with
//! its units (`120 km / 1.5 h` to `80 km/h`, `$40 - $10` to `$30`, `25% of $40`), a leading
//! name (`speed =`, `A =`) is allowed, the letters of a formula take the values the problem
//! gives (`A = pi r^2` with "radius 3"), and a rounded value follows `≈` (`A = 9pi ≈ 28.27`).
//! Final answers may be `x = 4`,
//! `x = 2, x = 3`, `x = 2 or x = 3`, `x = 2, 3`, `{2, 3}`, `x = 1 ± sqrt(2)`, `x = 1, y = 2`,
//! `(1, 2)`, `7/4`, `0.67` (a rounded decimal, correct to its places), `no real solutions`,
//! `no solution`, `all real numbers` or `infinitely many solutions`.
//!
//! # What is decided, and how
//!
//! Inequalities, interval notation, and equations with exponentials or logarithms in one
//! unknown are compared by their solution sets on the real line: the boundary points (roots
//! of one side minus the other, exactly counted for rational functions, found on a grid to
//! 10^6 with bisection otherwise; poles; edges of where the expressions are defined) are
//! found, then each boundary point and a test point inside each interval between them is
//! tried in both (a failure names the point, e.g. "x = 2.5 (between 2 and 3) satisfies ...").
//! A step may gain isolated solutions where 'before' is undefined (combining logarithms) or
//! that squaring a root brings in; the final answer may not. Limits of rational functions are
//! found exactly; other limits from samples at the point ± 10^-k (k = 1..8) on each side, or
//! at ±10^k for infinity, and a limit whose samples do not settle is left unchecked. In a
//! problem in words, units become products of base dimensions with their sizes, so
//! `2 h + 30 min` equals `2.5 h` exactly and `80 km` is not a speed; lengths in a geometry
//! problem are positive (`c^2 = 25` gives `c = 5`).
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
//! contradiction); a one-unknown answer to a trigonometric equation is checked by
//! substitution only and left unchecked, since a missing solution cannot be ruled out, and
//! roots beyond ±10^6 or two roots closer than the grid are not looked for. A problem in words
//! is not understood: its calculations are checked, and its final answer is checked against
//! the last checked calculation (so a wrong setup, such as multiplying where dividing was
//! meant, is not caught), and it is unchecked after a failed step or without a known unit.
//! Input is limited to 2,000 characters and 200 levels of nesting.
//!
//! # New answer forms
//!
//! - Inequalities: `x < 4`, `x >= -2`, `-1 < x <= 3`, `x < 2 or x > 3`, `(-inf, 4)`,
//!   `[2, 3]`, `(-∞, 2) ∪ (3, ∞)` (`U` also joins intervals), `x ∈ [2, 3)`, and for an
//!   inequality problem `(2, 3)` is an open interval; `all real numbers`, `no solution`.
//! - Exponential and logarithmic equations: `x = 3`, `x = ln(5)/2 ≈ 0.805`, `x = 5` (an
//!   extraneous root listed as well fails).
//! - Limits: a number (`4`, `1/2`), `inf`, `-inf`, `does not exist` (or `DNE`); a leading
//!   `lim_(x->2) ... =` or `L =` is dropped.
//! - Word problems: the value with its unit, `80 km/h`, `$30`, `2.5 h`, also inside a sentence
//!   ("The sale price is $30").
//! - Geometry: `c = 5`, `A = 9pi ≈ 28.27 cm^2`, `28.27 cm²`.

mod calculus;
mod checker;
mod classify;
mod equivalence;
mod exact;
mod expr;
mod guide;
mod kind;
mod lexer;
mod limit;
mod linear;
mod numeric;
mod parse_error;
mod parser;
mod poly;
mod print;
mod problem;
mod rational;
mod reading;
mod roots;
mod set_up;
mod sets;
mod solve;
mod statement;
mod upoly;
mod verdict;
mod words;

pub use checker::{CheckMethod, CheckStatus, CheckTarget, StepCheck, check_steps, first_failure};
pub use classify::classify;
pub use expr::{Constant, Expr, Func};
pub use guide::prompt_guide;
pub use kind::ProblemKind;
pub use lexer::{Lexeme, scan};
pub use parse_error::ParseError;
pub use parser::parse_expression;
pub use rational::{ArithmeticError, Rational};
pub use reading::{READING_MAX_CHARS, Reading, accept_reading, in_notation, read};
pub use set_up::{SetUp, Unknown};
pub use solve::{Solution, SolveError, Step, solve};

use verdict::Verdict;

/// The value of a typed expression without variables (`3/4`, `2 sqrt(2)`, `-5`), when it has
/// a finite one; `None` for an expression with variables or without a value (`1/0`).
///
/// ```
/// assert_eq!(lectern_solver::evaluate("(12 - 4)/2").unwrap(), Some(4.0));
/// assert_eq!(lectern_solver::evaluate("x + 1").unwrap(), None);
/// ```
pub fn evaluate(text: &str) -> Result<Option<f64>, ParseError> {
    let expr = parse_expression(text)?;
    if !expr.variables().is_empty() {
        return Ok(None);
    }
    let value = numeric::eval(&expr, &numeric::Point::new());
    Ok(value.is_finite().then_some(value))
}

/// Whether two typed expressions are equal, e.g. `(x + 1)^2` and `x^2 + 2x + 1`: `Some(true)`
/// or `Some(false)` when decided, `None` when it could not be decided.
pub fn expressions_equivalent(a: &str, b: &str) -> Result<Option<bool>, ParseError> {
    let (a, b) = (parse_expression(a)?, parse_expression(b)?);
    Ok(match equivalence::expressions(&a, &b) {
        Verdict::Same(_) => Some(true),
        Verdict::Different(_) => Some(false),
        Verdict::Unknown(_) => None,
    })
}

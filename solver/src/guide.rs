//! What a language model is told, per problem kind, so that the checker can read its steps.

use crate::kind::ProblemKind;

/// How to write `before`, `after` and `final_answer` for a kind the checker reads in its own
/// way; an empty string for the other kinds, whose forms the general instructions already
/// cover. The forms are written with letters (`a km / b h`), never as a worked problem with
/// numbers: a small model copies a worked example's numbers into its answer ("the square
/// root of 144" answered with the example's "80 km/h"), so no example is an answer a user
/// could get.
pub fn prompt_guide(kind: &ProblemKind) -> &'static str {
    match kind {
        ProblemKind::Inequality { .. } => INEQUALITY,
        ProblemKind::ExponentialEquation { .. } => EXPONENTIAL,
        ProblemKind::LogarithmicEquation { .. } => LOGARITHMIC,
        ProblemKind::Limit { .. } => LIMIT,
        ProblemKind::WordProblem => WORD_PROBLEM,
        ProblemKind::Geometry => GEOMETRY,
        _ => "",
    }
}

const INEQUALITY: &str = r#"Write each step as an inequality in the unknown, in the same letters as the problem. Use < <= > >= (or ≤ ≥); a double inequality is a < x <= b.
Flip the sign when you multiply or divide both sides by a negative number. For a polynomial or a fraction, bring everything to one side, factor, and read the signs of the factors between their zeros. Keep every case in one line: x < a or x > b.
final_answer: x < a, a < x <= b, x < a or x > b, or interval notation (-inf, a), [a, b], (-inf, a) ∪ (b, inf) with the numbers you found; or all real numbers, no solution."#;

const EXPONENTIAL: &str = r#"Write each step as an equation in the unknown. Use ^ for powers, e^(kx) or exp(kx), ln(a), log(a) (base 10), log_b(a).
Put brackets around a whole exponent: b^(x + k), not b^x + k. Write both sides as powers of the same base when you can, then compare the exponents; otherwise take logarithms of both sides.
final_answer: x = the value you found, or an exact form such as x = ln(a)/k (you may add ≈ and a rounded value)."#;

const LOGARITHMIC: &str = r#"Write each step as an equation in the unknown. log is base 10, ln base e, log_b(x) base b. A logarithm equation log_b(u) = c becomes u = b^c.
A step may bring in a root where a logarithm is undefined; check every root in the original equation and leave such roots out of final_answer.
final_answer: x = the value you found, several values separated by commas, or no solution when every root is rejected."#;

const LIMIT: &str = r#"Write each step as the limit of an expression, lim_(x->a) (f(x)), keeping the same variable and limit point, or as a plain value once it is evaluated.
Rewrite only to equal expressions (factor, cancel, rationalise, divide every term by the highest power), or apply L'Hopital's rule; evaluate in a last step, from the limit to its value.
final_answer: a number, inf, -inf, or does not exist (when the two sides differ)."#;

const WORD_PROBLEM: &str = r#"Write each calculation with the problem's own numbers and units, no words: for a speed, distance / time as "d km / t h" with the problem's d and t, then its value in km/h. A name in front is fine: speed = ...
Units: km, m, cm, h, min, s, kg, g, $, %, km/h, m/s, cm^2. Write the same unit on both sides, or convert in a step of its own (h + min to h). A percentage of an amount is written "p% of $a".
final_answer: the value of the last calculation with its unit."#;

const GEOMETRY: &str = r#"Write the formula with the usual letters first (A = pi r^2, c^2 = a^2 + b^2, P = 2l + 2w, V = l w h), then put in the problem's numbers in brackets.
Keep exact values (a multiple of pi, sqrt(n)) and round in a step of its own with ≈. Lengths are positive: c^2 = n gives c = sqrt(n).
final_answer: the exact value, then ≈ and the rounded value, with its unit."#;

//! What a language model is told, per problem kind, so that the checker can read its steps.

use crate::kind::ProblemKind;

/// How to write `before`, `after` and `final_answer` for a kind the checker reads in its own
/// way, with one small worked example; an empty string for the other kinds, whose forms the
/// general instructions already cover.
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

const INEQUALITY: &str = r#"Write each step as an inequality in the unknown: 2x + 3 < 11, then 2x < 8. Use < <= > >= (or ≤ ≥); a double inequality is -1 < x <= 3.
Flip the sign when you multiply or divide both sides by a negative number. Keep every case in one line: x < 2 or x > 3.
final_answer: x < 4, -1 < x <= 3, x < 2 or x > 3, or interval notation (-inf, 4), [2, 3], (-inf, 2) ∪ (3, inf); or all real numbers, no solution.
Example: [{"before": "-3x + 1 >= 7", "after": "-3x >= 6"}, {"before": "-3x >= 6", "after": "x <= -2"}], final_answer "x <= -2"."#;

const EXPONENTIAL: &str = r#"Write each step as an equation in the unknown: 2^(x + 1) = 2^4, x + 1 = 4. Use ^ for powers, e^(2x) or exp(2x), ln(5), log(100) (base 10), log_2(8).
Put brackets around a whole exponent: 2^(x + 1), not 2^x + 1.
final_answer: x = 3, or exact forms such as x = ln(5)/2 (you may add ≈ 0.805).
Example: [{"before": "3^x = 81", "after": "3^x = 3^4"}, {"before": "3^x = 3^4", "after": "x = 4"}], final_answer "x = 4"."#;

const LOGARITHMIC: &str = r#"Write each step as an equation in the unknown: log(x(x - 3)) = 1, x(x - 3) = 10. log is base 10, ln base e, log_2(x) base 2.
A step may bring in a root where a logarithm is undefined; check every root in the original equation and leave such roots out of final_answer.
final_answer: x = 5, or x = 2, x = 3 when there are several; no solution when every root is rejected.
Example: [{"before": "log(x) + log(x - 3) = 1", "after": "log(x(x - 3)) = 1"}, {"before": "log(x(x - 3)) = 1", "after": "x^2 - 3x - 10 = 0"}, {"before": "x^2 - 3x - 10 = 0", "after": "x = 5 or x = -2"}], final_answer "x = 5"."#;

const LIMIT: &str = r#"Write each step as the limit of an expression, lim_(x->2) (x + 2), keeping the same variable and limit point, or as a plain value once it is evaluated: 4.
Rewrite only to equal expressions (factor, cancel, rationalise), or apply L'Hopital's rule; evaluate in a last step: lim_(x->2) (x + 2) to 4.
final_answer: a number (4, 1/2), inf, -inf, or does not exist (when the two sides differ).
Example: [{"before": "lim_(x->2) (x^2 - 4)/(x - 2)", "after": "lim_(x->2) (x + 2)"}, {"before": "lim_(x->2) (x + 2)", "after": "4"}], final_answer "4"."#;

const WORD_PROBLEM: &str = r#"Write each calculation with its numbers and units, no words: 120 km / 1.5 h to 80 km/h, or $40 - $10 to $30. A name in front is fine: speed = 120 km / 1.5 h.
Units: km, m, cm, h, min, s, kg, g, $, %, km/h, m/s, cm^2. Write the same unit on both sides, or convert in a step of its own (2 h + 30 min to 2.5 h).
final_answer: the value of the last calculation with its unit: 80 km/h, $30.
Example: [{"before": "25% of $40", "after": "$10"}, {"before": "$40 - $10", "after": "$30"}], final_answer "$30"."#;

const GEOMETRY: &str = r#"Write the formula with the usual letters first (A = pi r^2, c^2 = a^2 + b^2, P = 2l + 2w), then put in the given numbers: A = pi (3)^2.
Keep exact values (A = 9pi, c = sqrt(25)) and round in a step of its own with ≈: A ≈ 28.27. Lengths are positive: c^2 = 25 gives c = 5.
final_answer: the value with its unit: A = 9pi ≈ 28.27 cm^2, c = 5.
Example: [{"before": "c^2 = a^2 + b^2", "after": "c^2 = 3^2 + 4^2"}, {"before": "c^2 = 3^2 + 4^2", "after": "c^2 = 25"}, {"before": "c^2 = 25", "after": "c = 5"}], final_answer "c = 5"."#;

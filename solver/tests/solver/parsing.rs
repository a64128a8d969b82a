//! Typed mathematics is read the way people write it, and bad input gets a position and a
//! message.

use lectern_solver::{Expr, parse_expression};
use std::ops::{Mul, Neg, Sub};

fn x() -> Expr {
    Expr::var("x")
}

fn parsed(text: &str) -> Expr {
    parse_expression(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn same(a: &str, b: &str) {
    assert_eq!(
        lectern_solver::expressions_equivalent(a, b).unwrap(),
        Some(true),
        "{a} and {b}"
    );
}

#[test]
fn implicit_multiplication_binds_like_a_product_below_powers() {
    assert_eq!(
        parsed("2x^2"),
        Expr::mul(Expr::int(2), Expr::pow(x(), Expr::int(2)))
    );
    assert_eq!(
        parsed("3(x-1)"),
        Expr::mul(Expr::int(3), Expr::sub(x(), Expr::int(1)))
    );
    same("(x+1)(x-1)", "x^2 - 1");
    same("2xy", "2 * x * y");
}

#[test]
fn unary_minus_applies_after_the_power() {
    assert_eq!(parsed("-x^2"), Expr::neg(Expr::pow(x(), Expr::int(2))));
    same("-2^2", "-4");
    same("x^-1", "1/x");
}

#[test]
fn powers_are_right_associative() {
    same("2^3^2", "512");
}

#[test]
fn decimals_are_read_exactly() {
    same("0.1 + 0.2", "3/10");
    same(".5x", "x/2");
}

#[test]
fn fractions_follow_the_order_of_operations() {
    same("1/2 + 3/4 * 2", "2");
    same("x^2/2", "(x^2)/2");
    same("3/2^2", "3/4");
    same("8 / 1/2", "4");
}

#[test]
fn keyboard_and_unicode_spellings_are_the_same() {
    same("2×3 − 1", "5");
    same("x²", "x^2");
    same("√16 + 6 ÷ 3", "6");
    same("x**3", "x^3");
    same("[x + {1}]", "x + 1");
}

#[test]
fn functions_constants_and_absolute_values_parse() {
    same("sqrt(8)", "2 sqrt(2)");
    same("|x - 3|", "abs(3 - x)");
    same("sin(x)^2 + cos(x)^2", "1");
    same("2pi", "pi + pi");
}

#[test]
fn derivative_and_integral_notation_parse() {
    same("d/dx(x^3 + 2x)", "3x^2 + 2");
    same("d/dx(x^2 + 1)(x - 3)", "2x(x - 3)");
    assert!(matches!(parsed("∫ 3x^2 dx + ∫ 2x dx"), Expr::Add(..)));
}

#[test]
fn printed_expressions_read_back_as_the_same_expression() {
    for text in [
        "3(x - 1) + 2x",
        "(x - 2)(x - 3)",
        "-2x^2 + x/3 - 7/4",
        "(1/2)x",
        "x^(-1) + (-3)^2",
        "d/dx((x^2 + 1)(x - 3))",
        "2 sqrt(3) - pi",
        "(3/4)/(1/2)",
    ] {
        let printed = parsed(text).to_string();
        same(text, &printed);
    }
}

fn error(text: &str) -> (usize, String) {
    let e = parse_expression(text).expect_err(text);
    (e.position, e.message)
}

#[test]
fn a_missing_operand_is_reported_where_it_is_missing() {
    let (position, message) = error("2x + * 3");
    assert_eq!(position, 5);
    assert!(message.contains("found '*'"), "{message}");
    let (position, message) = error("2x +");
    assert_eq!(position, 4);
    assert!(message.contains("ends too early"), "{message}");
}

#[test]
fn unbalanced_brackets_are_reported_at_the_bracket() {
    assert_eq!(error("(x + 1"), (0, "'(' is never closed".to_string()));
    assert_eq!(
        error("x + 1)"),
        (5, "')' has no matching opening bracket".to_string())
    );
    assert_eq!(error("|x + 1"), (0, "'|' is never closed".to_string()));
}

#[test]
fn unknown_characters_and_words_are_refused() {
    assert_eq!(error("2x # 3"), (3, "unexpected character '#'".to_string()));
    let (position, message) = error("3 apples");
    assert_eq!(position, 2);
    assert!(message.contains("'apples'"), "{message}");
}

#[test]
fn an_operator_without_an_operand_is_refused() {
    assert!(error("sqrt").1.contains("needs an argument"));
    assert!(error("∫ x^2").1.contains("dx"));
    assert!(error("d/dx").1.contains("needs something to differentiate"));
}

#[test]
fn a_parse_error_prints_a_one_based_column() {
    let e = parse_expression("2x + * 3").unwrap_err();
    assert_eq!(
        e.to_string(),
        "at column 6: expected a number, a variable or '(' but found '*'"
    );
}

#[test]
fn problem_level_parse_errors_are_positioned_in_the_original_text() {
    let kind = lectern_solver::classify("Solve 2x + = 11");
    let lectern_solver::ProblemKind::NeedsLanguageModel { reason } = kind else {
        panic!("expected a refusal");
    };
    assert!(reason.contains("column 11"), "{reason}");
}

//! Linear inequalities, the plain exponential and logarithmic forms and limits of fractions of
//! polynomials are solved offline, every step and the answer passing the checker.

use lectern_solver::{CheckStatus, ProblemKind, check_steps, solve};

/// Solves offline and checks every step and the answer; returns the answer and the rules.
fn solved(problem: &str) -> (String, Vec<String>) {
    let solution = solve(problem).unwrap_or_else(|e| panic!("{problem}: {e}"));
    let checks = check_steps(problem, &solution.steps, &solution.final_answer);
    for (i, check) in checks.iter().enumerate() {
        assert!(
            matches!(check.status, CheckStatus::Checked { .. }),
            "{problem}: check {i} {check:?} of {:#?}",
            solution.steps
        );
    }
    for step in &solution.steps {
        assert!(!step.narration.is_empty(), "{problem}: {step:?}");
    }
    let rules = solution.steps.iter().map(|s| s.rule.clone()).collect();
    (solution.final_answer, rules)
}

#[test]
fn linear_inequalities_turn_their_sign_when_divided_by_a_negative_number() {
    assert_eq!(solved("Solve 2x + 5 < 11").0, "x < 3");
    let (answer, rules) = solved("Solve 3 - 2x >= 7");
    assert_eq!(answer, "x <= -2");
    assert!(
        rules
            .last()
            .unwrap()
            .contains("reverse the inequality sign"),
        "{rules:?}"
    );
    assert_eq!(solved("Solve 2(x - 3) > 4x + 2").0, "x < -4");
    assert_eq!(solved("x/2 + 1 >= 3").0, "x >= 4");
    assert_eq!(solved("0.5x - 1.2 < 2").0, "x < 6.4");
    assert_eq!(solved("x + 1 < x + 3").0, "all real numbers");
    assert_eq!(solved("x + 3 < x + 1").0, "no solution");
    assert_eq!(
        solve("Solve 2x + 5 < 11").unwrap().kind,
        ProblemKind::Inequality {
            variable: "x".into()
        }
    );
}

#[test]
fn chained_inequalities_do_each_move_to_all_three_parts() {
    assert_eq!(solved("-1 < 2x + 1 <= 7").0, "-1 < x <= 3");
    assert_eq!(solved("7 >= 2x + 1 > -1").0, "-1 < x <= 3");
    let (answer, rules) = solved("Solve 5 < 3 - 2x < 9");
    assert_eq!(answer, "-3 < x < -1");
    assert!(
        rules
            .iter()
            .any(|r| r.contains("reverse the inequality signs")),
        "{rules:?}"
    );
}

#[test]
fn a_power_of_the_base_gives_an_exact_exponent() {
    let (answer, rules) = solved("Solve 2^(x + 1) = 16");
    assert_eq!(answer, "x = 3");
    assert_eq!(rules[0], "Write 16 as a power of 2");
    assert_eq!(solved("4^x = 1/16").0, "x = -2");
    assert_eq!(solved("5 * 2^x = 40").0, "x = 3");
    assert_eq!(solved("2^x = -4").0, "no solution");
}

#[test]
fn other_exponentials_are_solved_with_logarithms_exactly_and_rounded() {
    assert_eq!(solved("e^(2x) = 5").0, "x = ln(5)/2 ≈ 0.805");
    assert_eq!(solved("3^(2x - 1) = 7").0, "x = (log_3(7) + 1)/2 ≈ 1.386");
}

#[test]
fn a_logarithm_is_rewritten_as_a_power() {
    assert_eq!(solved("Solve log_2(x) = 5").0, "x = 32");
    assert_eq!(solved("log(2x) = 3").0, "x = 500");
    assert_eq!(solved("ln(x + 1) = 2").0, "x = e^2 - 1 ≈ 6.389");
    assert_eq!(solved("log_3(2x - 1) = 2").0, "x = 5");
}

#[test]
fn a_zero_over_zero_limit_is_factored_cancelled_and_substituted() {
    let (answer, rules) = solved("Find lim_(x->2) (x^2 - 4)/(x - 2)");
    assert_eq!(answer, "4");
    assert_eq!(
        rules[..3],
        [
            "Factor: substituting x = 2 gives 0/0",
            "Cancel the common factor (x - 2)",
            "Substitute x = 2"
        ]
    );
    assert_eq!(solved("lim x->-1 (x^2 + 3x + 2)/(x + 1)").0, "1");
    assert_eq!(solved("lim x->0 (3x^2 - 6x)/(x^2 - 2x)").0, "3");
    // A fractional point is factored out as a whole-number factor.
    let (answer, rules) = solved("lim_(x->1/2) (2x^2 + x - 1)/(2x - 1)");
    assert_eq!(answer, "3/2");
    assert!(
        rules.contains(&"Cancel the common factor (2x - 1)".to_string()),
        "{rules:?}"
    );
    assert_eq!(
        solve("Find lim_(x->2) (x^2 - 4)/(x - 2)").unwrap().kind,
        ProblemKind::Limit {
            variable: "x".into()
        }
    );
}

#[test]
fn a_limit_where_the_function_is_defined_is_its_value() {
    let (answer, rules) = solved("lim_(x->3) (x^2 + 1)/(x + 3)");
    assert_eq!(answer, "5/3");
    assert_eq!(rules[0], "Substitute x = 3");
}

#[test]
fn a_number_over_zero_goes_to_infinity_or_has_no_limit() {
    assert_eq!(solved("lim x->0 1/x").0, "does not exist");
    assert_eq!(solved("lim x->0+ 1/x").0, "inf");
    assert_eq!(solved("lim x->0- 1/x").0, "-inf");
    assert_eq!(solved("lim x->0 1/x^2").0, "inf");
    assert_eq!(solved("lim x->1 (x^3 - 1)/(x - 1)^2").0, "does not exist");
}

#[test]
fn limits_at_infinity_divide_by_the_highest_power_of_the_denominator() {
    let (answer, rules) = solved("lim_(x->inf) (3x^2 + 1)/(x^2)");
    assert_eq!(answer, "3");
    assert_eq!(rules[0], "Divide every term by x^2");
    assert_eq!(solved("lim x->inf (x + 1)/(x^2 - 4)").0, "0");
    assert_eq!(solved("lim_(x->-inf) (2x^3 - x)/(x^2 + 5)").0, "-inf");
    assert_eq!(solved("lim_(x->-inf) (x^2 - x)/(3x + 1)").0, "-inf");
    assert_eq!(solved("lim x->inf x^3 - 2x").0, "inf");
}

#[test]
fn limits_of_other_functions_are_left_to_a_language_model() {
    for problem in ["lim x->0 sin(x)/x", "lim x->0 (sqrt(x + 1) - 1)/x"] {
        let error = solve(problem).unwrap_err().to_string();
        assert!(
            error.contains("needs a language model"),
            "{problem}: {error}"
        );
    }
}

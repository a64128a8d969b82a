//! The checker catches planted mistakes and accepts correct alternative forms.

use lectern_solver::{CheckMethod, CheckStatus, CheckTarget, Step, check_steps, first_failure};

use crate::{failure_reason, step};

fn final_answer_status(problem: &str, answer: &str) -> CheckStatus {
    check_steps(problem, &[], answer).remove(0).status
}

fn step_status(problem: &str, before: &str, after: &str) -> CheckStatus {
    check_steps(problem, &[step(before, after)], "")
        .remove(0)
        .status
}

fn is_checked(status: &CheckStatus) -> bool {
    matches!(status, CheckStatus::Checked { .. })
}

fn is_failed(status: &CheckStatus) -> bool {
    matches!(status, CheckStatus::Failed { .. })
}

#[test]
fn a_correct_solution_is_checked_step_by_step_and_the_answer_last() {
    let steps = [
        step("3(x - 1) = 2x + 4", "3x - 3 = 2x + 4"),
        step("3x - 3 = 2x + 4", "x - 3 = 4"),
        step("x - 3 = 4", "x = 7"),
    ];
    let checks = check_steps("3(x-1) = 2x + 4", &steps, "x = 7");
    assert_eq!(checks.len(), 4);
    assert_eq!(checks[3].target, CheckTarget::FinalAnswer);
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
    assert!(first_failure(&checks).is_none());
}

#[test]
fn an_equation_step_is_equivalent_when_both_sides_change_by_the_same_operation() {
    assert!(is_checked(&step_status(
        "2x + 3 = 11",
        "2x + 3 = 11",
        "2x = 8"
    )));
    assert!(is_checked(&step_status("2x + 3 = 11", "2x = 8", "x = 8/2")));
    assert!(is_checked(&step_status(
        "2x + 3 = 11",
        "2x + 3 = 11",
        "4x + 6 = 22"
    )));
}

#[test]
fn a_sign_error_in_an_expansion_is_caught_with_the_difference() {
    let status = step_status("3(x-1) = 2x + 4", "3(x - 1)", "3x + 3");
    let CheckStatus::Failed { reason } = status else {
        panic!("expected a failure, got {status:?}");
    };
    assert!(reason.contains("-6"), "{reason}");
    assert!(is_failed(&step_status(
        "3(x-1) = 2x + 4",
        "3(x - 1) = 2x + 4",
        "3x + 3 = 2x + 4"
    )));
}

#[test]
fn a_sign_error_when_moving_a_term_is_caught() {
    let checks = check_steps("2x + 3 = 11", &[step("2x + 3 = 11", "2x = 14")], "x = 7");
    let reason = failure_reason(&checks[0]);
    assert!(
        reason.contains("x = 4") && reason.contains("x = 7"),
        "{reason}"
    );
    assert!(first_failure(&checks).is_some_and(|c| c.target == CheckTarget::Step(0)));
}

#[test]
fn a_dropped_term_is_caught() {
    assert!(is_failed(&step_status(
        "x^2 - 5x + 6 = 0",
        "x^2 - 5x + 6 = 0",
        "x^2 + 6 = 0"
    )));
    assert!(is_failed(&step_status(
        "d/dx (x^3 + 2x)",
        "d/dx(x^3 + 2x)",
        "3x^2"
    )));
    assert!(is_failed(&step_status(
        "integrate 3x^2 + 2x dx",
        "∫ (3x^2 + 2x) dx",
        "x^3 + C"
    )));
    assert!(is_failed(&step_status(
        "2x + 3y = 7; x - y = 1",
        "2x + 3y = 7; x - y = 1",
        "2x = 7; x - y = 1"
    )));
}

#[test]
fn a_wrong_root_in_the_final_answer_is_caught_by_substitution() {
    let status = final_answer_status("x^2 - 5x + 6 = 0", "x = 2, x = 4");
    let CheckStatus::Failed { reason } = status else {
        panic!("expected a failure, got {status:?}");
    };
    assert!(reason.contains("x = 4 does not satisfy"), "{reason}");
}

#[test]
fn a_missing_root_in_the_final_answer_is_caught() {
    let status = final_answer_status("x^2 - 5x + 6 = 0", "x = 2");
    let CheckStatus::Failed { reason } = status else {
        panic!("expected a failure, got {status:?}");
    };
    assert!(reason.contains("missing"), "{reason}");
    assert!(is_failed(&final_answer_status("x^2 = 2", "x = sqrt(2)")));
}

#[test]
fn a_step_that_keeps_only_one_factor_loses_a_root() {
    assert!(is_failed(&step_status(
        "x^2 - 5x + 6 = 0",
        "(x - 2)(x - 3) = 0",
        "x - 2 = 0"
    )));
    assert!(is_checked(&step_status(
        "x^2 - 5x + 6 = 0",
        "(x - 2)(x - 3) = 0",
        "x - 2 = 0 or x - 3 = 0"
    )));
}

#[test]
fn claiming_no_real_solutions_for_an_equation_with_roots_is_caught() {
    assert!(is_failed(&final_answer_status(
        "x^2 - 2x - 1 = 0",
        "no real solutions"
    )));
    assert!(is_checked(&final_answer_status(
        "x^2 + 1 = 0",
        "no real solutions"
    )));
}

#[test]
fn a_wrong_or_incomplete_system_answer_is_caught() {
    let problem = "2x + 3y = 7; x - y = 1";
    let wrong = final_answer_status(problem, "x = 1, y = 2");
    assert!(
        matches!(&wrong, CheckStatus::Failed { reason } if reason.contains("does not satisfy")),
        "{wrong:?}"
    );
    let incomplete = final_answer_status(problem, "x = 2");
    assert!(
        matches!(&incomplete, CheckStatus::Failed { reason } if reason.contains("no value for y")),
        "{incomplete:?}"
    );
    assert!(is_failed(&final_answer_status(
        "x + y = 2; 2x + 2y = 4",
        "x = 1, y = 1"
    )));
    assert!(is_failed(&final_answer_status(
        "x + y = 2; 2x + 2y = 5",
        "infinitely many solutions"
    )));
}

#[test]
fn an_indefinite_integral_without_its_constant_is_caught() {
    let status = final_answer_status("integrate 3x^2 + 2x dx", "x^3 + x^2");
    assert!(
        matches!(&status, CheckStatus::Failed { reason } if reason.contains("+ C")),
        "{status:?}"
    );
}

#[test]
fn the_wrong_order_of_operations_is_caught() {
    assert!(is_failed(&final_answer_status("1/2 + 3/4 * 2", "5/4")));
    assert!(is_failed(&step_status(
        "1/2 + 3/4 * 2",
        "1/2 + 3/4 * 2",
        "5/4 * 2"
    )));
}

#[test]
fn a_product_rule_mistake_is_caught() {
    let problem = "derivative of (x^2+1)(x-3)";
    assert!(is_failed(&step_status(
        problem,
        "d/dx[(x^2 + 1)(x - 3)]",
        "2x * 1"
    )));
    assert!(is_checked(&step_status(
        problem,
        "d/dx[(x^2 + 1)(x - 3)]",
        "2x(x - 3) + (x^2 + 1)(1)"
    )));
    assert!(is_failed(&final_answer_status(problem, "3x^2 - 6x - 1")));
}

#[test]
fn a_wrong_final_answer_fails_even_when_every_step_is_right() {
    let steps = [step("2x + 3 = 11", "2x = 8")];
    let checks = check_steps("2x + 3 = 11", &steps, "x = 5");
    assert!(checks[0].is_checked());
    assert!(failure_reason(&checks[1]).contains("x = 5 does not satisfy 2x + 3 = 11"));
}

#[test]
fn equal_fractions_written_differently_are_accepted() {
    assert!(is_checked(&final_answer_status("4x = 2", "x = 2/4")));
    assert!(is_checked(&final_answer_status("4x = 2", "x = 1/2")));
    assert!(is_checked(&final_answer_status("4x = 2", "x = 0.5")));
    assert!(is_checked(&final_answer_status("2x + 3 = 11", "4")));
}

#[test]
fn every_way_of_listing_two_roots_is_accepted() {
    for answer in [
        "x = 2 or x = 3",
        "x=2, x=3",
        "{2, 3}",
        "x = 3, x = 2",
        "2, 3",
        "x = 2 and x = 3",
        "x = 2 and x = 3 are the solutions",
    ] {
        let status = final_answer_status("x^2 - 5x + 6 = 0", answer);
        if answer.contains("are the solutions") {
            // Prose around the answer is not read.
            assert!(!is_checked(&status), "{answer}: {status:?}");
        } else {
            assert!(is_checked(&status), "{answer}: {status:?}");
        }
    }
}

#[test]
fn irrational_roots_are_accepted_in_any_equivalent_form() {
    for answer in [
        "x = 1 ± sqrt(2)",
        "x = 1 + sqrt(2), x = 1 - sqrt(2)",
        "x = (2 + sqrt(8))/2 or x = (2 - sqrt(8))/2",
        "x = 1 +- √2",
    ] {
        let status = final_answer_status("x^2 - 2x - 1 = 0", answer);
        assert_eq!(
            status,
            CheckStatus::Checked {
                method: CheckMethod::Numeric
            },
            "{answer}"
        );
    }
}

#[test]
fn expanded_and_factored_forms_are_the_same_expression() {
    assert!(is_checked(&step_status(
        "x^2 - 5x + 6 = 0",
        "(x - 2)(x - 3)",
        "x^2 - 5x + 6"
    )));
    assert!(is_checked(&step_status(
        "x^2 - 5x + 6 = 0",
        "x^2 - 5x + 6 = 0",
        "(x - 3)(x - 2) = 0"
    )));
    assert!(is_checked(&final_answer_status(
        "derivative of (x^2+1)(x-3)",
        "(x^2+1)(1) + 2x(x - 3)"
    )));
}

#[test]
fn a_system_answer_may_be_a_point_or_in_any_order() {
    for answer in ["(2, 1)", "x = 2 and y = 1", "y = 1, x = 2", "x = 2; y = 1"] {
        assert!(
            is_checked(&final_answer_status("2x + 3y = 7; x - y = 1", answer)),
            "{answer}"
        );
    }
}

#[test]
fn a_system_step_may_state_an_equation_that_follows_from_the_system() {
    let problem = "2x + 3y = 7; x - y = 1";
    assert!(is_checked(&step_status(
        problem,
        "2x + 3y = 7",
        "2(y + 1) + 3y = 7"
    )));
    assert!(is_checked(&step_status(
        problem,
        "2x + 3y = 7; 2x - 2y = 2",
        "5y = 5"
    )));
    assert!(is_failed(&step_status(
        problem,
        "2x + 3y = 7; 2x - 2y = 2",
        "5y = 9"
    )));
}

#[test]
fn calculus_answers_may_carry_a_label_and_another_constant_name() {
    assert!(is_checked(&final_answer_status(
        "d/dx (x^3 + 2x)",
        "f'(x) = 3x^2 + 2"
    )));
    assert!(is_checked(&final_answer_status(
        "d/dx (x^3 + 2x)",
        "dy/dx = 2 + 3x^2"
    )));
    assert!(is_checked(&final_answer_status(
        "integrate 3x^2 + 2x dx",
        "x^2 + x^3 + K"
    )));
    assert!(is_checked(&step_status(
        "d/dx (x^3 + 2x)",
        "d/dx(x^3 + 2x)",
        "d/dx(x^3) + d/dx(2x) = 3x^2 + 2"
    )));
}

#[test]
fn a_rounded_decimal_answer_is_accepted_to_the_places_it_gives() {
    assert!(is_checked(&final_answer_status("1/3 + 1/3", "0.67")));
    assert!(is_checked(&final_answer_status("1/3 + 1/3", "2/3 ≈ 0.667")));
    assert!(is_failed(&final_answer_status("1/3 + 1/3", "0.6")));
}

#[test]
fn steps_that_are_not_mathematics_are_unchecked_not_failed() {
    let checks = check_steps("2x + 3 = 11", &[step("", "We want x on its own")], "x = 4");
    assert!(
        matches!(checks[0].status, CheckStatus::Unchecked { .. }),
        "{checks:?}"
    );
    let prose = check_steps(
        "Why do leaves change colour?",
        &[step("a", "b")],
        "chlorophyll",
    );
    assert!(
        prose
            .iter()
            .all(|c| matches!(c.status, CheckStatus::Unchecked { .. })),
        "{prose:?}"
    );
}

#[test]
fn an_empty_before_is_read_as_the_problem_itself() {
    assert!(is_checked(&step_status("2x + 3 = 11", "", "2x = 8")));
}

#[test]
fn steps_and_checks_travel_as_json() {
    let steps: Vec<Step> = serde_json::from_str(
        r#"[{"before": "2x + 3 = 11", "after": "2x = 8", "rule": "Subtract 3 from both sides"}]"#,
    )
    .expect("steps without narration parse");
    assert_eq!(steps[0].narration, "");
    let checks = check_steps("2x + 3 = 11", &steps, "x = 5");
    let json = serde_json::to_value(&checks).expect("serialises");
    assert_eq!(json[0]["target"], serde_json::json!({"step": 0}));
    assert_eq!(json[0]["status"], "checked");
    assert_eq!(json[0]["method"], "exact");
    assert_eq!(json[1]["target"], "final_answer");
    assert_eq!(json[1]["status"], "failed");
    assert!(
        json[1]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("x = 5"))
    );
}

#[test]
fn a_calculus_step_may_apply_the_problem_operation_to_a_plain_expression() {
    assert!(is_checked(&step_status(
        "d/dx (x^3 + 2x)",
        "x^3 + 2x",
        "3x^2 + 2"
    )));
    assert!(is_failed(&step_status(
        "d/dx (x^3 + 2x)",
        "x^3 + 2x",
        "3x^2 + 2x"
    )));
    assert!(is_checked(&step_status(
        "integrate 3x^2 + 2x dx",
        "3x^2 + 2x",
        "x^3 + x^2 + C"
    )));
    assert!(is_failed(&step_status(
        "integrate 3x^2 + 2x dx",
        "3x^2 + 2x",
        "x^3 + 2x^2 + C"
    )));
}

#[test]
fn replacing_letters_by_their_values_is_unchecked_but_the_arithmetic_after_it_is_checked() {
    let problem = "x^2 - 5x + 6 = 0";
    let status = step_status(problem, "b^2 - 4ac", "(-5)^2 - 4(1)(6)");
    assert!(
        matches!(status, CheckStatus::Unchecked { .. }),
        "{status:?}"
    );
    assert!(is_checked(&step_status(problem, "(-5)^2 - 4(1)(6)", "1")));
    assert!(is_failed(&step_status(problem, "(-5)^2 - 4(1)(6)", "49")));
}

#[test]
fn a_quadratic_formula_written_the_way_a_model_writes_it_is_checked() {
    let problem = "x^2 - 5x + 6 = 0";
    let steps = [
        step("x^2 - 5x + 6 = 0", "x = [5 ± √(25 - 24)] / 2"),
        step("x = [5 ± √(25 - 24)] / 2", "x = (5 ± 1)/2"),
        step("x = (5 ± 1)/2", "x = 3 or x = 2"),
    ];
    let checks = check_steps(problem, &steps, "x = 2, 3");
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
    assert!(is_failed(&step_status(
        problem,
        "x^2 - 5x + 6 = 0",
        "x = [-5 ± √(25 - 24)] / 2"
    )));
}

#[test]
fn a_line_may_continue_the_previous_one_with_an_equals_sign() {
    assert!(is_checked(&step_status(
        "1/2 + 3/4 * 2",
        "1/2 + 3/2",
        "= 2"
    )));
}

#[test]
fn the_calculations_in_a_word_problem_are_still_checked() {
    let problem = "Sam has 3 bags of 4 apples and eats 2. How many apples are left?";
    let steps = [
        step("3 * 4", "12"),
        step("12 - 2", "= 10"),
        step("3 * 4 - 2", "11"),
    ];
    let checks = check_steps(problem, &steps, "10 apples");
    assert!(
        checks[0].is_checked() && checks[1].is_checked(),
        "{checks:?}"
    );
    assert!(checks[2].is_failed(), "{checks:?}");
    assert!(
        matches!(checks[3].status, CheckStatus::Unchecked { .. }),
        "{checks:?}"
    );
}

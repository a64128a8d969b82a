//! Inequalities in one unknown: steps keep the solution set, tried at the boundary points and
//! at a test point inside each interval between them; answers in inequality or interval form.

use lectern_solver::{CheckStatus, ProblemKind, SolveError, check_steps, classify, solve};

use crate::{failure_reason, step};

fn answer(problem: &str, answer: &str) -> CheckStatus {
    check_steps(problem, &[], answer).remove(0).status
}

#[test]
fn a_linear_inequality_solved_step_by_step_is_checked() {
    let steps = [step("2x + 3 < 11", "2x < 8"), step("2x < 8", "x < 4")];
    let checks = check_steps("Solve 2x + 3 < 11", &steps, "x < 4");
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
}

#[test]
fn dividing_by_a_negative_number_flips_the_sign() {
    let steps = [
        step("-3x + 1 >= 7", "-3x >= 6"),
        step("-3x >= 6", "x <= -2"),
    ];
    let checks = check_steps("-3x + 1 >= 7", &steps, "(-inf, -2]");
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
}

#[test]
fn a_flipped_inequality_sign_forgotten_fails_with_a_reason() {
    let checks = check_steps("-3x + 1 >= 7", &[step("-3x >= 6", "x >= -2")], "x >= -2");
    let reason = failure_reason(&checks[0]);
    assert!(reason.contains("satisfies"), "{reason}");
    assert!(checks[1].is_failed(), "{checks:?}");
}

#[test]
fn a_quadratic_inequality_and_its_answer_forms_are_checked() {
    let problem = "x^2 - 5x + 6 < 0";
    let steps = [
        step(problem, "(x - 2)(x - 3) < 0"),
        step("(x - 2)(x - 3) < 0", "2 < x < 3"),
    ];
    let checks = check_steps(problem, &steps, "2 < x < 3");
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
    for form in ["(2, 3)", "x ∈ (2, 3)", "x > 2 and x < 3"] {
        assert!(
            matches!(answer(problem, form), CheckStatus::Checked { .. }),
            "{form}"
        );
    }
    let outside = "x^2 - 5x + 6 >= 0";
    for form in [
        "x <= 2 or x >= 3",
        "(-∞, 2] ∪ [3, ∞)",
        "(-inf, 2] U [3, inf)",
    ] {
        assert!(
            matches!(answer(outside, form), CheckStatus::Checked { .. }),
            "{form}"
        );
    }
}

#[test]
fn a_wrong_interval_or_a_wrong_endpoint_fails() {
    let problem = "x^2 - 5x + 6 < 0";
    let status = answer(problem, "x < 2 or x > 3");
    let CheckStatus::Failed { reason } = status else {
        panic!("expected a failure, got {status:?}");
    };
    assert!(reason.contains("x = 0 (below 2)"), "{reason}");
    assert!(matches!(
        answer(problem, "[2, 3]"),
        CheckStatus::Failed { .. }
    ));
}

#[test]
fn all_real_numbers_and_no_solution_are_answers() {
    assert!(matches!(
        answer("x^2 + 1 > 0", "all real numbers"),
        CheckStatus::Checked { .. }
    ));
    assert!(matches!(
        answer("x^2 + 1 < 0", "no solution"),
        CheckStatus::Checked { .. }
    ));
    assert!(matches!(
        answer("x^2 + 1 < 0", "all real numbers"),
        CheckStatus::Failed { .. }
    ));
}

#[test]
fn a_rational_inequality_leaves_out_the_pole() {
    let problem = "(x - 1)/(x + 2) >= 0";
    assert!(matches!(
        answer(problem, "x < -2 or x >= 1"),
        CheckStatus::Checked { .. }
    ));
    assert!(matches!(
        answer(problem, "x <= -2 or x >= 1"),
        CheckStatus::Failed { .. }
    ));
}

#[test]
fn prose_in_an_inequality_solution_is_unchecked() {
    let checks = check_steps(
        "2x + 3 < 11",
        &[step("2x + 3 < 11", "Subtract three from both sides")],
        "x < 4",
    );
    assert!(
        matches!(checks[0].status, CheckStatus::Unchecked { .. }),
        "{checks:?}"
    );
    assert!(checks[1].is_checked());
}

#[test]
fn polynomial_inequalities_are_solved_by_a_sign_chart_and_irrational_zeros_left_to_a_model() {
    let kind = classify("Solve x^2 - 5x + 6 < 0");
    assert_eq!(
        kind,
        ProblemKind::Inequality {
            variable: "x".into()
        }
    );
    assert!(!kind.is_offline_solvable());
    let solution = solve("x^2 - 5x + 6 < 0").unwrap();
    assert_eq!(solution.final_answer, "2 < x < 3");
    assert_eq!(solution.steps[0].after, "(x - 2)(x - 3) < 0");
    assert!(matches!(
        solve("x^2 - 2 < 0"),
        Err(SolveError::NeedsLanguageModel { .. })
    ));
    assert_eq!(kind.name(), "inequality");
}

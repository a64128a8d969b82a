//! Exponential equations: steps compare solution sets found numerically (roots of one side
//! minus the other), and the answer must give every root.

use lectern_solver::{CheckStatus, ProblemKind, check_steps, classify};

use crate::step;

#[test]
fn writing_both_sides_as_powers_of_two_is_checked() {
    let problem = "2^(x+1) = 16";
    let steps = [
        step(problem, "2^(x+1) = 2^4"),
        step("2^(x+1) = 2^4", "x + 1 = 4"),
        step("x + 1 = 4", "x = 3"),
    ];
    let checks = check_steps(problem, &steps, "x = 3");
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
    assert_eq!(
        classify(problem),
        ProblemKind::ExponentialEquation {
            variable: "x".into()
        }
    );
}

#[test]
fn taking_logarithms_of_an_exponential_is_checked() {
    let steps = [
        step("e^(2x) = 5", "2x = ln(5)"),
        step("2x = ln(5)", "x = ln(5)/2"),
    ];
    let checks = check_steps("e^(2x) = 5", &steps, "x = ln(5)/2 ≈ 0.805");
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
    assert!(check_steps("3^x = 81", &[], "x = 4")[0].is_checked());
}

#[test]
fn a_wrong_exponent_step_and_a_wrong_answer_fail() {
    let checks = check_steps(
        "2^(x+1) = 16",
        &[step("2^(x+1) = 2^4", "x + 1 = 8")],
        "x = 7",
    );
    assert!(checks[0].is_failed(), "{checks:?}");
    let CheckStatus::Failed { reason } = &checks[1].status else {
        panic!("expected a failure: {checks:?}");
    };
    assert!(reason.contains("x = 7"), "{reason}");
}

#[test]
fn a_missing_root_fails() {
    // 4^x - 5 * 2^x + 4 = 0 has x = 0 and x = 2.
    let checks = check_steps("4^x - 5 * 2^x + 4 = 0", &[], "x = 2");
    assert!(checks[0].is_failed(), "{checks:?}");
    assert!(check_steps("4^x - 5 * 2^x + 4 = 0", &[], "x = 0, x = 2")[0].is_checked());
}

#[test]
fn prose_steps_are_unchecked() {
    let checks = check_steps(
        "3^x = 81",
        &[step("3^x = 81", "Write 81 as a power of three")],
        "x = 4",
    );
    assert!(matches!(checks[0].status, CheckStatus::Unchecked { .. }));
    assert!(checks[1].is_checked());
}

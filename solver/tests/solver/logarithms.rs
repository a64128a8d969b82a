//! Logarithmic equations: a step may bring in a root where the logarithms are undefined
//! (combining logs), but the final answer must leave it out.

use lectern_solver::{CheckStatus, ProblemKind, check_steps, classify, parse_expression};

use crate::{failure_reason, step};

const PROBLEM: &str = "log(x) + log(x - 3) = 1";

fn solution() -> Vec<lectern_solver::Step> {
    vec![
        step(PROBLEM, "log(x(x - 3)) = 1"),
        step("log(x(x - 3)) = 1", "x(x - 3) = 10"),
        step("x(x - 3) = 10", "x^2 - 3x - 10 = 0"),
        step("x^2 - 3x - 10 = 0", "(x - 5)(x + 2) = 0"),
        step("(x - 5)(x + 2) = 0", "x = 5 or x = -2"),
    ]
}

#[test]
fn combining_logarithms_and_rejecting_the_extraneous_root_is_checked() {
    let checks = check_steps(PROBLEM, &solution(), "x = 5");
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
    assert_eq!(
        classify(PROBLEM),
        ProblemKind::LogarithmicEquation {
            variable: "x".into()
        }
    );
}

#[test]
fn an_extraneous_root_kept_in_the_final_answer_fails() {
    let checks = check_steps(PROBLEM, &solution(), "x = 5 or x = -2");
    let reason = failure_reason(checks.last().unwrap());
    assert!(reason.contains("x = -2"), "{reason}");
    assert!(reason.contains("undefined"), "{reason}");
}

#[test]
fn a_wrong_step_that_loses_the_root_fails() {
    let checks = check_steps(
        PROBLEM,
        &[step("log(x(x - 3)) = 1", "x(x - 3) = 1")],
        "x = 5",
    );
    assert!(checks[0].is_failed(), "{checks:?}");
}

#[test]
fn natural_and_other_bases_are_read() {
    assert!(check_steps("ln(x) = 2", &[], "x = e^2")[0].is_checked());
    for problem in ["log_2(x) = 5", "log2(x) = 5", "log_{2}(x) = 5"] {
        let checks = check_steps(problem, &[step(problem, "x = 2^5")], "x = 32");
        assert!(
            checks.iter().all(|c| c.is_checked()),
            "{problem}: {checks:?}"
        );
        assert!(matches!(
            check_steps(problem, &[], "x = 10")[0].status,
            CheckStatus::Failed { .. }
        ));
    }
    assert_eq!(
        parse_expression("log_2(8)").unwrap().to_string(),
        "ln(8)/ln(2)"
    );
}

#[test]
fn prose_steps_are_unchecked() {
    let checks = check_steps(
        "ln(x) = 2",
        &[step("ln(x) = 2", "Exponentiate both sides")],
        "x = e^2",
    );
    assert!(matches!(checks[0].status, CheckStatus::Unchecked { .. }));
}

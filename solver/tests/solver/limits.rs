//! Limits: rewriting steps are equal away from the limit point; evaluating steps and the final
//! answer are checked by approaching the point from each side (or going far out for infinity).

use lectern_solver::{CheckStatus, ProblemKind, check_steps, classify};

use crate::{failure_reason, step};

fn answer(problem: &str, answer: &str) -> CheckStatus {
    check_steps(problem, &[], answer).remove(0).status
}

fn checked(status: &CheckStatus) -> bool {
    matches!(status, CheckStatus::Checked { .. })
}

#[test]
fn cancelling_a_common_factor_then_substituting_is_checked() {
    let problem = "lim_(x->2) (x^2 - 4)/(x - 2)";
    let steps = [
        step(problem, "lim_(x->2) ((x - 2)(x + 2))/(x - 2)"),
        step("lim_(x->2) ((x - 2)(x + 2))/(x - 2)", "lim_(x->2) (x + 2)"),
        step("lim_(x->2) (x + 2)", "2 + 2"),
        step("2 + 2", "4"),
    ];
    let checks = check_steps(problem, &steps, "4");
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
}

#[test]
fn the_usual_spellings_of_a_limit_are_read() {
    for problem in [
        "lim_(x->2) (x^2 - 4)/(x - 2)",
        "lim x->2 (x^2 - 4)/(x - 2)",
        "lim_{x \\to 2} (x^2 - 4)/(x - 2)",
        "lim(x→2) (x^2 - 4)/(x - 2)",
        "Find the limit as x approaches 2 of (x^2 - 4)/(x - 2)",
    ] {
        assert_eq!(
            classify(problem),
            ProblemKind::Limit {
                variable: "x".into()
            },
            "{problem}"
        );
        assert!(checked(&answer(problem, "4")), "{problem}");
        assert!(!classify(problem).is_offline_solvable());
    }
}

#[test]
fn a_wrong_value_of_the_limit_fails_with_what_the_values_approach() {
    let status = answer("lim_(x->2) (x^2 - 4)/(x - 2)", "5");
    let CheckStatus::Failed { reason } = status else {
        panic!("expected a failure, got {status:?}");
    };
    assert!(reason.contains("approach 4"), "{reason}");
}

#[test]
fn a_wrong_evaluation_step_fails() {
    let checks = check_steps(
        "lim_(x->2) (x^2 - 4)/(x - 2)",
        &[step("lim_(x->2) (x + 2)", "3")],
        "4",
    );
    assert!(checks[0].is_failed(), "{checks:?}");
}

#[test]
fn limits_known_from_both_sides_numerically_are_checked() {
    assert!(checked(&answer("lim x->0 sin(x)/x", "1")));
    assert!(checked(&answer("lim x->0 (1 - cos(x))/x^2", "1/2")));
    assert!(checked(&answer("lim_(x->inf) (3x^2 + 1)/(x^2)", "3")));
    assert!(checked(&answer("lim x->0+ ln(x)", "-inf")));
    assert!(checked(&answer("lim x->0 1/x^2", "inf")));
    assert!(checked(&answer("lim x->0 1/x", "does not exist")));
}

#[test]
fn l_hopitals_rule_keeps_the_limit_and_is_checked() {
    let checks = check_steps(
        "lim x->0 sin(x)/x",
        &[
            step("lim x->0 sin(x)/x", "lim x->0 cos(x)/1"),
            step("cos(x)", "1"),
        ],
        "1",
    );
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
}

#[test]
fn a_one_sided_limit_taken_for_the_limit_fails() {
    let reason = failure_reason(&check_steps("lim x->0 1/x", &[], "inf")[0]).to_string();
    assert!(reason.contains("from the left"), "{reason}");
    assert!(matches!(
        answer("lim(x→0) |x|/x", "1"),
        CheckStatus::Failed { .. }
    ));
    assert!(checked(&answer("lim(x→0^+) |x|/x", "1")));
}

#[test]
fn an_infinite_limit_is_not_a_number_and_a_finite_one_not_infinite() {
    assert!(matches!(
        answer("lim_(x->inf) (3x^2 + 1)/(x^2)", "inf"),
        CheckStatus::Failed { .. }
    ));
    assert!(matches!(
        answer("lim x->0 1/x^2", "100000"),
        CheckStatus::Failed { .. }
    ));
}

#[test]
fn prose_and_values_that_do_not_settle_are_unchecked() {
    let checks = check_steps(
        "lim x->0 sin(1/x)",
        &[step("lim x->0 sin(1/x)", "The sine keeps oscillating")],
        "0",
    );
    assert!(
        checks
            .iter()
            .all(|c| matches!(c.status, CheckStatus::Unchecked { .. })),
        "{checks:?}"
    );
}

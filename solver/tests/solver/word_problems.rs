//! Problems in words: calculations with units are checked (the units must agree), prose is
//! unchecked, and the final answer must be the value of the last checked calculation.

use lectern_solver::{CheckStatus, ProblemKind, SolveError, check_steps, classify, solve};

use crate::{failure_reason, step};

const TRAIN: &str = "A train travels 120 km in 1.5 hours. What is its average speed?";
const SHIRT: &str = "A shirt costs $40 and is discounted 25%. What is the sale price?";

#[test]
fn a_speed_computed_with_units_is_checked() {
    let steps = [
        step("speed = distance / time", "speed = 120 km / 1.5 h"),
        step("speed = 120 km / 1.5 h", "speed = 80 km/h"),
    ];
    let checks = check_steps(TRAIN, &steps, "The average speed is 80 km/h");
    assert!(
        matches!(checks[0].status, CheckStatus::Unchecked { .. }),
        "{checks:?}"
    );
    assert!(
        checks[1].is_checked() && checks[2].is_checked(),
        "{checks:?}"
    );
}

#[test]
fn a_discount_computed_in_dollars_is_checked() {
    let steps = [step("25% of $40", "$10"), step("$40 - $10", "$30")];
    let checks = check_steps(SHIRT, &steps, "$30");
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
}

#[test]
fn converted_units_are_the_same_quantity() {
    let checks = check_steps(
        TRAIN,
        &[
            step("2 h + 30 min", "2.5 h"),
            step("120 km / 1.5 h", "80000 m/h"),
        ],
        "80 km/h",
    );
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
}

#[test]
fn a_wrong_unit_computation_fails_with_the_right_value() {
    let checks = check_steps(TRAIN, &[step("120 km / 1.5 h", "90 km/h")], "90 km/h");
    let reason = failure_reason(&checks[0]);
    assert!(reason.contains("is 80"), "{reason}");
    let checks = check_steps(TRAIN, &[step("120 km / 1.5 h", "80 km")], "80 km");
    let reason = failure_reason(&checks[0]);
    assert!(reason.contains("units do not match"), "{reason}");
}

#[test]
fn a_final_answer_that_is_not_the_last_calculation_fails() {
    let steps = [step("$40 × 25%", "$10"), step("$40 - $10", "$30")];
    let checks = check_steps(SHIRT, &steps, "$35");
    let reason = failure_reason(&checks[2]);
    assert!(reason.contains("$30"), "{reason}");
}

#[test]
fn everyday_word_problems_are_solved_offline_and_the_others_written_by_a_model() {
    assert_eq!(classify(TRAIN), ProblemKind::WordProblem);
    assert_eq!(classify(SHIRT), ProblemKind::WordProblem);
    assert!(!classify(TRAIN).is_offline_solvable());
    assert_eq!(solve(TRAIN).unwrap().final_answer, "80 km/h");
    assert_eq!(solve(SHIRT).unwrap().final_answer, "$30");
    assert!(matches!(
        solve("A farmer has 17 sheep and all but 9 run away. How many are left?"),
        Err(SolveError::NeedsLanguageModel { .. })
    ));
    assert!(matches!(
        classify("Why is the sky blue?"),
        ProblemKind::NeedsLanguageModel { .. }
    ));
}

#[test]
fn prose_steps_and_answers_without_units_are_unchecked() {
    let checks = check_steps(
        TRAIN,
        &[step(
            "Speed is distance over time",
            "Divide the distance by the time",
        )],
        "fast",
    );
    assert!(
        checks
            .iter()
            .all(|c| matches!(c.status, CheckStatus::Unchecked { .. })),
        "{checks:?}"
    );
}

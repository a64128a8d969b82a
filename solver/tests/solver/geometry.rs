//! Geometry in words: the values the problem gives are put in for the usual letters (`radius 3`
//! is `r = 3`), lengths are positive, and rounded values are checked to their places.

use lectern_solver::{CheckStatus, ProblemKind, check_steps, classify};

use crate::{failure_reason, step};

const CIRCLE: &str = "Find the area of a circle with radius 3 cm.";
const TRIANGLE: &str = "A right triangle has legs 3 and 4. Find the hypotenuse.";

#[test]
fn the_area_of_a_circle_is_checked_through_the_rounding() {
    let steps = [
        step("A = pi r^2", "A = pi (3)^2"),
        step("A = pi (3)^2", "A = 9pi"),
        step("A = 9pi", "A ≈ 28.27"),
    ];
    let checks = check_steps(CIRCLE, &steps, "A = 9π ≈ 28.27 cm²");
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
    assert_eq!(classify(CIRCLE), ProblemKind::Geometry);
    assert!(!classify(CIRCLE).is_offline_solvable());
}

#[test]
fn pythagoras_keeps_the_positive_root() {
    let steps = [
        step("c^2 = a^2 + b^2", "c^2 = 3^2 + 4^2"),
        step("c^2 = 3^2 + 4^2", "c^2 = 25"),
        step("c^2 = 25", "c = 5"),
    ];
    let checks = check_steps(TRIANGLE, &steps, "c = 5");
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
    let checks = check_steps(
        TRIANGLE,
        &[
            step("c = sqrt(3^2 + 4^2)", "c = sqrt(25)"),
            step("c = sqrt(25)", "c = 5"),
        ],
        "5",
    );
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
}

#[test]
fn a_wrong_formula_value_names_the_given_values() {
    let checks = check_steps(CIRCLE, &[step("A = pi r^2", "A = 2pi(3)")], "A = 6pi");
    let reason = failure_reason(&checks[0]);
    assert!(reason.contains("r = 3"), "{reason}");
}

#[test]
fn adding_the_legs_instead_of_their_squares_fails() {
    let checks = check_steps(
        TRIANGLE,
        &[step("c = sqrt(3^2 + 4^2)", "c = 3 + 4")],
        "c = 7",
    );
    let reason = failure_reason(&checks[0]);
    assert!(reason.contains("is 5"), "{reason}");
}

#[test]
fn a_badly_rounded_value_fails() {
    let checks = check_steps(CIRCLE, &[step("A = 9pi", "A ≈ 28.37")], "28.37");
    let reason = failure_reason(&checks[0]);
    assert!(reason.contains("28.27"), "{reason}");
}

#[test]
fn a_formula_stated_in_words_is_unchecked() {
    let checks = check_steps(
        CIRCLE,
        &[step("The area of a circle", "A = pi r^2")],
        "about 28 square centimetres",
    );
    assert!(
        checks
            .iter()
            .all(|c| matches!(c.status, CheckStatus::Unchecked { .. })),
        "{checks:?}"
    );
}

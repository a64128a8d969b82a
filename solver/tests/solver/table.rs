//! At least 40 problems with answers worked out by hand, against the offline solver; every
//! offline solution must also pass the checker, step by step.

use lectern_solver::{CheckStatus, check_steps, solve};

const PROBLEMS: &[(&str, &str)] = &[
    // Linear equations
    ("2x + 3 = 11", "x = 4"),
    ("3(x-1) = 2x + 4", "x = 7"),
    ("5x - 7 = 3x + 9", "x = 8"),
    ("x/2 + 1/3 = 5/6", "x = 1"),
    ("4 - 2x = 10", "x = -3"),
    ("7 = 3x - 2", "x = 3"),
    ("2(x + 3) - 4 = 3(x - 1)", "x = 5"),
    ("(x + 1)/3 = (x - 1)/2", "x = 5"),
    ("0.5x + 1.25 = 3", "x = 3.5"),
    ("3x + 2 = 3x + 5", "no solution"),
    ("2(x + 1) = 2x + 2", "all real numbers"),
    ("Solve for x: 6x = 4", "x = 2/3"),
    ("x^2 + x = x^2 + 3", "x = 3"),
    // Quadratic equations
    ("x^2 - 5x + 6 = 0", "x = 2, x = 3"),
    ("x^2 + 2x - 15 = 0", "x = -5, x = 3"),
    ("x^2 - 9 = 0", "x = -3, x = 3"),
    ("x^2 = 5x", "x = 0, x = 5"),
    ("2x^2 + x - 3 = 0", "x = -3/2, x = 1"),
    ("x^2 - 6x + 9 = 0", "x = 3"),
    ("x^2 - 2x - 1 = 0", "x = 1 - sqrt(2), x = 1 + sqrt(2)"),
    ("x^2 + x + 1 = 0", "no real solutions"),
    (
        "3x^2 - 5x + 1 = 0",
        "x = (5 - sqrt(13))/6, x = (5 + sqrt(13))/6",
    ),
    ("x(x - 4) = 5", "x = -1, x = 5"),
    ("x^2 = 2", "x = -sqrt(2), x = sqrt(2)"),
    ("-x^2 + 4x - 4 = 0", "x = 2"),
    ("x^2 + 4x + 1 = 0", "x = -2 - sqrt(3), x = -2 + sqrt(3)"),
    // Systems of linear equations
    ("2x + 3y = 7; x - y = 1", "x = 2, y = 1"),
    ("3x + 2y = 12, 5x - 4y = 2", "x = 26/11, y = 27/11"),
    (
        "x + y + z = 6; 2x - y + z = 3; x + 2y - z = 2",
        "x = 1, y = 2, z = 3",
    ),
    ("x + y = 2; 2x + 2y = 5", "no solution"),
    ("x + y = 2; 2x + 2y = 4", "infinitely many solutions"),
    ("y = 2x + 1; y = -x + 4", "x = 1, y = 3"),
    ("2a + b = 5; a - b = 1", "a = 2, b = 1"),
    (
        "x + 2y - z = 4; 2x + y + z = 5; 3x - y + 2z = 3",
        "x = 1, y = 2, z = 1",
    ),
    // Fractions and order of operations
    ("1/2 + 3/4 * 2", "2"),
    ("3/4 + 5/6", "19/12"),
    ("2 + 3 * 4 - 5", "9"),
    ("2^3 - 4 * (5 - 2)^2 / 6", "2"),
    ("(2/3) / (4/9)", "3/2"),
    ("What is 7/4 - 1/2?", "5/4"),
    ("0.5 + 0.25 * 2", "1"),
    ("-(2 + 3) * 4", "-20"),
    ("1 - 2/3 * (1/2 + 1/4)", "1/2"),
    // Derivatives
    ("d/dx (x^3 + 2x)", "3x^2 + 2"),
    ("derivative of (x^2+1)(x-3)", "3x^2 - 6x + 1"),
    ("differentiate 3x^4 - 2x^2 + 7x - 5", "12x^3 - 4x + 7"),
    ("d/dx (x+1)^2", "2x + 2"),
    ("find the derivative of (2x + 1)(x^2 - x)", "6x^2 - 2x - 1"),
    ("d/dt (t^3 - t)", "3t^2 - 1"),
    // Integrals
    ("integrate 3x^2 + 2x dx", "x^3 + x^2 + C"),
    ("∫ (4x^3 - 6x + 2) dx", "x^4 - 3x^2 + 2x + C"),
    ("integral of x", "x^2/2 + C"),
    ("∫ (x+1)^2 dx", "x^3/3 + x^2 + x + C"),
    ("integrate 5 dx", "5x + C"),
];

#[test]
fn the_table_has_at_least_forty_problems() {
    assert!(PROBLEMS.len() >= 40, "{} problems", PROBLEMS.len());
}

#[test]
fn the_offline_solver_gives_the_known_answer_for_every_problem_in_the_table() {
    let mut wrong = Vec::new();
    for (problem, expected) in PROBLEMS {
        match solve(problem) {
            Ok(solution) if solution.final_answer == *expected => {}
            Ok(solution) => wrong.push(format!(
                "{problem}: got {}, expected {expected}",
                solution.final_answer
            )),
            Err(e) => wrong.push(format!("{problem}: {e}")),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_offline_solution_passes_the_checker_step_by_step() {
    let mut problems_with_unchecked_steps = Vec::new();
    for (problem, _) in PROBLEMS {
        let solution = solve(problem).expect("solved offline");
        assert!(!solution.steps.is_empty(), "{problem} has no steps");
        let checks = check_steps(problem, &solution.steps, &solution.final_answer);
        assert_eq!(checks.len(), solution.steps.len() + 1);
        for check in checks {
            if !matches!(check.status, CheckStatus::Checked { .. }) {
                problems_with_unchecked_steps.push(format!("{problem}: {check:?}"));
            }
        }
    }
    assert!(
        problems_with_unchecked_steps.is_empty(),
        "{}",
        problems_with_unchecked_steps.join("\n")
    );
}

#[test]
fn every_known_answer_is_accepted_by_the_checker_as_a_final_answer() {
    for (problem, expected) in PROBLEMS {
        let checks = check_steps(problem, &[], expected);
        assert!(
            checks[0].is_checked(),
            "{problem} with {expected}: {checks:?}"
        );
    }
}

#[test]
fn every_step_names_its_rule_and_has_a_narration() {
    for (problem, _) in PROBLEMS {
        for step in solve(problem).expect("solved").steps {
            assert!(
                !step.rule.is_empty() && !step.narration.is_empty(),
                "{problem}: {step:?}"
            );
            assert_ne!(step.before, step.after, "{problem}: {step:?}");
        }
    }
}

#[test]
fn consecutive_steps_continue_from_where_the_previous_one_ended() {
    for (problem, _) in PROBLEMS {
        let steps = solve(problem).expect("solved").steps;
        for pair in steps.windows(2) {
            let continues = pair[1].before == pair[0].after
                // The discriminant is worked out beside the equation, which then continues.
                || pair[0].rule.starts_with("Compute the discriminant")
                || pair[1].rule.starts_with("Compute the discriminant");
            assert!(continues, "{problem}: {:?} then {:?}", pair[0], pair[1]);
        }
    }
}

//! Problems are classified before any credit is spent; anything the offline solver does not
//! handle is refused with a clear reason.

use lectern_solver::{ProblemKind, SolveError, classify, solve};

fn variable(v: &str) -> String {
    v.to_string()
}

#[test]
fn each_offline_kind_is_recognised() {
    assert_eq!(
        classify("Solve 2x + 3 = 11"),
        ProblemKind::LinearEquation {
            variable: variable("x")
        }
    );
    assert_eq!(
        classify("x^2 - 5x + 6 = 0"),
        ProblemKind::QuadraticEquation {
            variable: variable("x")
        }
    );
    assert_eq!(
        classify("Solve the system: 2x + 3y = 7; x - y = 1"),
        ProblemKind::LinearSystem {
            variables: vec![variable("x"), variable("y")],
            equations: 2
        }
    );
    assert_eq!(classify("1/2 + 3/4 * 2"), ProblemKind::Arithmetic);
    assert_eq!(
        classify("d/dx (x^3 + 2x)"),
        ProblemKind::Derivative {
            variable: variable("x")
        }
    );
    assert_eq!(
        classify("derivative of (x^2+1)(x-3)"),
        ProblemKind::Derivative {
            variable: variable("x")
        }
    );
    assert_eq!(
        classify("integrate 3x^2 + 2x dx"),
        ProblemKind::Integral {
            variable: variable("x")
        }
    );
    assert_eq!(
        classify("Find x: 3(x - 1) = 2x + 4"),
        ProblemKind::LinearEquation {
            variable: variable("x")
        }
    );
    assert_eq!(
        classify("Differentiate f(x) = t^2 with respect to t"),
        ProblemKind::Derivative {
            variable: variable("t")
        }
    );
}

#[test]
fn problems_outside_the_offline_kinds_need_a_language_model() {
    for problem in [
        "Why is the sky blue?",
        "x^3 - 1 = 0",
        "sin(x) = 1/2",
        "x + y = 3",
        "x^2 > 2",
        "3^x = 2^(x + 1)",
        "log(x) + log(x - 3) = 1",
        "integrate sin(x) dx",
        "d/dx sqrt(x)",
        "simplify 3(x - 1) + 2x",
        "1/x = 2",
        "sqrt(2) + 1",
        "x + y = 1; x - y = 1; x + 2y = 0; 2x - y = 5",
        "x^2 + y = 1; x - y = 1",
        "integrate sin(x) from 0 to 1",
    ] {
        let kind = classify(problem);
        assert!(!kind.is_offline_solvable(), "{problem}: {kind:?}");
        let error = solve(problem).expect_err(problem);
        assert!(
            matches!(error, SolveError::NeedsLanguageModel { .. }),
            "{problem}: {error:?}"
        );
        assert!(
            error
                .to_string()
                .starts_with("This problem needs a language model: "),
            "{error}"
        );
    }
}

#[test]
fn the_refusal_says_why() {
    let ProblemKind::NeedsLanguageModel { reason } = classify("x^3 - 1 = 0") else {
        panic!("expected a refusal");
    };
    assert!(reason.contains("degree 3"), "{reason}");
    let ProblemKind::NeedsLanguageModel { reason } = classify("x + y = 3") else {
        panic!("expected a refusal");
    };
    assert!(reason.contains("several unknowns"), "{reason}");
}

#[test]
fn dividing_by_zero_is_arithmetic_without_an_answer() {
    assert_eq!(classify("1/0 + 2"), ProblemKind::Arithmetic);
    assert!(matches!(
        solve("1/0 + 2"),
        Err(SolveError::Undefined { .. })
    ));
}

#[test]
fn the_kind_serialises_with_a_tag_for_the_job_record() {
    let json = serde_json::to_value(classify("x^2 = 4")).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"kind": "quadratic_equation", "variable": "x"})
    );
    assert_eq!(classify("x^2 = 4").name(), "quadratic_equation");
}

#[test]
fn a_solution_serialises_for_the_storyboard() {
    let solution = solve("2x + 3 = 11").unwrap();
    let json = serde_json::to_value(&solution).unwrap();
    assert_eq!(json["final_answer"], "x = 4");
    assert_eq!(json["kind"]["kind"], "linear_equation");
    assert_eq!(json["steps"][0]["before"], "2x + 3 = 11");
    assert!(json["steps"][0]["narration"].is_string());
}

#[test]
fn the_named_unknown_in_front_of_the_problem_is_not_part_of_it() {
    for problem in [
        "solve for x 2x = 6",
        "Solve for x: 2x = 6",
        "find x if 2x = 6",
        "Find x: 2x = 6",
    ] {
        assert_eq!(
            classify(problem),
            ProblemKind::LinearEquation {
                variable: variable("x")
            },
            "{problem}"
        );
        assert_eq!(solve(problem).unwrap().final_answer, "x = 3", "{problem}");
    }
}

#[test]
fn each_kind_a_model_writes_has_a_guide_without_a_worked_answer() {
    for problem in [
        "x^2 - 5x + 6 < 0",
        "2^(x + 1) = 16",
        "log(x) + log(x - 3) = 1",
        "lim_(x->2) (x^2 - 4)/(x - 2)",
        "A train travels 120 km in 1.5 hours. What is its average speed?",
        "A right triangle has legs 3 and 4. Find the hypotenuse.",
    ] {
        let kind = classify(problem);
        let guide = lectern_solver::prompt_guide(&kind);
        // A small model copies a worked example's numbers into its own answer.
        assert!(
            guide.contains("final_answer") && !guide.contains("Example:"),
            "{problem}: {kind:?}"
        );
        let json = serde_json::to_value(&kind).unwrap();
        assert_eq!(json["kind"], kind.name(), "{problem}");
    }
    assert_eq!(lectern_solver::prompt_guide(&classify("2x + 3 = 11")), "");
}

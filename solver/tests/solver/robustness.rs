//! Whatever a user or a model types, the crate answers promptly and never panics.

use std::time::{Duration, Instant};

use lectern_solver::{CheckStatus, check_steps, classify, solve};

use crate::step;

fn answers_quickly(problem: &str) {
    let started = Instant::now();
    let _ = classify(problem);
    let _ = solve(problem);
    let _ = check_steps(problem, &[step(problem, problem)], problem);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{problem} took {:?}",
        started.elapsed()
    );
}

#[test]
fn pathological_inputs_are_refused_or_answered_quickly() {
    let deep = format!("{}x{}", "(".repeat(5000), ")".repeat(5000));
    let signs = format!("{}x = 1", "-".repeat(5000));
    let long_sum = vec!["x"; 3000].join(" + ");
    for problem in [
        deep.as_str(),
        signs.as_str(),
        long_sum.as_str(),
        "1^999999999999 + 2",
        "(a + b + c + d + e + f + g + h)^40 = 0",
        "(x + 1)^40 = (x - 1)^40",
        "99999999999999999999999999999999999x^2 + 3x + 1 = 0",
        "x^2 + 123456789012345678x + 1 = 0",
        "0.0000000000000000000000000000000000000001 + 1",
        "2^2^2^2^2^2",
        "d/dx d/dx d/dx x^5",
        "∫ ∫ x dx dx",
        "sqrt(sqrt(sqrt(sqrt(x)))) = 2",
        "x = 1; y = 2; z = 3; w = 4",
        "{}",
        "()",
        "= =",
        "x ± ± 1 = 0",
    ] {
        answers_quickly(problem);
    }
}

/// SplitMix64, so the generated inputs are the same on every run.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn random_fragments_of_mathematics_never_panic() {
    const PIECES: [&str; 32] = [
        "x",
        "y",
        "2",
        "3",
        "0",
        "1/2",
        "0.5",
        "+",
        "-",
        "*",
        "/",
        "^",
        "(",
        ")",
        "=",
        ";",
        ",",
        " or ",
        " and ",
        "sqrt",
        "d/dx",
        "∫",
        "dx",
        "|",
        "±",
        "{",
        "}",
        "no solution",
        "pi",
        "e",
        " ",
        "x^2",
    ];
    let mut state = 7u64;
    for _ in 0..4000 {
        let length = 1 + (next(&mut state) % 12) as usize;
        let text: String = (0..length)
            .map(|_| PIECES[(next(&mut state) % PIECES.len() as u64) as usize])
            .collect();
        let _ = classify(&text);
        if let Ok(solution) = solve(&text) {
            let checks = check_steps(&text, &solution.steps, &solution.final_answer);
            assert!(
                checks
                    .iter()
                    .all(|c| matches!(c.status, CheckStatus::Checked { .. })),
                "{text}: {checks:?}"
            );
        }
        let _ = check_steps(
            "x^2 - 5x + 6 = 0",
            &[step("x^2 - 5x + 6 = 0", &text)],
            &text,
        );
        let _ = check_steps(
            "2x + 3y = 7; x - y = 1",
            &[step(&text, "x = 2; y = 1")],
            &text,
        );
        let _ = check_steps("d/dx (x^3 + 2x)", &[step(&text, &text)], &text);
    }
}

//! Prints the offline solution of each problem given on the command line, with its checks.
fn main() {
    for problem in std::env::args().skip(1) {
        println!("== {problem}");
        match lectern_solver::solve(&problem) {
            Ok(solution) => {
                let checks =
                    lectern_solver::check_steps(&problem, &solution.steps, &solution.final_answer);
                for (step, check) in solution.steps.iter().zip(&checks) {
                    println!(
                        "  {} -> {}  [{}] {:?}\n     {}",
                        step.before, step.after, step.rule, check.status, step.narration
                    );
                }
                println!(
                    "  answer: {}  {:?}",
                    solution.final_answer,
                    checks.last().map(|c| &c.status)
                );
            }
            Err(e) => println!("  {e}"),
        }
    }
}

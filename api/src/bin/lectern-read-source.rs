//! The source reader child on its own (`lectern-read-source read-source KIND MEMORY CPU`):
//! what the API's tests run, since a test binary cannot run itself as one; `lectern
//! read-source` is the same for a deployed server.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some(lectern_sources::isolate::SUBCOMMAND) => {
            lectern_sources::isolate::child_main(&args[2..])
        }
        _ => {
            eprintln!(
                "usage: lectern-read-source read-source KIND MEMORY_BYTES CPU_SECONDS < FILE"
            );
            std::process::exit(2)
        }
    }
}

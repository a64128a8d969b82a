//! The examples' log: the pipeline's tracing on stderr, when `RUST_LOG` asks for it.

pub fn to_stderr_when_asked() {
    if std::env::var_os("RUST_LOG").is_some() {
        tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .with_writer(std::io::stderr)
            .init();
    }
}

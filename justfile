# Lectern. `just run` starts the whole product; `just test` runs every test.
set shell := ["bash", "-euo", "pipefail", "-c"]

export CARGO_TARGET_DIR := env_var_or_default("CARGO_TARGET_DIR", env_var("HOME") / ".cache/lectern-target")

# Start Lectern on its embedded defaults at http://localhost:8765
run: setup
    cd web && npm run build
    cargo build --release -p lectern
    LECTERN_WEB_DIR="$PWD/web/dist" "$CARGO_TARGET_DIR/release/lectern" serve --workers 1

# Every test: Rust (SQLite), then with PostgreSQL and Redis when they run here (the API again,
# the worker fleet, the scale test), chart and dashboards, web unit tests, browser journeys
test: (setup "--tests")
    env -u LECTERN_TEST_DATABASE_URL -u LECTERN_TEST_REDIS_URL cargo test --workspace
    pg_url="$(scripts/services.sh)"; redis_url="$(scripts/redis.sh)"; \
    if [ -n "$pg_url" ]; then \
      echo "== API tests again on PostgreSQL; worker fleet and scale tests on PostgreSQL + Redis"; \
      LECTERN_TEST_DATABASE_URL="${LECTERN_TEST_DATABASE_URL:-$pg_url}" \
      LECTERN_TEST_REDIS_URL="${LECTERN_TEST_REDIS_URL:-$redis_url}" \
        cargo test --workspace --test api --test workers --test scale; \
    else \
      echo "== PostgreSQL is not running here: the PostgreSQL pass was skipped"; \
    fi
    bash charts/test.sh
    cd web && npm test
    # `cargo test` above built target/debug/lectern (with the same features), used here.
    cd web && LECTERN_BIN="$CARGO_TARGET_DIR/debug/lectern" npm run e2e

# Install missing system, PyPI and npm packages
setup *args:
    scripts/setup.sh {{args}}

# Speed figures (ratios from one run): pipeline, the local model's script stage, search, status
# endpoint under load, workers
bench: (setup "--bench")
    cargo run --release -p lectern-pipeline --example bench
    cargo run --release -p lectern-pipeline --example local_model_bench
    cargo run --release -p lectern-api --example search_bench
    cargo run --release -p lectern-api --example status_load
    LECTERN_BENCH_DATABASE_URL="$(scripts/services.sh)" cargo run --release -p lectern-api --example status_load
    cargo build --release -p lectern
    cargo run --release -p lectern --example throughput

# Run queue workers only (scaled deployments)
worker:
    cargo run --release -p lectern -- worker

fmt:
    cargo fmt --all
    cd web && npx prettier --write src 2>/dev/null || true

lint:
    cargo fmt --all --check
    cargo clippy --workspace --all-targets -- -D warnings
    cd web && npm run typecheck

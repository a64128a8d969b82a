# Lectern. `just run` starts the whole product; `just test` runs every test.
set shell := ["bash", "-euo", "pipefail", "-c"]

export CARGO_TARGET_DIR := env_var_or_default("CARGO_TARGET_DIR", env_var("HOME") / ".cache/lectern-target")

# Start Lectern on its embedded defaults at http://localhost:8765
run: setup
    cd web && npm run build
    cargo build --release -p lectern
    LECTERN_WEB_DIR="$PWD/web/dist" "$CARGO_TARGET_DIR/release/lectern" serve --workers 1

# Every test: Rust (SQLite, then PostgreSQL when it runs here), web unit tests, browser journeys
test: (setup "--tests")
    env -u LECTERN_TEST_DATABASE_URL cargo test --workspace
    pg_url="$(scripts/services.sh)"; \
    if [ -n "$pg_url" ]; then \
      echo "== API tests again on PostgreSQL"; \
      LECTERN_TEST_DATABASE_URL="${LECTERN_TEST_DATABASE_URL:-$pg_url}" cargo test --workspace --test api; \
    else \
      echo "== PostgreSQL is not running here: the PostgreSQL pass was skipped"; \
    fi
    cd web && npm test
    # `cargo test` above built target/debug/lectern (with the same features), used here.
    cd web && LECTERN_BIN="$CARGO_TARGET_DIR/debug/lectern" npm run e2e

# Install missing system, PyPI and npm packages
setup *args:
    scripts/setup.sh {{args}}

# Speed figures (ratios from one run)
bench:
    cargo run --release -p lectern-pipeline --example bench

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

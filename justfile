# Lectern. `just run` starts the whole product; `just test` runs every test.
set shell := ["bash", "-euo", "pipefail", "-c"]

export CARGO_TARGET_DIR := env_var_or_default("CARGO_TARGET_DIR", env_var("HOME") / ".cache/lectern-target")

# Start Lectern on its embedded defaults at http://localhost:8765. The server is built (the
# `laptop` profile, without the scaled deployment's back-ends) while the rest of the set-up
# (the voice, the local model, the web app) runs beside it.
run:
    #!/usr/bin/env bash
    set -euo pipefail
    scripts/setup.sh --debian
    cargo build --profile laptop -p lectern --no-default-features &
    build=$!
    trap 'kill $build 2>/dev/null || true' EXIT
    scripts/setup.sh
    (cd web && npm run build)
    wait $build
    trap - EXIT
    LECTERN_WEB_DIR="$PWD/web/dist" exec "$CARGO_TARGET_DIR/laptop/lectern" serve --workers 1

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
      echo "== Fault suite, short form (just chaos runs it at full size)"; \
      LECTERN_TEST_DATABASE_URL="${LECTERN_TEST_DATABASE_URL:-$pg_url}" \
        cargo test --workspace --test chaos -- --nocapture; \
    else \
      echo "== PostgreSQL is not running here: the PostgreSQL pass was skipped"; \
    fi
    bash charts/test.sh
    cd web && npm run lint && npm test
    # `cargo test` above built target/debug/lectern (with the same features), used here.
    cd web && LECTERN_BIN="$CARGO_TARGET_DIR/debug/lectern" npm run e2e

# Write the API's OpenAPI document and shared limits into web/src/types/, then generate the
# web's types from the document (a test fails while they are stale)
openapi:
    cargo run -p lectern-api --example openapi
    cd web && npm run gen:api

# Install missing system, PyPI and npm packages
setup *args:
    scripts/setup.sh {{args}}

# Record the script stage against the default local model for every corpus brief without a
# recording (`--all`: every brief again, after the model or a prompt changed)
record-corpus *args: (setup "--bench")
    cargo run -p lectern-pipeline --example record_corpus -- {{args}}

# Replay the recorded corpus offline and print its quality figures (`--notes`, `--show SLUG`,
# `--bless` to write the baseline)
quality *args:
    cargo run -p lectern-pipeline --example quality -- {{args}}

# Speed figures (ratios from one run): pipeline, the local model's script stage and its ratio to
# its floor (1-, 2- and 5-minute scripts), llama.cpp's own llama-bench on the same model, problems in words read right (the rules, then the
# model), lessons from made-up documents (facts narrated, invented, citation support and
# relevance), a 5-minute lesson's script time with and without sources, search, status
# endpoint under load, money and submissions under contention, workers
bench: (setup "--bench")
    cargo run --release -p lectern-pipeline --example bench
    cargo run --release -p lectern-pipeline --example local_model_bench
    cargo run --release -p lectern-pipeline --example reading_bench
    cargo run --release -p lectern-pipeline --example script_bench
    python3 scripts/local_model.py bench
    cargo run --release -p lectern --example sources_bench -- --ablate
    cargo run --release -p lectern --example sources_bench -- --speed
    cargo run --release -p lectern-api --example search_bench
    cargo run --release -p lectern-api --example status_load -- 20 64
    LECTERN_BENCH_DATABASE_URL="$(scripts/services.sh)" cargo run --release -p lectern-api --example status_load -- 20 64
    cargo run --release -p lectern-api --example contention
    LECTERN_BENCH_DATABASE_URL="$(scripts/services.sh)" cargo run --release -p lectern-api --example contention
    cargo build --release -p lectern
    cargo run --release -p lectern --example throughput
    LECTERN_BENCH_DATABASE_URL="$(scripts/services.sh)" cargo run --release -p lectern --example pickup

# The fault suite at full size (API killed, Redis restarted, PostgreSQL connections cut, S3
# gone, media folder unwritable, workers stopped and killed): prints a table of the outcomes
chaos: (setup "--tests")
    LECTERN_CHAOS=full LECTERN_TEST_DATABASE_URL="${LECTERN_TEST_DATABASE_URL:-$(scripts/services.sh)}" \
      cargo test --workspace --test chaos -- --nocapture

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

#!/usr/bin/env bash
# Starts the local PostgreSQL and Redis that the tests use, when they are installed but
# stopped. Prints the URLs to use; prints nothing for a service that is not there.
set -uo pipefail

if command -v pg_isready >/dev/null 2>&1; then
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start >/dev/null 2>&1 || true
      for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
    fi
  fi
  pg_isready -q -h 127.0.0.1 -p 5432 && echo "postgres://postgres@127.0.0.1:5432/postgres"
fi

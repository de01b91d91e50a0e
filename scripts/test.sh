#!/usr/bin/env bash
# The whole test suite: the guides built, then lint and Django's checks beside pytest on SQLite and on PostgreSQL,
# each run taking its share of the tests (below). Run through `make test` (which makes the virtualenv first).
set -euo pipefail
cd "$(dirname "$0")/.."
# Bytecode is written (__pycache__/, ignored by git) even where the environment says not to: each of the runs'
# processes and each Python a test starts would otherwise compile the code and rewrite the tests' asserts again.
unset PYTHONDONTWRITEBYTECODE
VENV=${VENV:-.venv}
PY="$VENV/bin/python"
bash scripts/system-packages.sh

# The guides first: tests/tournament/views/test_guides.py serves the built site.
echo "== the guides (make docs: a broken link or anchor fails)" && NO_MKDOCS_2_WARNING=1 "$VENV/bin/mkdocs" build --strict

# Lint, the contracts and Django's checks: run while the tests run (below; they use the cores the tests leave idle
# while their servers start), their output shown first and any failure failing the whole.
checks() {
  echo "== ruff"
  "$VENV/bin/ruff" check .
  "$VENV/bin/ruff" format --check .
  echo "== import contracts (the map in docs/developers.md, \"The contracts\")"
  "$VENV/bin/lint-imports"
  echo "== writes only in tournament/services/, no module over 400 lines (scripts/check_writes.py)"
  "$PY" scripts/check_writes.py
  echo "== django checks"
  DJANGO_DEBUG=1 "$PY" manage.py check
  DJANGO_DEBUG=1 "$PY" manage.py makemigrations --check --dry-run
  DJANGO_DEBUG=0 DJANGO_SECRET_KEY="$("$PY" -c 'import secrets; print(secrets.token_urlsafe(64))')" \
    DJANGO_ALLOWED_HOSTS=tenbou.example.org "$PY" manage.py check --deploy --fail-level WARNING
}

# The tests, in two runs: tests/conftest.py (``in_scope``, by TENBOU_TEST_SCOPE) decides which run takes which
# test, and scripts/test_inventory.py shows that every test of the suite is in at least one of them:
# - on SQLite (TENBOU_TEST_SCOPE=sqlite): every test except the browser's, the operations' and the services' (those
#   run on PostgreSQL, as in production); the tests without a database run once, here;
# - on PostgreSQL (TENBOU_TEST_SCOPE=postgresql): the browser's, the operations' and the services' tests, and the
#   selectors' (ON_BOTH: the reads, where the databases differ), which run on both;
# - a test of a module that asks which database it runs on or races writers on SQLite's file (VENDOR_SPECIFIC)
#   runs in both.
# The shared events are built once per process and each test rolled back (tests/conftest.py ``Layer``). The two runs
# go side by side, each in two processes (pytest-xdist, requirements-dev.txt), so the one that ends last has both
# cores once the other has ended; each shows its output, with its slowest 15 tests, when it ends
# (TENBOU_TEST_SERIAL=1: one after the other, as they go). TENBOU_SKIP_POSTGRES=1: every test on SQLite alone.
# TENBOU_TEST_WORKERS=N: N processes for each run (a machine with more cores; 1: no pytest-xdist).
PYTEST=("$PY" -m pytest --durations=15)
workers() { [ "$1" = 1 ] || echo "-n $1"; }
SQLITE_WORKERS=$(workers "${TENBOU_TEST_WORKERS:-2}")
POSTGRESQL_WORKERS=$(workers "${TENBOU_TEST_WORKERS:-2}")
if [ "${TENBOU_SKIP_POSTGRES:-0}" = 1 ] || [ "${TENBOU_TEST_SERIAL:-0}" = 1 ]; then
  (set -e; checks)
fi
if [ "${TENBOU_SKIP_POSTGRES:-0}" = 1 ]; then
  echo "== tests on SQLite, all of them (the PostgreSQL run is skipped: TENBOU_SKIP_POSTGRES=1)"
  TENBOU_TEST_SCOPE=all "${PYTEST[@]}" "$@"
  exit 0
fi
if [ "${TENBOU_TEST_SERIAL:-0}" = 1 ]; then
  echo "== tests on SQLite"
  TENBOU_TEST_SCOPE=sqlite "${PYTEST[@]}" $SQLITE_WORKERS "$@"
  echo "== tests on PostgreSQL"
  TENBOU_TEST_SCOPE=postgresql bash scripts/with-postgres.sh "${PYTEST[@]}" $POSTGRESQL_WORKERS "$@"
  exit 0
fi
logs=$(mktemp -d /tmp/tenbou-tests.XXXXXX)
# What both runs make once and share (tests/conftest.py ``_shared_base``: the collected static files)
export TENBOU_TEST_SHARED="$logs/shared" && mkdir "$TENBOU_TEST_SHARED"
sqlite='' postgresql=''
trap 'kill $sqlite $postgresql 2>/dev/null || true; rm -rf "$logs"' EXIT
echo "== tests on SQLite and on PostgreSQL, side by side (each run's output when it ends)"
TENBOU_TEST_SCOPE=sqlite "${PYTEST[@]}" $SQLITE_WORKERS "$@" >"$logs/sqlite" 2>&1 &
sqlite=$!
failed=0
(set -e; checks) &  # in the background, not left of ||, so that set -e stops it at the first failure
wait $! || { echo "== lint or checks failed (above)"; failed=1; }
# The PostgreSQL run starts once the checks are done: by then the SQLite run's processes have written the
# bytecode of the code and of the tests (their asserts rewritten by pytest), which it reads instead of making again
# (10 of a process's 15 s of collecting); the cores were busy meanwhile.
TENBOU_TEST_SCOPE=postgresql bash scripts/with-postgres.sh "${PYTEST[@]}" $POSTGRESQL_WORKERS "$@" >"$logs/postgresql" 2>&1 &
postgresql=$!
for run in sqlite postgresql; do
  status=0
  wait "${!run}" || status=$?
  echo "== tests on $( [ $run = sqlite ] && echo SQLite || echo PostgreSQL ) (exit status $status)"
  cat "$logs/$run"
  [ "$status" = 0 ] || failed=1
done
exit "$failed"

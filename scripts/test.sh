#!/usr/bin/env bash
# The whole test suite: lint, Django's checks, then pytest on SQLite and, when a PostgreSQL server can be
# started here, a second time on PostgreSQL. Run through `make test` (which makes the virtualenv first).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
PY="$VENV/bin/python"
bash scripts/system-packages.sh

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
echo "== the guides (make docs: a broken link or anchor fails)" && NO_MKDOCS_2_WARNING=1 "$VENV/bin/mkdocs" build --strict

echo "== tests on SQLite"
"$PY" -m pytest "$@"

if [ "${TENBOU_SKIP_POSTGRES:-0}" = 1 ]; then
  echo "== PostgreSQL run skipped (TENBOU_SKIP_POSTGRES=1)"
  exit 0
fi
echo "== tests on PostgreSQL"
bash scripts/with-postgres.sh "$PY" -m pytest "$@"

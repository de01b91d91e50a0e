#!/usr/bin/env bash
# The background worker (`make worker`, deploy/tenbou-worker.service, the container's `worker` service): makes the
# seating searches, PDFs and large exports queued in the database (docs/operators.md, "Background jobs"). First it
# queues again the jobs whose worker stopped without a word (`manage.py jobs --recover`), then it runs
# `manage.py db_worker` until SIGTERM, which lets the job in hand finish first. Several may run, on several machines.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
export DJANGO_DEBUG=${DJANGO_DEBUG:-0}
"$PY" manage.py jobs --recover
exec "$PY" manage.py db_worker --interval "${TENBOU_WORKER_INTERVAL:-1}"

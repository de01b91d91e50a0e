#!/usr/bin/env bash
# The production server (`make serve`, the systemd unit, the container): DEBUG off, migrate, collect the static
# files (served by WhiteNoise from STATIC_ROOT with hashed names), then gunicorn with deploy/gunicorn.conf.py.
# TENBOU_MIGRATE=0 / TENBOU_COLLECTSTATIC=0 skip a step (several app machines: migrate from one of them only).
# TENBOU_WORKER=embedded (the default) also runs one background worker (scripts/worker.sh) beside gunicorn, starts it
# again when it dies (after 1 s, then 2, 4, ... up to 60 s; back to 1 s after a run of a minute or more) and stops it
# with the server; TENBOU_WORKER=separate leaves the worker to its own service (systemd, the container).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
fail() { echo "serve: $*" >&2; exit 2; }
[ -n "${DJANGO_SECRET_KEY:-}" ] || fail "set DJANGO_SECRET_KEY to a long random secret, e.g. the output of
  $PY -c 'import secrets; print(secrets.token_urlsafe(50))'
(keep it the same across restarts: it signs the log-in sessions). The server does not start without it."
[ -n "${DJANGO_ALLOWED_HOSTS:-}" ] || fail "set DJANGO_ALLOWED_HOSTS to the public host name(s), comma separated
(e.g. tenbou.example.org); every other Host is refused."
export DJANGO_DEBUG=0
if [ "${TENBOU_MIGRATE:-1}" = 1 ]; then "$PY" manage.py migrate --no-input; fi
if [ "${TENBOU_COLLECTSTATIC:-1}" = 1 ]; then "$PY" manage.py collectstatic --no-input --verbosity 0; fi
if [ "${TENBOU_WORKER:-embedded}" = separate ]; then
  exec "$PY" -m gunicorn --config deploy/gunicorn.conf.py
fi
supervise_worker() {
  local delay=1 child="" started status
  # stopped: one SIGTERM to the worker (a second would abort the job in hand), which finishes that job first
  trap 'trap "" TERM; kill -TERM "$child" 2>/dev/null; wait "$child" 2>/dev/null; exit 0' TERM
  while :; do
    started=$SECONDS
    PY="$PY" bash scripts/worker.sh &
    child=$!
    status=0
    wait "$child" || status=$?
    if [ $((SECONDS - started)) -ge 60 ]; then delay=1; fi
    echo "serve: the background worker stopped (status $status); starting it again in $delay s" >&2
    sleep "$delay" &
    child=$!
    wait "$child" || true
    delay=$((delay * 2 > 60 ? 60 : delay * 2))
  done
}
supervise_worker &
worker=$!
"$PY" -m gunicorn --config deploy/gunicorn.conf.py &
server=$!
stop() { kill -TERM "$server" "$worker" 2>/dev/null || true; }
trap stop TERM INT
status=0
wait "$server" || status=$?  # gunicorn ended, or a signal came (the trap has passed it on)
stop
wait "$server" 2>/dev/null || true
wait "$worker" 2>/dev/null || true
exit "$status"

#!/usr/bin/env bash
# The production server (`make serve`, the systemd unit, the container): DEBUG off, migrate, collect the static
# files (served by WhiteNoise from STATIC_ROOT with hashed names), then gunicorn with deploy/gunicorn.conf.py.
# TENBOU_MIGRATE=0 / TENBOU_COLLECTSTATIC=0 skip a step (several app machines: migrate from one of them only).
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
exec "$PY" -m gunicorn --config deploy/gunicorn.conf.py

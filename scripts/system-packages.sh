#!/usr/bin/env bash
# Installs the Debian packages the test suite needs when they are missing (root only; otherwise says what to do).
#   chromium, chromium-headless-shell   browser tests (Playwright drives Debian's Chromium, its headless shell in
#                   the tests: tests/browser/conftest.py) and the guides' screenshots (scripts/screenshots_*.py)
#   postgresql      the second test run against PostgreSQL
#   libpango        WeasyPrint's text layout
#   zbar-tools, poppler-utils   the QR code test decodes a printed schedule card (zbarimg, pdftoppm)
#   nginx, openssl  deploy/nginx.conf's micro-cache in front of gunicorn (tests/operations/test_nginx_cache.py)
#   redis-server    the page cache shared by two app processes (tests/operations/test_redis_cache.py)
#   gettext         the catalogue check's fresh extraction (makemessages runs xgettext; tests/tournament/test_catalogues.py)
# The tests start their own nginx and Redis; the packages' services are not started by the install (policy-rc.d).
set -euo pipefail
want=()
command -v chromium >/dev/null 2>&1 || want+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || want+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || want+=(postgresql)
ldconfig -p 2>/dev/null | grep -q libpango-1.0 || want+=(libpango-1.0-0 libpangoft2-1.0-0)
command -v zbarimg >/dev/null 2>&1 || want+=(zbar-tools)
command -v pdftoppm >/dev/null 2>&1 || want+=(poppler-utils)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || want+=(nginx)
command -v openssl >/dev/null 2>&1 || want+=(openssl)
command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || want+=(redis-server)
command -v xgettext >/dev/null 2>&1 || want+=(gettext)
[ ${#want[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "missing system packages: ${want[*]} (install them with apt-get as root)" >&2
  exit 0
fi
echo "installing system packages: ${want[*]}"
export DEBIAN_FRONTEND=noninteractive
if [ ! -e /usr/sbin/policy-rc.d ]; then  # no service started by an install (nginx on port 80, Redis on 6379)
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d' EXIT
fi
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null

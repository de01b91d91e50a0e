#!/usr/bin/env bash
# Installs the Debian packages the test suite needs when they are missing (root only; otherwise says what to do).
#   chromium        browser tests (Playwright drives Debian's Chromium)
#   postgresql      the second test run against PostgreSQL
#   libpango        WeasyPrint's text layout
#   zbar-tools, poppler-utils   the QR code test decodes a printed schedule card (zbarimg, pdftoppm)
#   nginx, openssl  deploy/nginx.conf's micro-cache in front of gunicorn (tests/operations/test_nginx_cache.py; the
#                   package's own service is not started in a container, and the tests run their own nginx)
set -euo pipefail
want=()
command -v chromium >/dev/null 2>&1 || want+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || want+=(postgresql)
ldconfig -p 2>/dev/null | grep -q libpango-1.0 || want+=(libpango-1.0-0 libpangoft2-1.0-0)
command -v zbarimg >/dev/null 2>&1 || want+=(zbar-tools)
command -v pdftoppm >/dev/null 2>&1 || want+=(poppler-utils)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || want+=(nginx)
command -v openssl >/dev/null 2>&1 || want+=(openssl)
[ ${#want[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "missing system packages: ${want[*]} (install them with apt-get as root)" >&2
  exit 0
fi
echo "installing system packages: ${want[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null

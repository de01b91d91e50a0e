#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throw-away PostgreSQL cluster started here (Debian's
# postgresql package), and stops the cluster afterwards. Used by scripts/test.sh for the second test run.
set -euo pipefail
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ]; then
  echo "PostgreSQL is not installed (apt-get install postgresql)" >&2
  exit 1
fi
workdir=$(mktemp -d /tmp/tenbou-pg.XXXXXX)
port=${TENBOU_PG_PORT:-54329}
runas=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$workdir" 2>/dev/null || { useradd -r postgres 2>/dev/null; chown postgres "$workdir"; }
  runas=(runuser -u postgres --)
fi
cleanup() { "${runas[@]}" "$bindir/pg_ctl" -D "$workdir/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$workdir"; }
trap cleanup EXIT
"${runas[@]}" "$bindir/initdb" -D "$workdir/data" -U tenbou --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${runas[@]}" "$bindir/pg_ctl" -D "$workdir/data" -l "$workdir/log" -w \
  -o "-p $port -k $workdir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off" start >/dev/null
"${runas[@]}" "$bindir/createdb" -h 127.0.0.1 -p "$port" -U tenbou tenbou
export DATABASE_URL="postgres://tenbou@127.0.0.1:$port/tenbou"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on port $port"
"$@"

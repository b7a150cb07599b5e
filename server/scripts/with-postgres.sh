#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server in a temporary folder, runs the given command with
# DATABASE_URL pointing at it, then stops the server and removes the folder (also on failure).
#
#   server/scripts/with-postgres.sh npm test -w server
#   PG_PORT=55433 server/scripts/with-postgres.sh node server/dist/server.js
#
# PG_BIN (default /usr/lib/postgresql/15/bin) and PG_PORT (default: first free port from 55432).
# As root the server runs as the postgres user (initdb refuses root); otherwise as the current user.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: no initdb in $PG_BIN (set PG_BIN)" >&2
  exit 2
fi

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0 || return 1
}
# not PORT: the command run below may read an exported PORT of its own (npm run start:cluster does)
PG_SERVER_PORT="${PG_PORT:-55432}"
if [ -z "${PG_PORT:-}" ]; then
  while port_in_use "$PG_SERVER_PORT"; do PG_SERVER_PORT=$((PG_SERVER_PORT + 1)); done
fi

DIR="$(mktemp -d /tmp/pgtest.XXXXXX)"
chmod 755 "$DIR"
if [ "$(id -u)" = "0" ]; then
  chown postgres:postgres "$DIR"
  as_pg() { su postgres -s /bin/sh -c "$*"; }
else
  as_pg() { sh -c "$*"; }
fi

cleanup() {
  local status=$?
  as_pg "'$PG_BIN/pg_ctl' -D '$DIR/data' -m immediate -w stop" >/dev/null 2>&1 || true
  rm -rf "$DIR"
  exit "$status"
}
trap cleanup EXIT INT TERM

as_pg "'$PG_BIN/initdb' -D '$DIR/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >"$DIR/initdb.log" 2>&1 \
  || as_pg "'$PG_BIN/initdb' -D '$DIR/data' -U postgres --auth=trust -E UTF8" >"$DIR/initdb.log" 2>&1 \
  || { cat "$DIR/initdb.log" >&2; exit 1; }
# fsync off: a test server that is thrown away needs no durability
# another run starting at the same moment may take the port found free: then the next one (5 tries)
started_pg=""
for _ in 1 2 3 4 5; do
  if as_pg "'$PG_BIN/pg_ctl' -D '$DIR/data' -l '$DIR/log' -w -o \"-p $PG_SERVER_PORT -k '$DIR' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" start" >/dev/null; then
    started_pg=1
    break
  fi
  [ -z "${PG_PORT:-}" ] || break
  PG_SERVER_PORT=$((PG_SERVER_PORT + 1))
  while port_in_use "$PG_SERVER_PORT"; do PG_SERVER_PORT=$((PG_SERVER_PORT + 1)); done
done
[ -n "$started_pg" ] || { cat "$DIR/log" >&2; exit 1; }

export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_SERVER_PORT/postgres"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') at $DATABASE_URL" >&2
set +e
"$@"
status=$?
set -e
exit "$status"

#!/usr/bin/env bash
# Throwaway PostgreSQL cluster for capturing benchmark output.
#
#   postgres-sandbox.sh start DIR [extra postgres options, e.g. -c shared_buffers=128MB]
#   postgres-sandbox.sh stop DIR
#
# The cluster lives entirely inside DIR (data directory, socket, server log)
# and listens on a unix socket in DIR only (no TCP), so a capture neither
# depends on nor disturbs a PostgreSQL already on the machine. Connect with
# `-h DIR -U postgres`; local connections are trusted, which is safe only
# because nobody but the socket directory's owner can reach the socket.
# PostgreSQL refuses to run as root: when started as root, initdb and the
# server run as SANDBOX_PG_USER (default postgres), which then owns DIR.
#
# Environment:
#   PG_BIN                 directory of initdb, pg_ctl, pgbench (default: pg_config --bindir,
#                          else /usr/lib/postgresql/15/bin)
#   SANDBOX_PG_USER        system user for the server when run as root (default postgres)
#   SANDBOX_START_TIMEOUT  seconds to wait for the server to start (default 60)
set -euo pipefail

readonly START_TIMEOUT=${SANDBOX_START_TIMEOUT:-60}
readonly PG_USER=${SANDBOX_PG_USER:-postgres}
PG_BIN=${PG_BIN:-$(pg_config --bindir 2>/dev/null || echo /usr/lib/postgresql/15/bin)}

die() {
  echo "postgres-sandbox: $*" >&2
  exit 1
}

usage() {
  die "usage: $0 start DIR [postgres options...] | stop DIR"
}

# Runs a server-side command as the cluster's owner: PostgreSQL will not run as root.
as_owner() {
  if ((EUID == 0)); then
    runuser -u "$PG_USER" -- "$@"
  else
    "$@"
  fi
}

absolute_dir() {
  mkdir -p "$1"
  (cd "$1" && pwd)
}

# A new DIR gets a fresh cluster, so results do not depend on tables or WAL
# left over from some earlier experiment. The superuser is named postgres
# whoever runs the server, so the commands in commands.txt read the same.
init_cluster() {
  local dir=$1
  [[ -e $dir/data ]] && return 0
  ((EUID == 0)) && chown "$PG_USER" "$dir"
  as_owner "$PG_BIN/initdb" --no-sync --username=postgres --auth=trust \
    --pgdata="$dir/data" >"$dir/initdb.log" 2>&1 ||
    { tail -n 20 "$dir/initdb.log" >&2; die "initdb failed (log: $dir/initdb.log)"; }
}

start() {
  (($# >= 1)) || usage
  local dir
  dir=$(absolute_dir "$1")
  shift
  [[ -x $PG_BIN/pg_ctl ]] || die "no pg_ctl in $PG_BIN (install postgresql, or set PG_BIN)"
  init_cluster "$dir"
  # listen_addresses='' : unix socket only; the socket goes into DIR, not /var/run/postgresql.
  local opts="-c listen_addresses='' -c unix_socket_directories='$dir' $*"
  echo "$PG_BIN/postgres -D $dir/data $opts" >"$dir/postgres.cmdline"
  as_owner "$PG_BIN/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" \
    --timeout="$START_TIMEOUT" --wait --options="$opts" start >/dev/null ||
    { tail -n 30 "$dir/server.log" >&2; die "the server did not start (log: $dir/server.log)"; }
  echo "postgres-sandbox: running, socket directory $dir" >&2
}

# A fast shutdown (not kill -9) so the log ends with a normal shutdown record.
stop() {
  (($# == 1)) || usage
  local dir=$1
  [[ -f $dir/data/postmaster.pid ]] || { echo "postgres-sandbox: no server in $dir" >&2; return 0; }
  as_owner "$PG_BIN/pg_ctl" --pgdata="$dir/data" --mode=fast --wait stop >/dev/null
  echo "postgres-sandbox: stopped server in $dir" >&2
}

main() {
  (($# >= 1)) || usage
  local cmd=$1
  shift
  case $cmd in
    start) start "$@" ;;
    stop) stop "$@" ;;
    *) usage ;;
  esac
}

main "$@"

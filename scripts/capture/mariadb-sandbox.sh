#!/usr/bin/env bash
# Throwaway MariaDB server for capturing benchmark output.
#
#   mariadb-sandbox.sh start DIR [extra mariadbd options...]
#   mariadb-sandbox.sh stop DIR
#
# The server lives entirely inside DIR (datadir, socket, pid file, error log),
# listens on a unix socket only and reads no system option files, so a capture
# run neither depends on nor disturbs any MariaDB already on the machine.
# Starting on a DIR that already holds a datadir restarts that server with the
# options given now, which is how a capture compares settings on the same data.
# Options given after DIR are passed to mariadbd unchanged; a
# --defaults-file=... / --defaults-extra-file=... among them replaces
# --no-defaults, because mariadbd only accepts those as its first option.
#
# Environment:
#   SANDBOX_START_TIMEOUT  seconds to wait for the server to answer (default 60)
#   SANDBOX_CPUS           if set, start mariadbd under `taskset -c $SANDBOX_CPUS`
set -euo pipefail

readonly START_TIMEOUT=${SANDBOX_START_TIMEOUT:-60}

die() {
  echo "mariadb-sandbox: $*" >&2
  exit 1
}

usage() {
  die "usage: $0 start DIR [mariadbd options...] | stop DIR"
}

# mariadb-install-db needs an absolute datadir; the socket path is also baked
# into the commands that users copy out of commands.txt.
absolute_dir() {
  mkdir -p "$1"
  (cd "$1" && pwd)
}

# A new DIR gets a fresh datadir, so results do not depend on tables or redo
# log left over from some earlier experiment.
init_datadir() {
  local dir=$1
  if [[ -e $dir/data ]]; then
    [[ -f $dir/mysqld.pid ]] && kill -0 "$(cat "$dir/mysqld.pid")" 2>/dev/null &&
      die "a server is already running in $dir; stop it first"
    return 0
  fi
  mariadb-install-db --no-defaults --user=root \
    --auth-root-authentication-method=normal \
    --datadir="$dir/data" >"$dir/install-db.log" 2>&1 ||
    { tail -n 20 "$dir/install-db.log" >&2; die "mariadb-install-db failed (log: $dir/install-db.log)"; }
}

# mariadbd insists that --defaults-file / --defaults-extra-file come first and
# rejects them after --no-defaults, so the leading option depends on the extras.
leading_option() {
  local opt
  for opt in "$@"; do
    case $opt in
      --defaults-file=* | --defaults-extra-file=*) echo "$opt"; return ;;
    esac
  done
  echo --no-defaults
}

server_options() {
  local dir=$1
  shift
  local lead opt
  lead=$(leading_option "$@")
  echo "$lead"
  printf '%s\n' --user=root --datadir="$dir/data" --socket="$dir/mysqld.sock" \
    --skip-networking --pid-file="$dir/mysqld.pid" --log-error="$dir/error.log"
  for opt in "$@"; do
    [[ $opt == "$lead" ]] || echo "$opt"
  done
}

launch_server() {
  local dir=$1
  shift
  local -a opts cmd=()
  mapfile -t opts < <(server_options "$dir" "$@")
  [[ -n ${SANDBOX_CPUS:-} ]] && cmd=(taskset -c "$SANDBOX_CPUS")
  cmd+=(mariadbd "${opts[@]}")
  printf '%q ' "${cmd[@]}" >"$dir/mariadbd.cmdline"
  echo >>"$dir/mariadbd.cmdline"
  # setsid: the server must survive the shell that started it and must not
  # receive the Ctrl-C meant for a benchmark client.
  setsid "${cmd[@]}" </dev/null >>"$dir/mariadbd.out" 2>&1 &
  echo $! >"$dir/launcher.pid"
}

# Bounded wait: a server that cannot start (bad option, port clash, full disk)
# says why in error.log, so show that instead of hanging.
wait_until_up() {
  local dir=$1 waited=0 launcher
  launcher=$(cat "$dir/launcher.pid")
  until mariadb-admin --no-defaults --socket="$dir/mysqld.sock" --user=root ping >/dev/null 2>&1; do
    if ! kill -0 "$launcher" 2>/dev/null; then
      show_error_log "$dir"
      die "mariadbd exited during startup"
    fi
    if ((waited >= START_TIMEOUT)); then
      show_error_log "$dir"
      die "mariadbd did not answer ping within ${START_TIMEOUT}s"
    fi
    sleep 1
    waited=$((waited + 1))
  done
}

show_error_log() {
  local dir=$1
  echo "--- last lines of $dir/error.log ---" >&2
  tail -n 30 "$dir/error.log" >&2 2>/dev/null || echo "(no error.log)" >&2
  if [[ -s $dir/mariadbd.out ]]; then
    echo "--- $dir/mariadbd.out ---" >&2
    tail -n 30 "$dir/mariadbd.out" >&2
  fi
}

start() {
  (($# >= 1)) || usage
  local dir
  dir=$(absolute_dir "$1")
  shift
  init_datadir "$dir"
  launch_server "$dir" "$@"
  wait_until_up "$dir"
  mariadb --no-defaults --socket="$dir/mysqld.sock" --user=root \
    -e 'CREATE DATABASE IF NOT EXISTS sbtest'
  echo "mariadb-sandbox: running, socket $dir/mysqld.sock (pid $(cat "$dir/mysqld.pid"))" >&2
}

# A clean shutdown (not kill -9) so the next start does not spend time on
# crash recovery and the error log ends with a normal shutdown record.
stop() {
  (($# == 1)) || usage
  local dir=$1 pid waited=0
  [[ -f $dir/mysqld.pid ]] || { echo "mariadb-sandbox: no server in $dir" >&2; return 0; }
  pid=$(cat "$dir/mysqld.pid")
  mariadb-admin --no-defaults --socket="$dir/mysqld.sock" --user=root shutdown ||
    kill -TERM "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do
    ((waited < START_TIMEOUT)) || die "mariadbd (pid $pid) still running after ${START_TIMEOUT}s"
    sleep 1
    waited=$((waited + 1))
  done
  echo "mariadb-sandbox: stopped server in $dir" >&2
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

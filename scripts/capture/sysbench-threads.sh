#!/usr/bin/env bash
# Thread sweep with sysbench 1.0 OLTP: read/write and read-only at 1-16
# threads, one run with per-second reports, and one deliberately failing run
# (unknown database) so reports can show what a failed run looks like.
#
#   sysbench-threads.sh OUTDIR
#
# Uses the server in MYSQL_SOCKET (see lib.sh) or, when unset, a throwaway
# sandbox with a 128M buffer pool that is removed again on exit.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

readonly TABLES=4
readonly TABLE_SIZE=50000
readonly RUN_SECONDS=15
readonly INTERVAL_SECONDS=30
readonly THREADS=(1 2 4 8 16)

sysbench_args() {
  local db=$1
  SB_ARGS=("${SB_CONN[@]}" --mysql-db="$db" --tables="$TABLES" --table-size="$TABLE_SIZE" --percentile=95)
}

run_sweep() {
  local test threads
  for test in oltp_read_write oltp_read_only; do
    for threads in "${THREADS[@]}"; do
      run_capture "$test-t$threads.txt" \
        sysbench "$test" "${SB_ARGS[@]}" --threads="$threads" --time="$RUN_SECONDS" run
    done
  done
}

main() {
  (($# == 1)) || die "usage: $0 OUTDIR"
  prepare_outdir "$1"
  if [[ -z ${MYSQL_SOCKET:-} ]]; then
    trap sandbox_stop EXIT
    sandbox_start --innodb-buffer-pool-size=128M
  else
    note "" "# server: existing server at $MYSQL_SOCKET, database $MYSQL_DB"
  fi
  sysbench_connection
  capture_environment
  capture_global_variables global-variables.txt

  sysbench_args "$MYSQL_DB"
  run_capture prepare.txt sysbench oltp_read_write "${SB_ARGS[@]}" prepare
  run_sweep
  run_capture "oltp_read_write-t4-interval.txt" \
    sysbench oltp_read_write "${SB_ARGS[@]}" --threads=4 --time="$INTERVAL_SECONDS" --report-interval=1 run

  note "" "# failed-unknown-database.txt is expected to fail: database no_such_db does not exist."
  sysbench_args no_such_db
  run_capture failed-unknown-database.txt \
    sysbench oltp_read_write "${SB_ARGS[@]}" --threads=4 --time="$RUN_SECONDS" run
  log "done: $OUTDIR"
}

main "$@"

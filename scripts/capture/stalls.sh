#!/usr/bin/env bash
# A long run that stalls: write-heavy sysbench against a server whose redo log
# is small and whose background flushing is held back, so the log fills and
# the server has to stop and flush before it can take more commits. Sampled
# once a second for long enough to see the pattern repeat.
#
#   stalls.sh OUTDIR [SECONDS]     (default 600)
#
# One option file (my-stalls.cnf), differing from the baseline of repeats.sh
# in the redo log size and the flushing settings named in its header.
# Always uses its own sandbox.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

readonly TABLES=4
readonly TABLE_SIZE=${STALLS_TABLE_SIZE:-1000000}
readonly THREADS=8
readonly NAME=stalls

write_option_file() {
  cat >"$OUTDIR/my-$NAME.cnf" <<'CNF'
# Server options for a write-heavy run meant to show checkpoint stalls.
# Passed as: mariadbd --defaults-file=my-stalls.cnf (datadir, socket and log
# paths are given on the command line by scripts/capture/mariadb-sandbox.sh).
# Against the baseline of repeats.sh: a 128M buffer pool for about 1 GB of
# tables, a 16M redo log instead of 96M, and
# background flushing held to 100 pages a second with adaptive flushing off.
[mariadbd]
innodb_buffer_pool_size = 128M
innodb_log_file_size = 16M
innodb_flush_log_at_trx_commit = 1
innodb_flush_method = O_DIRECT
innodb_adaptive_hash_index = OFF
innodb_io_capacity = 100
innodb_io_capacity_max = 100
innodb_adaptive_flushing = OFF
innodb_buffer_pool_dump_at_shutdown = OFF
innodb_buffer_pool_load_at_startup = OFF
max_connections = 100
CNF
}

main() {
  (($# >= 1 && $# <= 2)) || die "usage: $0 OUTDIR [SECONDS]"
  local seconds=${2:-600}
  require_sandbox_mode
  prepare_outdir "$1"
  note "#" \
    "# oltp_write_only, $TABLES tables x $TABLE_SIZE rows, --threads=$THREADS, --time=$seconds," \
    "# --report-interval=1, against the options in my-$NAME.cnf; vmstat and mpstat every second" \
    "# alongside. The server is not pinned; sysbench and mariadbd share the machine's $(nproc) cores." \
    "# SHOW GLOBAL VARIABLES after the run (global-variables-$NAME.txt); the server's error log" \
    "# is kept as mariadbd-error.log."
  write_option_file
  trap sandbox_stop EXIT
  sandbox_start --defaults-file="$OUTDIR/my-$NAME.cnf"
  sysbench_connection
  SB_ARGS=("${SB_CONN[@]}" --mysql-db="$MYSQL_DB" --tables="$TABLES" --table-size="$TABLE_SIZE" --percentile=95)
  capture_environment
  run_capture prepare.txt sysbench oltp_write_only "${SB_ARGS[@]}" --threads="$THREADS" prepare
  run_with_monitors "$NAME-${seconds}s" "$seconds" "sysbench-$NAME-${seconds}s.txt" \
    sysbench oltp_write_only "${SB_ARGS[@]}" --threads="$THREADS" --time="$seconds" --report-interval=1 run
  capture_global_variables "global-variables-$NAME.txt"
  local dir=$SANDBOX_DIR
  "$SANDBOX" stop "$dir"
  cp "$dir/error.log" "$OUTDIR/mariadbd-error.log"
  sandbox_stop
  log "done: $OUTDIR"
}

main "$@"

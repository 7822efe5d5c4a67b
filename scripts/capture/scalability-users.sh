#!/usr/bin/env bash
# Scalability by concurrent users: throughput of oltp_read_write,
# oltp_read_only and oltp_point_select from 1 to 64 threads for two ways of
# serving connections, a thread per connection (the default) and the thread
# pool, plus one mysqlslap run per variant as a second opinion.
#
#   scalability-users.sh OUTDIR
#
# Always uses its own sandbox: thread_handling can only be set at startup.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

readonly TABLES=4
readonly TABLE_SIZE=50000
readonly RUN_SECONDS=10
readonly THREADS=(1 2 4 8 16 32 64)
readonly TESTS=(oltp_read_write oltp_read_only oltp_point_select)
readonly VARIANTS=(one-thread-per-connection pool-of-threads)
readonly BASE_OPTIONS=(--innodb-buffer-pool-size=256M)
# mysqlslap's default runs no queries at all ("Average number of queries per
# client: 0"); this many, spread over the clients, takes a few seconds here.
readonly SLAP_QUERIES=2000

run_sweeps() {
  local variant=$1 test threads
  for test in "${TESTS[@]}"; do
    for threads in "${THREADS[@]}"; do
      run_capture "sysbench-$variant-$test-t$threads.txt" \
        sysbench "$test" "${SB_ARGS[@]}" --threads="$threads" --time="$RUN_SECONDS" run
    done
  done
}

run_mysqlslap() {
  local variant=$1
  local slap=(mysqlslap --no-defaults --socket="$MYSQL_SOCKET" --user="$MYSQL_USER"
    --auto-generate-sql --concurrency=1,4,16 --iterations=3 --engine=innodb)
  run_capture "mysqlslap-$variant.txt" "${slap[@]}" --number-of-queries="$SLAP_QUERIES"
  run_capture "mysqlslap-$variant-no-query-count.txt" "${slap[@]}"
}

run_variant() {
  local variant=$1
  sandbox_restart "${BASE_OPTIONS[@]}" --thread-handling="$variant"
  capture_global_variables "global-variables-$variant.txt"
  run_sweeps "$variant"
  run_mysqlslap "$variant"
}

main() {
  (($# == 1)) || die "usage: $0 OUTDIR"
  require_sandbox_mode
  prepare_outdir "$1"
  note "#" \
    "# Variants differ only in --thread-handling (one-thread-per-connection, the default," \
    "# vs pool-of-threads, whose thread_pool_size defaults to the number of CPUs, here 2)." \
    "# The tables are prepared once; the server is restarted on the same datadir per variant." \
    "# mysqlslap: the requested command (--auto-generate-sql --concurrency=1,4,16" \
    "# --iterations=3 --engine=innodb) runs no queries by default, so mysqlslap-<variant>.txt" \
    "# adds --number-of-queries=$SLAP_QUERIES (total per round, split over the clients) and" \
    "# mysqlslap-<variant>-no-query-count.txt keeps the command exactly as requested."
  trap sandbox_stop EXIT
  sandbox_start "${BASE_OPTIONS[@]}"
  sysbench_connection
  SB_ARGS=("${SB_CONN[@]}" --mysql-db="$MYSQL_DB" --tables="$TABLES" --table-size="$TABLE_SIZE" --percentile=95)
  capture_environment
  run_capture prepare.txt sysbench oltp_read_write "${SB_ARGS[@]}" prepare
  local variant
  for variant in "${VARIANTS[@]}"; do
    run_variant "$variant"
  done
  log "done: $OUTDIR"
}

main "$@"

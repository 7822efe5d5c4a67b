#!/usr/bin/env bash
# Scalability by concurrent users: throughput of four workloads from 1 to 64
# client sessions for two ways of serving connections, a thread per
# connection (the default) and the thread pool. The workloads:
#   oltp_join          scripts/capture/oltp_join.lua: one three-table join per
#                      event, read-only and heavy on index lookups;
#   oltp_read_write    sysbench's mixed transaction (reads, updates, a delete
#                      and an insert);
#   oltp_read_only     the same transaction without the writes;
#   oltp_point_select  one primary key lookup per event.
# All four are captured in one session on the same tables, so they share one
# environment; EXPLAIN of the join is kept beside them.
#
#   scalability-users.sh OUTDIR
#
# Always uses its own sandbox: thread_handling can only be set at startup.
# Run it at a high priority when other work shares the machine, as root in a
# session of its own (setsid nice -n -15 ...; see session_priority in lib.sh),
# and say what else ran in CAPTURE_NOTE: commands.txt records both.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

readonly TABLES=4
readonly TABLE_SIZE=50000
readonly RUN_SECONDS=10
readonly THREADS=(1 2 4 8 16 32 64)
readonly TESTS=(oltp_join oltp_read_write oltp_read_only oltp_point_select)
readonly VARIANTS=(one-thread-per-connection pool-of-threads)
readonly BASE_OPTIONS=(--innodb-buffer-pool-size=256M)
# Rows of the first table each join starts from (see oltp_join.lua).
readonly JOIN_RANGE=10
readonly JOIN_EXAMPLE="SELECT COUNT(*), SUM(LENGTH(c.c)) FROM sbtest1 a JOIN sbtest2 b ON b.id = a.k JOIN sbtest3 c ON c.k = b.id WHERE a.id BETWEEN 1000 AND $((1000 + JOIN_RANGE - 1))"

# The sysbench test argument and extra options of a workload: the join is a
# script file, given to sysbench by its path.
test_words() {
  case $1 in
    oltp_join) TEST_WORDS=("$CAPTURE_DIR/oltp_join.lua" --range-size="$JOIN_RANGE") ;;
    *) TEST_WORDS=("$1") ;;
  esac
}

run_sweeps() {
  local variant=$1 test threads
  for test in "${TESTS[@]}"; do
    test_words "$test"
    for threads in "${THREADS[@]}"; do
      run_capture "sysbench-$variant-$test-t$threads.txt" \
        sysbench "${TEST_WORDS[0]}" "${SB_ARGS[@]}" "${TEST_WORDS[@]:1}" \
        --threads="$threads" --time="$RUN_SECONDS" run
    done
  done
}

run_variant() {
  local variant=$1
  sandbox_restart "${BASE_OPTIONS[@]}" --thread-handling="$variant"
  session_priority "$(server_pid)" mariadbd
  capture_global_variables "global-variables-$variant.txt"
  run_sweeps "$variant"
}

main() {
  (($# == 1)) || die "usage: $0 OUTDIR"
  require_sandbox_mode
  prepare_outdir "$1"
  note "#" \
    "# Variants differ only in --thread-handling (one-thread-per-connection, the default," \
    "# vs pool-of-threads, whose thread_pool_size defaults to the number of CPUs, here $(nproc))." \
    "# The tables are prepared once; the server is restarted on the same datadir per variant," \
    "# then runs every workload at 1, 2, 4, 8, 16, 32 and 64 sessions, $RUN_SECONDS s each." \
    "# oltp_join is scripts/capture/oltp_join.lua (one three-table join per event) with" \
    "# --range-size=$JOIN_RANGE; explain-join.txt shows the server's plan for one such join." \
    "# Priority: this script, and so mariadbd and sysbench, ran under nice -n $(nice) (the" \
    "# niceness it saw at start). ${CAPTURE_NOTE:-No other work was declared for this capture.}"
  trap sandbox_stop EXIT
  session_priority $$ "this script, sysbench and the monitors"
  sandbox_start "${BASE_OPTIONS[@]}"
  session_priority "$(server_pid)" mariadbd
  sysbench_connection
  SB_ARGS=("${SB_CONN[@]}" --mysql-db="$MYSQL_DB" --tables="$TABLES" --table-size="$TABLE_SIZE" --percentile=95)
  capture_environment
  run_capture prepare.txt sysbench oltp_read_write "${SB_ARGS[@]}" prepare
  client_words
  run_capture explain-join.txt "${CLIENT[@]}" "$MYSQL_DB" -e "EXPLAIN $JOIN_EXAMPLE"
  local variant
  for variant in "${VARIANTS[@]}"; do
    run_variant "$variant"
  done
  log "done: $OUTDIR"
}

main "$@"

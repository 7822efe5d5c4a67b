#!/usr/bin/env bash
# InnoDB row formats and compression: for COMPACT, DYNAMIC and COMPRESSED with
# KEY_BLOCK_SIZE 8 and 4, load the same sysbench table, record how long the
# load took, how big the .ibd file is, what SHOW TABLE STATUS and the
# INNODB_CMP tables say, then measure oltp_read_write from 1 to 512 threads
# with a buffer pool too small for the table (32M) and one it fits in (512M).
#
#   row-formats.sh OUTDIR
#
# Always uses its own sandboxes (one fresh datadir per row format) because the
# buffer pool size needs a restart.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

readonly TABLE_SIZE=200000
readonly RUN_SECONDS=10
readonly THREADS=(1 2 4 8 16 32 64 128 256 512)
readonly POOLS=(32M 512M)
readonly LOAD_POOL=512M
readonly FORMATS=(compact dynamic compressed-kbs8 compressed-kbs4)
declare -A ROW_FORMAT=(
  [compact]="ROW_FORMAT=COMPACT"
  [dynamic]="ROW_FORMAT=DYNAMIC"
  [compressed-kbs8]="ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8"
  [compressed-kbs4]="ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=4"
)
# 512 client threads need more than the default 151 connections.
readonly SERVER_OPTIONS=(--max-connections=600 --innodb-file-per-table=ON --innodb-cmp-per-index-enabled=ON)

explain_method() {
  note "#" \
    "# How the table is loaded: sysbench 1.0.20 has no option for table options (the" \
    "# --mysql-table-engine of sysbench 0.4/0.5 is --mysql_storage_engine in 1.0, and its" \
    "# Lua global mysql_table_options cannot be set from the command line). So for every" \
    "# format the same way: sysbench prepare fills a staging table (sbtest_stage.sbtest1," \
    "# default DYNAMIC), an empty sbtest.sbtest1 is created LIKE it and ALTERed to the row" \
    "# format, and the timed load is INSERT INTO sbtest.sbtest1 SELECT * FROM the staging" \
    "# table, run by the mariadb client under bash 'time' and '/usr/bin/time -v' at once" \
    "# (load-time-<format>.txt holds both reports). The staging database is dropped before" \
    "# sizes are measured. Loads run with innodb_buffer_pool_size=$LOAD_POOL." \
    "# The mariadb client only sends the statement, so /usr/bin/time's user/system times" \
    "# are the client's (near zero); the server's work shows in the elapsed time." \
    "# ANALYZE TABLE runs before SHOW TABLE STATUS (analyze-table-<format>.txt), because" \
    "# right after the load the statistics still describe an empty table." \
    "#" \
    "# Thread counts: ${THREADS[*]} (full list), --time=$RUN_SECONDS, for buffer pools ${POOLS[*]}." \
    "# The server is restarted for each pool size on the same datadir; the buffer pool dump" \
    "# and load at restart (MariaDB defaults) stay on." \
    "# For the compressed formats, innodb-cmp-<format>.txt is taken right after the load and" \
    "# innodb-cmp-<format>-bp<size>-after-runs.txt after each thread sweep" \
    "# (the counters restart from zero when the server restarts)." \
    "# open files limit of the capture shell (ulimit -n): $(ulimit -n)"
}

load_table() {
  local format=$1
  sql_step "CREATE DATABASE sbtest_stage"
  run_capture "prepare-staging-$format.txt" \
    sysbench oltp_read_write "${SB_CONN[@]}" --mysql-db=sbtest_stage --tables=1 --table-size="$TABLE_SIZE" prepare
  sql_step "CREATE TABLE sbtest.sbtest1 LIKE sbtest_stage.sbtest1"
  sql_step "ALTER TABLE sbtest.sbtest1 ${ROW_FORMAT[$format]}"
  client_words
  run_capture "create-table-$format.txt" "${CLIENT[@]}" -e 'SHOW CREATE TABLE sbtest.sbtest1\G'
  run_shell_capture "load-time-$format.txt" \
    "time /usr/bin/time -v $(quote_command "${CLIENT[@]}" -e "INSERT INTO sbtest.sbtest1 SELECT * FROM sbtest_stage.sbtest1")"
  sql_step "DROP DATABASE sbtest_stage"
}

capture_table_facts() {
  local format=$1
  client_words
  run_shell_capture "ibd-size-$format.txt" \
    "cd $(printf '%q' "$SANDBOX_DIR/data/sbtest") && ls -l sbtest1.ibd && du -b sbtest1.ibd && du -h sbtest1.ibd"
  # Right after a bulk load the persistent statistics still describe the empty
  # table (Data_length 16384), so refresh them first.
  run_capture "analyze-table-$format.txt" "${CLIENT[@]}" sbtest -e "ANALYZE TABLE sbtest1"
  run_capture "table-status-$format.txt" "${CLIENT[@]}" sbtest -e "SHOW TABLE STATUS LIKE 'sbtest1'\\G"
  if is_compressed "$format"; then
    capture_cmp "innodb-cmp-$format.txt"
  fi
}

is_compressed() {
  [[ $1 == compressed-* ]]
}

capture_cmp() {
  client_words
  run_capture "$1" "${CLIENT[@]}" -t -e "SELECT * FROM information_schema.INNODB_CMP;
SELECT * FROM information_schema.INNODB_CMPMEM;
SELECT * FROM information_schema.INNODB_CMP_PER_INDEX"
}

run_sweep() {
  local format=$1 pool=$2 threads
  for threads in "${THREADS[@]}"; do
    run_capture "sysbench-$format-bp$pool-t$threads.txt" \
      sysbench oltp_read_write "${SB_CONN[@]}" --mysql-db=sbtest --tables=1 --table-size="$TABLE_SIZE" \
      --percentile=95 --threads="$threads" --time="$RUN_SECONDS" run
  done
}

capture_format() {
  local format=$1 pool
  sandbox_start "${SERVER_OPTIONS[@]}" --innodb-buffer-pool-size="$LOAD_POOL"
  sysbench_connection
  [[ -e $OUTDIR/environment.txt ]] || capture_environment
  load_table "$format"
  capture_table_facts "$format"
  for pool in "${POOLS[@]}"; do
    sandbox_restart "${SERVER_OPTIONS[@]}" --innodb-buffer-pool-size="$pool"
    run_sweep "$format" "$pool"
    if is_compressed "$format"; then
      capture_cmp "innodb-cmp-$format-bp$pool-after-runs.txt"
    fi
  done
  capture_global_variables "global-variables-$format.txt"
  sandbox_stop
}

main() {
  (($# == 1)) || die "usage: $0 OUTDIR"
  require_sandbox_mode
  prepare_outdir "$1"
  explain_method
  trap sandbox_stop EXIT
  local format
  for format in "${FORMATS[@]}"; do
    capture_format "$format"
  done
  log "done: $OUTDIR"
}

main "$@"

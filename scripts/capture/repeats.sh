#!/usr/bin/env bash
# Noise and stability: the same oltp_read_write run repeated, so a report can
# tell a real difference from run-to-run noise, plus one long run to look at
# throughput over time.
#
#   repeats.sh OUTDIR
#
# Four server configurations, each an option file in OUTDIR (my-<config>.cnf)
# passed to mariadbd with --defaults-file, differing from the baseline in one
# line only:
#   baseline      256M buffer pool (holds all the tables), durable commits,
#                 adaptive hash index OFF (the MariaDB 10.11 default)
#   ahi-on        adaptive hash index ON: a small difference, expected within a
#                 few per cent with the working set in memory at 4 threads
#   trx-commit-2  innodb_flush_log_at_trx_commit=2: the redo log is not flushed
#                 at every commit, a clear difference
#   bp-32m        a 32M buffer pool, too small for the tables: a clear difference
# REPEATS runs of each, round-robin (baseline, ahi-on, trx-commit-2, bp-32m,
# baseline, ...), the server restarted with the configuration's option file and
# its buffer pool prewarmed before every run. Then one long baseline run with
# vmstat and mpstat alongside.
#
# Always uses its own sandbox: comparing settings means restarting the server.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

readonly TABLES=4
readonly TABLE_SIZE=100000
readonly THREADS=4
readonly RUN_SECONDS=30
readonly REPEATS=5
readonly LONG_SECONDS=600
readonly CONFIGS=(baseline ahi-on trx-commit-2 bp-32m)
readonly LONG_NAME=baseline-long-600s

# The one line in which each configuration differs from the baseline.
config_setting() {
  case $1 in
    baseline) echo "" ;;
    ahi-on) echo "innodb_adaptive_hash_index = ON" ;;
    trx-commit-2) echo "innodb_flush_log_at_trx_commit = 2" ;;
    bp-32m) echo "innodb_buffer_pool_size = 32M" ;;
    *) die "unknown configuration $1" ;;
  esac
}

# write_option_file CONFIG : the option file is part of the report, so it is
# written once here and the server reads exactly this file. The baseline's
# line for the setting a variant changes is left out of the variant's file,
# so each file states every setting exactly once.
write_option_file() {
  local config=$1
  variant_option_file "$OUTDIR/my-$config.cnf" my-baseline.cnf "$(config_setting "$config")" \
    "# Server options for the repeated oltp_read_write runs, configuration \"$config\"." \
    "# Passed as: mariadbd --defaults-file=my-$config.cnf (datadir, socket and log" \
    "# paths are given on the command line by scripts/capture/mariadb-sandbox.sh)." <<'BASE'
innodb_buffer_pool_size = 256M
innodb_log_file_size = 96M
innodb_flush_log_at_trx_commit = 1
innodb_flush_method = O_DIRECT
innodb_adaptive_hash_index = OFF
innodb_buffer_pool_dump_at_shutdown = OFF
innodb_buffer_pool_load_at_startup = OFF
max_connections = 100
BASE
}

explain_method() {
  note "#" \
    "# Configurations (one option file each, my-<config>.cnf; each differs from my-baseline.cnf" \
    "# in one line, named in the file's header):" \
    "#   baseline      256M buffer pool, innodb_flush_log_at_trx_commit=1, adaptive hash index OFF" \
    "#   ahi-on        innodb_adaptive_hash_index=ON (small difference expected: a few per cent)" \
    "#   trx-commit-2  innodb_flush_log_at_trx_commit=2 (clear difference expected: no redo flush per commit)" \
    "#   bp-32m        innodb_buffer_pool_size=32M, smaller than the tables (see ibd-sizes.txt)" \
    "# Every run: oltp_read_write, $TABLES tables x $TABLE_SIZE rows, --threads=$THREADS, --time=$RUN_SECONDS," \
    "# --report-interval=1, default random seed (each run draws its own). The server is not" \
    "# pinned; sysbench and mariadbd share the machine's $(nproc) cores." \
    "#" \
    "# Order: $REPEATS rounds, each running every configuration once in the order ${CONFIGS[*]}," \
    "# so slow drift of the machine (other load, the tables growing fragmented as the runs" \
    "# modify them) is spread over all configurations instead of lining up with one." \
    "# Files: sysbench-<config>-r<repeat>.txt, prewarm-<config>-r<repeat>.txt." \
    "#" \
    "# Why the server is restarted before every run, also between two runs of the same" \
    "# configuration: the option file is only read at start, and round-robin changes the" \
    "# configuration at every run anyway; restarting every time also puts every repeat in the" \
    "# same state (new server process, empty buffer pool filled the same way by sysbench" \
    "# prewarm, redo log checkpointed by the clean shutdown), so what differs between repeats" \
    "# is the noise a reader meets when comparing two servers, restarts included." \
    "# The buffer pool dump at shutdown and load at startup are OFF in every option file:" \
    "# otherwise a run would start with the pages the previous run, of another configuration," \
    "# left behind. Instead each run is preceded by 'sysbench oltp_read_write prewarm', which" \
    "# reads every table through its primary key and its k index (and runs ANALYZE TABLE)." \
    "# With bp-32m the prewarm cannot keep all of it; that is the point of that configuration." \
    "#" \
    "# SHOW GLOBAL VARIABLES is captured once per configuration, after its first run" \
    "# (global-variables-<config>.txt)." \
    "#" \
    "# Long run: after the rounds, the baseline once more for $LONG_SECONDS s with --report-interval=1" \
    "# (sysbench-$LONG_NAME.txt), restarted and prewarmed the same way, with vmstat and mpstat" \
    "# sampling every second alongside (vmstat-$LONG_NAME.txt, mpstat-$LONG_NAME.txt)." \
    "# Its server settings are those of global-variables-baseline.txt." \
    "#" \
    "# mariadbd-error.log is the server's own error log over the whole capture (every start and" \
    "# shutdown, and anything InnoDB reported during the runs), copied after the final shutdown."
}

restart_with() {
  local config=$1
  sandbox_restart --defaults-file="$OUTDIR/my-$config.cnf"
}

prewarm() {
  local name=$1
  run_capture "prewarm-$name.txt" sysbench oltp_read_write "${SB_ARGS[@]}" --threads="$THREADS" prewarm
}

run_repeat() {
  local config=$1 repeat=$2
  restart_with "$config"
  prewarm "$config-r$repeat"
  run_capture "sysbench-$config-r$repeat.txt" \
    sysbench oltp_read_write "${SB_ARGS[@]}" --threads="$THREADS" --time="$RUN_SECONDS" --report-interval=1 run
  if [[ $repeat == 1 ]]; then
    capture_global_variables "global-variables-$config.txt"
  fi
}

run_long() {
  restart_with baseline
  prewarm "$LONG_NAME"
  run_with_monitors "$LONG_NAME" "$LONG_SECONDS" "sysbench-$LONG_NAME.txt" \
    sysbench oltp_read_write "${SB_ARGS[@]}" --threads="$THREADS" --time="$LONG_SECONDS" --report-interval=1 run
}

# The error log lives in the sandbox directory, which sandbox_stop removes; it
# is copied after a clean shutdown so it ends with the shutdown record.
stop_and_keep_error_log() {
  local dir=$SANDBOX_DIR
  log "stopping sandbox"
  "$SANDBOX" stop "$dir"
  cp "$dir/error.log" "$OUTDIR/mariadbd-error.log"
  sandbox_stop
  note "" "# server: stopped at $(date -u +%Y-%m-%dT%H:%M:%SZ) with" \
    "scripts/capture/mariadb-sandbox.sh stop $dir" \
    "# and its directory removed; its error log is kept as mariadbd-error.log."
  record_load after "server stop"
}

main() {
  (($# == 1)) || die "usage: $0 OUTDIR"
  require_sandbox_mode
  prepare_outdir "$1"
  explain_method
  local config repeat
  for config in "${CONFIGS[@]}"; do
    write_option_file "$config"
  done
  trap sandbox_stop EXIT
  sandbox_start --defaults-file="$OUTDIR/my-baseline.cnf"
  sysbench_connection
  SB_ARGS=("${SB_CONN[@]}" --mysql-db="$MYSQL_DB" --tables="$TABLES" --table-size="$TABLE_SIZE" --percentile=95)
  capture_environment
  run_capture prepare.txt sysbench oltp_read_write "${SB_ARGS[@]}" --threads="$THREADS" prepare
  run_shell_capture ibd-sizes.txt "ls -l $SANDBOX_DIR/data/sbtest/*.ibd; du -ch $SANDBOX_DIR/data/sbtest/*.ibd"

  for ((repeat = 1; repeat <= REPEATS; repeat++)); do
    for config in "${CONFIGS[@]}"; do
      run_repeat "$config" "$repeat"
    done
  done
  run_long
  stop_and_keep_error_log
  log "done: $OUTDIR"
}

main "$@"

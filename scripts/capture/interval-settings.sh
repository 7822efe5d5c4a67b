#!/usr/bin/env bash
# Read/write stress over time: oltp_read_write at 8 threads for 60 s with a
# report every second, once with innodb_flush_log_at_trx_commit=1 (durable:
# the redo log is flushed at every commit) and once with =2 (written at commit,
# flushed about once a second), each followed by the InnoDB mutex and status
# output so the reader can see where the server waited.
#
#   interval-settings.sh OUTDIR
#
# Always uses its own sandbox; the settings live in real option files
# (my-<setting>.cnf in OUTDIR) passed to mariadbd with --defaults-file.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

readonly TABLES=4
readonly TABLE_SIZE=100000
readonly THREADS=8
readonly RUN_SECONDS=60
readonly SETTINGS=(trx-commit-1 trx-commit-2)

# write_option_file SETTING : the option file is part of the report, so it is
# written once here and the server reads exactly this file.
write_option_file() {
  local setting=$1 value=${1##*-}
  cat >"$OUTDIR/my-$setting.cnf" <<CNF
# Server options for the read/write stress run "$setting".
# Passed as: mariadbd --defaults-file=my-$setting.cnf (datadir, socket and log
# paths are given on the command line by scripts/capture/mariadb-sandbox.sh).
[mariadbd]
innodb_buffer_pool_size = 256M
innodb_log_file_size = 96M
innodb_flush_log_at_trx_commit = $value
innodb_flush_method = O_DIRECT
max_connections = 100
CNF
}

# Right after the run, before anything else touches the server.
capture_waits() {
  local setting=$1
  client_words
  run_capture "innodb-mutex-$setting.txt" "${CLIENT[@]}" -t -e "SHOW ENGINE INNODB MUTEX"
  if [[ ! -s $OUTDIR/innodb-mutex-$setting.txt ]]; then
    note "# innodb-mutex-$setting.txt is empty: the server returned an empty result set" \
      "# (this MariaDB build reports no InnoDB mutex statistics there). Nearest other sources," \
      "# kept even if the server rejects them: information_schema.INNODB_MUTEXES and the" \
      "# SEMAPHORES section of SHOW ENGINE INNODB STATUS."
    run_capture "innodb-mutexes-$setting.txt" "${CLIENT[@]}" -t -e "SELECT * FROM information_schema.INNODB_MUTEXES"
    run_capture "innodb-status-$setting.txt" "${CLIENT[@]}" -e 'SHOW ENGINE INNODB STATUS\G'
  fi
}

run_setting() {
  local setting=$1
  run_capture "sysbench-$setting.txt" \
    sysbench oltp_read_write "${SB_ARGS[@]}" --threads="$THREADS" --time="$RUN_SECONDS" --report-interval=1 run
  capture_waits "$setting"
  capture_global_variables "global-variables-$setting.txt"
}

main() {
  (($# == 1)) || die "usage: $0 OUTDIR"
  require_sandbox_mode
  prepare_outdir "$1"
  note "# The tables are prepared once under the first setting; the server is then restarted" \
    "# on the same datadir with the second option file."
  local setting
  for setting in "${SETTINGS[@]}"; do
    write_option_file "$setting"
  done
  trap sandbox_stop EXIT
  sandbox_start --defaults-file="$OUTDIR/my-${SETTINGS[0]}.cnf"
  sysbench_connection
  SB_ARGS=("${SB_CONN[@]}" --mysql-db="$MYSQL_DB" --tables="$TABLES" --table-size="$TABLE_SIZE" --percentile=95)
  capture_environment
  run_capture prepare.txt sysbench oltp_read_write "${SB_ARGS[@]}" prepare
  run_setting "${SETTINGS[0]}"
  for setting in "${SETTINGS[@]:1}"; do
    sandbox_restart --defaults-file="$OUTDIR/my-$setting.cnf"
    run_setting "$setting"
  done
  log "done: $OUTDIR"
}

main "$@"

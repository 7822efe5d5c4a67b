#!/usr/bin/env bash
# Latch waits over time: long oltp_read_write runs with performance_schema
# timing InnoDB's mutexes and rw-locks, sampled before, during and after each
# run, so a report can show where threads waited next to the throughput it
# draws second by second. MariaDB 10.6 and later print nothing in SHOW ENGINE
# INNODB MUTEX, so performance_schema is the one place left that times them.
#
#   perf-waits.sh OUTDIR [SECONDS]     (default 600 per setting)
#
# Settings, one option file each in OUTDIR (my-<setting>.cnf) passed to
# mariadbd with --defaults-file, each differing from my-trx-commit-1.cnf in
# one line:
#   trx-commit-1     redo log flushed at every commit (the default)
#   trx-commit-2     written at commit, flushed about once a second
#   purge-threads-1  one purge thread instead of four
# For each: restart, prewarm, then sysbench with a report every second while
# the wait summary is sampled into waits-<setting>.txt: once before the run,
# every SAMPLE_EVERY seconds during it, once after; vmstat and mpstat every
# second alongside.
#
# Always uses its own sandbox: comparing settings means restarting the server.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

readonly TABLES=4
readonly TABLE_SIZE=100000
readonly THREADS=8
readonly SAMPLE_EVERY=10
readonly SETTINGS=(trx-commit-1 trx-commit-2 purge-threads-1)
# Only the InnoDB synch instruments are switched on, so only they can have
# waited; events that never waited are left out to keep the files short (the
# parser counts an event that appears later from zero). MIN/AVG/MAX_TIMER_WAIT
# are not sampled: they are high-water marks since the server started, with no
# change over an interval, and the average over an interval is the change of
# SUM_TIMER_WAIT over the change of COUNT_STAR.
readonly WAITS_SQL="SELECT EVENT_NAME, COUNT_STAR, SUM_TIMER_WAIT FROM performance_schema.events_waits_summary_global_by_event_name WHERE EVENT_NAME LIKE 'wait/synch/%/innodb/%' AND COUNT_STAR > 0"

# The one line in which each setting differs from trx-commit-1.
setting_line() {
  case $1 in
    trx-commit-1) echo "" ;;
    trx-commit-2) echo "innodb_flush_log_at_trx_commit = 2" ;;
    purge-threads-1) echo "innodb_purge_threads = 1" ;;
    *) die "unknown setting $1" ;;
  esac
}

# write_option_file SETTING : the option file is part of the report, so it is
# written once here and the server reads exactly this file; each file states
# every setting once.
write_option_file() {
  local setting=$1
  variant_option_file "$OUTDIR/my-$setting.cnf" my-trx-commit-1.cnf "$(setting_line "$setting")" \
    "# Server options for the read/write stress run \"$setting\", with performance_schema" \
    "# timing InnoDB's latches. Passed as: mariadbd --defaults-file=my-$setting.cnf" \
    "# (datadir, socket and log paths are given on the command line by" \
    "# scripts/capture/mariadb-sandbox.sh)." <<'BASE'
innodb_buffer_pool_size = 256M
innodb_log_file_size = 96M
innodb_flush_log_at_trx_commit = 1
innodb_purge_threads = 4
innodb_flush_method = O_DIRECT
innodb_buffer_pool_dump_at_shutdown = OFF
innodb_buffer_pool_load_at_startup = OFF
performance_schema = ON
performance-schema-instrument = 'wait/synch/%/innodb/%=ON'
max_connections = 100
BASE
}

explain_method() {
  note "#" \
    "# Settings (one option file each, my-<setting>.cnf; each differs from my-trx-commit-1.cnf" \
    "# in one line, named in the file's header):" \
    "#   trx-commit-1     innodb_flush_log_at_trx_commit=1, innodb_purge_threads=4 (the defaults)" \
    "#   trx-commit-2     innodb_flush_log_at_trx_commit=2" \
    "#   purge-threads-1  innodb_purge_threads=1" \
    "# Every option file turns performance_schema on with the InnoDB mutex, rw-lock and" \
    "# sx-lock instruments (performance-schema-instrument='wait/synch/%/innodb/%=ON')." \
    "# Every run: oltp_read_write, $TABLES tables x $TABLE_SIZE rows, --threads=$THREADS, --time=$RUN_SECONDS," \
    "# --report-interval=1. The server is not pinned; sysbench and mariadbd share the" \
    "# machine's $(nproc) cores. The tables are prepared once under the first setting; before each" \
    "# run the server is restarted on the same datadir with the setting's option file and its" \
    "# buffer pool filled by 'sysbench oltp_read_write prewarm' (dump and load at shutdown and" \
    "# startup are off, so no run starts with pages another run left behind)." \
    "#" \
    "# waits-<setting>.txt: snapshots of" \
    "#   $WAITS_SQL" \
    "# each one a call of" \
    "#   mariadb --no-defaults --socket=… --user=root -e \"SELECT NOW(6); <the query above>\"" \
    "# in batch form (tab-separated, as the client prints into a file), appended to the file" \
    "# after a marker line written by this script, '-- snapshot N t=Ss …', where S is the" \
    "# seconds since snapshot 1 began (from the script's clock). Snapshot 1 is taken just" \
    "# before sysbench starts, then one every $SAMPLE_EVERY s while it runs (at t=$SAMPLE_EVERY, $((2 * SAMPLE_EVERY)), …, the" \
    "# last before t=$RUN_SECONDS), and one after it has exited. sysbench's own time stamps count from" \
    "# its start, a fraction of a second after snapshot 1. load.txt has uptime at each snapshot." \
    "# vmstat 1 and mpstat -P ALL 1 run alongside each sysbench run (vmstat-<setting>.txt," \
    "# mpstat-<setting>.txt), so the CPU time other work took from the machine is on record." \
    "#" \
    "# After each run: SHOW ENGINE INNODB STATUS\\G (innodb-status-<setting>.txt), then" \
    "# SHOW GLOBAL VARIABLES (global-variables-<setting>.txt)." \
    "# mariadbd-error.log is the server's own error log over the whole capture, copied after" \
    "# the final shutdown."
}

now() {
  echo "$EPOCHREALTIME"
}

# Seconds since T0, to the millisecond.
since_start() {
  awk -v a="$T0" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'
}

# snapshot FILE N WHEN : one marker line and one client call appended to FILE.
snapshot() {
  local file=$1 n=$2 when=$3 t
  t=$(since_start)
  printf -- '-- snapshot %d t=%ss %s\n' "$n" "$t" "$when" >>"$OUTDIR/$file"
  mariadb_client -e "SELECT NOW(6); $WAITS_SQL" >>"$OUTDIR/$file" 2>&1 || true
  record_load "snapshot $n t=${t}s" "$file"
}

# sample_during FILE STOPFILE : a snapshot every SAMPLE_EVERY seconds after T0
# until the run's last full interval, or until STOPFILE appears (the run ended
# early). Runs in the background while sysbench runs in the foreground.
sample_during() {
  local file=$1 stop=$2 k=1 due
  while ((k * SAMPLE_EVERY < RUN_SECONDS)); do
    due=$((k * SAMPLE_EVERY))
    until awk -v a="$T0" -v b="$(now)" -v d="$due" 'BEGIN { exit !(b - a >= d) }'; do
      [[ -e $stop ]] && return 0
      sleep 0.2
    done
    [[ -e $stop ]] && return 0
    snapshot "$file" $((k + 1)) "during sysbench"
    k=$((k + 1))
  done
}

run_setting() {
  local setting=$1 waits="waits-$1.txt" stop sampler count
  sandbox_restart --defaults-file="$OUTDIR/my-$setting.cnf"
  run_capture "prewarm-$setting.txt" sysbench oltp_read_write "${SB_ARGS[@]}" --threads="$THREADS" prewarm
  note "" "# $waits  started $(date -u +%Y-%m-%dT%H:%M:%SZ): snapshots before, every ${SAMPLE_EVERY} s during and after sysbench-$setting.txt (see above)"
  stop=$(mktemp -u "${TMPDIR:-/tmp}/perf-waits-stop.XXXXXX")
  T0=$(now)
  snapshot "$waits" 1 "before sysbench"
  sample_during "$waits" "$stop" &
  SAMPLER=$!
  sampler=$SAMPLER
  start_monitors "$setting" "$RUN_SECONDS" "sysbench-$setting.txt"
  run_capture "sysbench-$setting.txt" \
    sysbench oltp_read_write "${SB_ARGS[@]}" --threads="$THREADS" --time="$RUN_SECONDS" --report-interval=1 run
  touch "$stop"
  wait "$sampler" || true
  SAMPLER=""
  rm -f "$stop"
  # As soon as sysbench has exited: vmstat and mpstat, running behind on a
  # busy machine, are waited for afterwards, so the last interval holds the
  # run and not the quiet seconds after it.
  count=$(grep -c '^-- snapshot ' "$OUTDIR/$waits")
  snapshot "$waits" $((count + 1)) "after sysbench"
  note "# $waits  finished $(date -u +%Y-%m-%dT%H:%M:%SZ): $((count + 1)) snapshots"
  wait_monitors
  client_words
  run_capture "innodb-status-$setting.txt" "${CLIENT[@]}" -e 'SHOW ENGINE INNODB STATUS\G'
  capture_global_variables "global-variables-$setting.txt"
}

# On the way out (also on Ctrl-C): no sampler left polling a stopped server.
cleanup() {
  [[ -z ${SAMPLER:-} ]] || kill "$SAMPLER" 2>/dev/null || true
  sandbox_stop
}

# The error log lives in the sandbox directory, which sandbox_stop removes; it
# is copied after a clean shutdown so it ends with the shutdown record.
stop_and_keep_error_log() {
  local dir=$SANDBOX_DIR
  log "stopping sandbox"
  "$SANDBOX" stop "$dir"
  cp "$dir/error.log" "$OUTDIR/mariadbd-error.log"
  sandbox_stop
  note "" "# server: stopped at $(date -u +%Y-%m-%dT%H:%M:%SZ) and its directory removed;" \
    "# its error log is kept as mariadbd-error.log."
  record_load after "server stop"
}

main() {
  (($# >= 1 && $# <= 2)) || die "usage: $0 OUTDIR [SECONDS]"
  [[ ${2:-600} =~ ^[1-9][0-9]*$ ]] || die "SECONDS must be a whole number of seconds, not '$2'"
  RUN_SECONDS=${2:-600}
  readonly RUN_SECONDS
  require_sandbox_mode
  prepare_outdir "$1"
  explain_method
  local setting
  for setting in "${SETTINGS[@]}"; do
    write_option_file "$setting"
  done
  trap cleanup EXIT
  sandbox_start --defaults-file="$OUTDIR/my-${SETTINGS[0]}.cnf"
  sysbench_connection
  SB_ARGS=("${SB_CONN[@]}" --mysql-db="$MYSQL_DB" --tables="$TABLES" --table-size="$TABLE_SIZE" --percentile=95)
  capture_environment
  run_capture prepare.txt sysbench oltp_read_write "${SB_ARGS[@]}" --threads="$THREADS" prepare
  for setting in "${SETTINGS[@]}"; do
    run_setting "$setting"
  done
  stop_and_keep_error_log
  log "done: $OUTDIR"
}

main "$@"

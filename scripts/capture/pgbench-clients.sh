#!/usr/bin/env bash
# Client sweep with pgbench (PostgreSQL): the built-in tpcb-like,
# simple-update and select-only scripts at 1-8 clients, each twice, with
# per-second progress (-P 1) and per-statement latencies (-r); then one run
# each of what pgbench prints differently: a target rate with a latency limit
# (under and over what the machine can do), the prepared protocol, two
# weighted scripts, a script of its own (pgbench-custom.sql, -f) with
# --progress-timestamp, a fixed number of transactions, a new connection per
# transaction, repeatable read with retried serialization failures, a run
# that fails (unknown database) and one that aborts (the server is stopped
# while it runs).
#
#   pgbench-clients.sh OUTDIR
#
# Always starts its own throwaway cluster (postgres-sandbox.sh), removed again
# on exit. PG_BIN names the directory of pgbench, initdb and pg_ctl.
#
# Environment, to compare a server setting with the same sweep:
#   PGOPTS       extra server options, e.g. "-c synchronous_commit=off"
#   SWEEP_ONLY   1: only the client sweep, not the one-off variants
#   SIZES_ONLY   1: only pgbench -i without and with --partitions, and their sizes
# Each capture also keeps pg_stat_bgwriter and pg_stat_wal before and after
# the sweep (stats-before.txt, stats-after.txt), pg_stat_activity's wait
# events sampled once a second during the tpcb-like runs at 8 clients
# (waits-tpcb-like-c8-rN.txt), and relation sizes after pgbench -i without
# and with --partitions (sizes-*.txt, du-*.txt).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

readonly PG_SANDBOX="$CAPTURE_DIR/postgres-sandbox.sh"
PG_BIN=${PG_BIN:-$(pg_config --bindir 2>/dev/null || echo /usr/lib/postgresql/15/bin)}
export PG_BIN
readonly PGBENCH="$PG_BIN/pgbench"
readonly SCALE=10
readonly RUN_SECONDS=10
readonly CLIENTS=(1 2 4 8)
readonly REPEATS=2
readonly SCRIPTS=(tpcb-like simple-update select-only)
readonly PARTITIONS=4
readonly WAIT_QUERY="SELECT to_char(clock_timestamp(), 'HH24:MI:SS'), coalesce(wait_event_type, 'CPU'), coalesce(wait_event, 'running') FROM pg_stat_activity WHERE application_name = 'pgbench'"
read -r -a SERVER_OPTS <<<"${PGOPTS:-}"
PG_DIR=""

pg_start() {
  PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/tpsreport-postgres.XXXXXX")
  log "starting cluster in $PG_DIR"
  "$PG_SANDBOX" start "$PG_DIR" -c shared_buffers=128MB "${SERVER_OPTS[@]}"
  PG_CONN=(-h "$PG_DIR" -U postgres)
  note "" "# server: throwaway cluster started with" \
    "scripts/capture/postgres-sandbox.sh start $PG_DIR -c shared_buffers=128MB ${SERVER_OPTS[*]}" \
    "# which ran: $(cat "$PG_DIR/postgres.cmdline")"
}

pg_stop() {
  [[ -n $PG_DIR ]] || return 0
  "$PG_SANDBOX" stop "$PG_DIR" || true
  rm -rf "$PG_DIR"
  PG_DIR=""
}

psql_words() {
  PSQL=("$PG_BIN/psql" -X "${PG_CONN[@]}" -d postgres)
}

# One transcript, each command after a "$ command" line, as capture_environment
# in lib.sh writes it for MariaDB.
pg_environment() {
  local file="$OUTDIR/environment.txt" cmd
  : >"$file"
  for cmd in "$PGBENCH --version" "$PG_BIN/postgres --version" "nproc" "lscpu | head -20" \
    "uname -srm" "date -u" "free -m" "uptime"; do
    printf '$ %s\n' "$cmd" >>"$file"
    bash -c "$cmd" >>"$file" 2>&1 || true
  done
  psql_words
  printf '$ %s\n' 'psql -c "SELECT version()"' >>"$file"
  "${PSQL[@]}" -c "SELECT version()" >>"$file" 2>&1 || true
  note "" "# environment.txt: pgbench --version; postgres --version; nproc; lscpu | head -20;" \
    "#   uname -srm; date -u; free -m; uptime; psql -c \"SELECT version()\" (each preceded by a \"\$ command\" line)"
}

# pgbench itself runs one thread per job; more jobs than the 2 cores only add switching.
jobs_for() {
  (($1 < 2)) && echo 1 || echo 2
}

run_sweep() {
  local script clients repeat
  for repeat in $(seq 1 "$REPEATS"); do
    for script in "${SCRIPTS[@]}"; do
      for clients in "${CLIENTS[@]}"; do
        if [[ $script == tpcb-like && $clients == 8 ]]; then
          note "" "# waits-$script-c$clients-r$repeat.txt: once a second during the run below, psql -At -c \"$WAIT_QUERY\""
          sample_waits "waits-$script-c$clients-r$repeat.txt" &
        fi
        run_capture "$script-c$clients-r$repeat.txt" \
          "$PGBENCH" "${PG_CONN[@]}" -b "$script" -c "$clients" -j "$(jobs_for "$clients")" \
          -T "$RUN_SECONDS" -P 1 -r postgres
        wait
      done
    done
  done
}

# Wait events of the pgbench sessions, one psql query a second for the length
# of a run; each sample starts with its time so the file reads as a series.
sample_waits() {
  local file=$1 second
  for second in $(seq 1 "$RUN_SECONDS"); do
    "${PSQL[@]}" -At -F ' | ' -c "$WAIT_QUERY" >>"$OUTDIR/$file" 2>&1 || true
    sleep 1
  done
}

# Checkpoints and WAL written, as psql prints the two views.
stats_snapshot() {
  run_capture "$1" "${PSQL[@]}" -c "SELECT * FROM pg_stat_bgwriter" -c "SELECT * FROM pg_stat_wal"
}

# Relation sizes as psql reports them, and the database directory as du -b does.
relation_sizes() {
  local tag=$1
  run_capture "sizes-$tag.txt" "${PSQL[@]}" -c "SELECT c.relname, c.relkind, pg_total_relation_size(c.oid) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname"
  run_shell_capture "du-$tag.txt" "echo '\$ du -sb base'; cd '$PG_DIR/data' && du -sb base"
}

# Plain sizes are taken right after pgbench -i (run_sweep's updates would
# bloat them), the partitioned ones after a second pgbench -i at the end.
run_partitions() {
  run_capture init-partitions.txt "$PGBENCH" "${PG_CONN[@]}" -i -s "$SCALE" --partitions "$PARTITIONS" postgres
  relation_sizes partitions
}

run_variants() {
  local base=("$PGBENCH" "${PG_CONN[@]}" -c 4 -j 2 -P 1 -r)
  note "" "# rate-under.txt asks for less than the machine does, rate-over.txt for more:" \
    "# the second shows lag growing and transactions skipped for the latency limit."
  run_capture rate-under.txt "${base[@]}" -T "$RUN_SECONDS" -R 100 -L 10 postgres
  run_capture rate-over.txt "${base[@]}" -T "$RUN_SECONDS" -R 5000 -L 10 postgres
  run_capture prepared-select-only-c4.txt "${base[@]}" -T "$RUN_SECONDS" -M prepared -b select-only postgres
  run_capture weighted-c4.txt "${base[@]}" -T "$RUN_SECONDS" -b tpcb-like@1 -b select-only@9 postgres
  note "" "# custom-c4.txt runs scripts/capture/pgbench-custom.sql, with progress times as Unix epoch seconds."
  run_capture custom-c4.txt "${base[@]}" -T "$RUN_SECONDS" --progress-timestamp -f "$CAPTURE_DIR/pgbench-custom.sql" postgres
  run_capture transactions-c2.txt "$PGBENCH" "${PG_CONN[@]}" -c 2 -j 2 -t 500 -r postgres
  run_capture connect-c4.txt "${base[@]}" -T "$RUN_SECONDS" -C -b select-only postgres
  note "" "# retries-c8.txt: repeatable read (set through PGOPTIONS) makes concurrent updates of the" \
    "# same branch fail with serialization errors; pgbench retries each up to 3 times."
  run_capture retries-c8.txt env "PGOPTIONS=-c default_transaction_isolation=repeatable\\ read" \
    "$PGBENCH" "${PG_CONN[@]}" -c 8 -j 2 -T "$RUN_SECONDS" -P 1 -r --max-tries=3 --failures-detailed postgres
  note "" "# failed-unknown-database.txt is expected to fail: database no_such_db does not exist."
  run_capture failed-unknown-database.txt "${base[@]}" -T "$RUN_SECONDS" no_such_db
  run_aborted
}

# The last run: the server is stopped (fast shutdown) a few seconds into it, so
# its clients lose their connections and pgbench says the run was aborted.
run_aborted() {
  local delay=3
  note "" "# aborted-server-stopped.txt is expected to abort: $delay s after it starts, the server is stopped with" \
    "scripts/capture/postgres-sandbox.sh stop $PG_DIR"
  (sleep "$delay" && "$PG_SANDBOX" stop "$PG_DIR") &
  local stopper=$!
  run_capture aborted-server-stopped.txt "$PGBENCH" "${PG_CONN[@]}" -c 4 -j 2 -T "$RUN_SECONDS" -P 1 -r postgres
  wait "$stopper" || true
}

main() {
  (($# == 1)) || die "usage: $0 OUTDIR"
  [[ -x $PGBENCH ]] || die "no pgbench in $PG_BIN (install postgresql, or set PG_BIN)"
  prepare_outdir "$1"
  trap pg_stop EXIT
  pg_start
  pg_environment
  psql_words
  run_capture settings.txt "${PSQL[@]}" -c "SHOW ALL"
  run_capture init.txt "$PGBENCH" "${PG_CONN[@]}" -i -s "$SCALE" postgres
  relation_sizes plain
  [[ ${SIZES_ONLY:-0} == 1 ]] && { run_partitions; log "done: $OUTDIR"; return 0; }
  stats_snapshot stats-before.txt
  run_sweep
  stats_snapshot stats-after.txt
  run_partitions
  [[ ${SWEEP_ONLY:-0} == 1 ]] || run_variants
  log "done: $OUTDIR"
}

main "$@"

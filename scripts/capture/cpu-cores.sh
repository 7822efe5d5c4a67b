#!/usr/bin/env bash
# CPU efficiency by core count: sysbench oltp_read_write with mariadbd pinned
# to one core and then to two, at several client session counts per core
# count, with vmstat and mpstat sampling every second alongside each run.
# Repeated for three server variants that differ in how much CPU a
# transaction costs:
#   ahi-off   the MariaDB 10.11 default: no adaptive hash index, every index
#             lookup walks the B-tree;
#   ahi-on    --innodb-adaptive-hash-index=ON: a hash lookup can replace the
#             B-tree walk, but the hash has to be built and kept up to date
#             as rows change, and its latches are taken on every lookup;
#   ps-waits  AHI off with --performance-schema=ON and every wait instrument
#             on, so the server times every mutex, rw-lock and I/O wait it
#             goes through: pure extra CPU on each transaction.
# Every combination runs twice, in two passes of opposite order (variants and
# core counts forwards, then backwards), so a change in what else runs on the
# machine during the capture weighs on every variant alike instead of on the
# one that happened to run last.
#
#   cpu-cores.sh OUTDIR
#
# Always uses its own sandbox: pinning means restarting mariadbd under taskset.
# Only the server is pinned; the sysbench client may run on any core, which on
# a two-core machine means it competes with the server (see commands.txt).
# Run it at a high priority when other work shares the machine, as root in a
# session of its own (setsid nice -n -15 ...; see session_priority in lib.sh),
# and say what else ran in CAPTURE_NOTE: commands.txt records both.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

readonly TABLES=4
readonly TABLE_SIZE=50000
readonly RUN_SECONDS=15
readonly BASE_OPTIONS=(--innodb-buffer-pool-size=256M)
# variant name -> mariadbd options, space-separated (none contains a space)
declare -A VARIANT_OPTIONS=(
  [ahi-off]="--innodb-adaptive-hash-index=OFF"
  [ahi-on]="--innodb-adaptive-hash-index=ON"
  [ps-waits]="--innodb-adaptive-hash-index=OFF --performance-schema=ON --performance-schema-instrument=wait/%=ON"
)
readonly VARIANTS=(ahi-off ahi-on ps-waits)
# cores -> taskset cpu list
declare -A CPU_LIST=([1]=0 [2]=0-1)
readonly CORES=(1 2)
readonly PASSES=2
# cores -> client session counts (1 to 8 sessions per core)
declare -A SESSIONS=([1]="1 2 4 8" [2]="2 4 8 16")

run_pinned() {
  local variant=$1 cores=$2 pass=$3 threads suffix
  local -a options
  read -r -a options <<<"${VARIANT_OPTIONS[$variant]}"
  SANDBOX_CPUS=${CPU_LIST[$cores]} sandbox_restart "${BASE_OPTIONS[@]}" "${options[@]}"
  session_priority "$(server_pid)" mariadbd
  run_capture "taskset-$variant-c$cores-r$pass.txt" taskset -apc "$(server_pid)"
  for threads in ${SESSIONS[$cores]}; do
    suffix="$variant-c$cores-t$threads-r$pass"
    run_with_monitors "$suffix" "$RUN_SECONDS" "sysbench-$suffix.txt" \
      sysbench oltp_read_write "${SB_ARGS[@]}" --threads="$threads" --time="$RUN_SECONDS" run
  done
}

# The words in the order pass N runs them: odd passes forwards, even ones backwards.
in_pass_order() {
  local pass=$1
  shift
  if ((pass % 2)); then
    printf '%s\n' "$@"
  else
    printf '%s\n' "$@" | tac
  fi
}

main() {
  (($# == 1)) || die "usage: $0 OUTDIR"
  require_sandbox_mode
  prepare_outdir "$1"
  note "#" \
    "# mariadbd is started under taskset -c 0 (1 core) or taskset -c 0-1 (2 cores);" \
    "# taskset-<variant>-c<cores>-r<pass>.txt shows the affinity of every server thread." \
    "# The sysbench client is not pinned: the machine has 2 cores, so with the server on" \
    "# cpu 0 the client mostly runs on cpu 1, and with the server on 0-1 they share both." \
    "# Sessions (sysbench --threads): 1, 2, 4, 8 on 1 core; 2, 4, 8, 16 on 2 cores." \
    "# Variants: ahi-off = --innodb-adaptive-hash-index=OFF (the default), ahi-on = ...=ON," \
    "# ps-waits = AHI off with --performance-schema=ON --performance-schema-instrument=wait/%=ON." \
    "# Two passes (-r1, -r2 in the file names): the second runs the variants and core counts" \
    "# in reverse order, so slow drifts in outside load fall on every variant alike." \
    "# mpstat's %nice column is CPU time of processes at a positive nice, i.e. the other work." \
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

  local pass variant cores
  for ((pass = 1; pass <= PASSES; pass++)); do
    for variant in $(in_pass_order "$pass" "${VARIANTS[@]}"); do
      for cores in $(in_pass_order "$pass" "${CORES[@]}"); do
        run_pinned "$variant" "$cores" "$pass"
      done
      ((pass > 1)) || capture_global_variables "global-variables-$variant.txt"
    done
  done
  log "done: $OUTDIR"
}

main "$@"

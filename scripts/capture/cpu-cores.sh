#!/usr/bin/env bash
# CPU efficiency by core count: sysbench oltp_read_write with mariadbd pinned
# to one core and then to two, at threads = cores and threads = 2 x cores,
# with vmstat and mpstat sampling every second alongside each run. Repeated
# for the InnoDB adaptive hash index OFF (the MariaDB 10.11 default) and ON,
# a setting that trades CPU per lookup against latch contention.
#
#   cpu-cores.sh OUTDIR
#
# Always uses its own sandbox: pinning means restarting mariadbd under taskset.
# Only the server is pinned; the sysbench client may run on any core, which on
# a two-core machine means it competes with the server (see commands.txt).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

readonly TABLES=4
readonly TABLE_SIZE=50000
readonly RUN_SECONDS=15
readonly BASE_OPTIONS=(--innodb-buffer-pool-size=256M)
# variant name -> mariadbd option
declare -A VARIANT_OPTION=([ahi-off]=--innodb-adaptive-hash-index=OFF [ahi-on]=--innodb-adaptive-hash-index=ON)
readonly VARIANTS=(ahi-off ahi-on)
# cores -> taskset cpu list
declare -A CPU_LIST=([1]=0 [2]=0-1)
readonly CORES=(1 2)

run_pinned() {
  local variant=$1 cores=$2 threads suffix
  SANDBOX_CPUS=${CPU_LIST[$cores]} sandbox_restart "${BASE_OPTIONS[@]}" "${VARIANT_OPTION[$variant]}"
  run_capture "taskset-$variant-c$cores.txt" taskset -apc "$(server_pid)"
  for threads in "$cores" $((2 * cores)); do
    suffix="$variant-c$cores-t$threads"
    run_with_monitors "$suffix" "$RUN_SECONDS" "sysbench-$suffix.txt" \
      sysbench oltp_read_write "${SB_ARGS[@]}" --threads="$threads" --time="$RUN_SECONDS" run
  done
}

main() {
  (($# == 1)) || die "usage: $0 OUTDIR"
  require_sandbox_mode
  prepare_outdir "$1"
  note "#" \
    "# mariadbd is started under taskset -c 0 (1 core) or taskset -c 0-1 (2 cores);" \
    "# taskset-<variant>-c<cores>.txt shows the affinity of every server thread." \
    "# The sysbench client is not pinned: the machine has 2 cores, so with the server on" \
    "# cpu 0 the client mostly runs on cpu 1, and with the server on 0-1 they share both." \
    "# Variants: ahi-off = --innodb-adaptive-hash-index=OFF, ahi-on = ...=ON."
  trap sandbox_stop EXIT
  sandbox_start "${BASE_OPTIONS[@]}"
  sysbench_connection
  SB_ARGS=("${SB_CONN[@]}" --mysql-db="$MYSQL_DB" --tables="$TABLES" --table-size="$TABLE_SIZE" --percentile=95)
  capture_environment
  run_capture prepare.txt sysbench oltp_read_write "${SB_ARGS[@]}" prepare

  local variant cores
  for variant in "${VARIANTS[@]}"; do
    for cores in "${CORES[@]}"; do
      run_pinned "$variant" "$cores"
    done
    capture_global_variables "global-variables-$variant.txt"
  done
  log "done: $OUTDIR"
}

main "$@"

# Shared helpers for the capture scripts in this directory. Source it; do not run it.
#
# Every capture writes what the tool printed, stdout and stderr together, into
# its own file and nothing else: the parsers and the published report must see
# exactly the bytes a reader would get by running the same command. What we
# know about a run that the tool does not print (the command line, when it ran,
# its exit status, machine load) goes into commands.txt and load.txt instead.
#
# Connection settings (used by scripts that can run against an existing server):
#   MYSQL_SOCKET    unix socket of the server; unset = start a throwaway sandbox
#   MYSQL_USER      default root
#   MYSQL_PASSWORD  default empty; written to commands.txt as *** only
#   MYSQL_DB        default sbtest (must exist)

CAPTURE_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly CAPTURE_DIR
readonly SANDBOX="$CAPTURE_DIR/mariadb-sandbox.sh"

MYSQL_USER=${MYSQL_USER:-root}
MYSQL_PASSWORD=${MYSQL_PASSWORD:-}
MYSQL_DB=${MYSQL_DB:-sbtest}
SANDBOX_DIR=""

log() {
  echo "[$(date -u +%H:%M:%S)] $*" >&2
}

die() {
  echo "$(basename "$0"): $*" >&2
  exit 1
}

# OUTDIR must not hold an earlier capture (it would have a commands.txt):
# mixing two sessions' outputs in one report would make the numbers
# incomparable without saying so. Other files, such as results an author
# copied from a published article, may stay.
prepare_outdir() {
  local outdir=$1
  mkdir -p "$outdir"
  if [[ -e $outdir/commands.txt ]]; then
    die "$outdir already holds a capture (commands.txt); move it away first"
  fi
  OUTDIR=$(cd "$outdir" && pwd)
  COMMANDS="$OUTDIR/commands.txt"
  LOADFILE="$OUTDIR/load.txt"
  note "# Commands used for this capture, in order. Each output file holds exactly what" \
    "# the command printed (stdout and stderr together). Machine load (uptime) before and" \
    "# after each command is in load.txt."
}

# Free text for commands.txt (notes on what was done and why).
note() {
  printf '%s\n' "$@" >>"$COMMANDS"
}

# Quote a command the way a shell user would retype it; hide the password.
quote_command() {
  local arg out=()
  for arg in "$@"; do
    case $arg in
      --mysql-password=?*) out+=("--mysql-password=***") ;;
      *) out+=("$(printf '%q' "$arg")") ;;
    esac
  done
  echo "${out[*]}"
}

record_load() {
  printf '%s %s: %s\n' "$1" "$2" "$(uptime)" >>"$LOADFILE"
}

# run_capture FILE CMD... : run CMD with its output (2>&1) in OUTDIR/FILE and
# log it. A failing command does not stop the capture: a failed run is a
# result too, and its exit status is kept in commands.txt.
run_capture() {
  local file=$1 status=0
  shift
  log "$file"
  record_load before "$file"
  printf '\n# %s  started %s\n%s\n' "$file" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
    "$(quote_command "$@")" >>"$COMMANDS"
  "$@" >"$OUTDIR/$file" 2>&1 || status=$?
  printf '# exit status %d, finished %s\n' "$status" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$COMMANDS"
  record_load after "$file"
  return 0
}

# run_shell_capture FILE 'SHELL TEXT' : like run_capture for a pipeline or a
# shell keyword such as `time`; commands.txt gets the text as written.
run_shell_capture() {
  local file=$1 script=$2 status=0
  log "$file"
  record_load before "$file"
  printf '\n# %s  started %s\n%s\n' "$file" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$script" >>"$COMMANDS"
  bash -c "$script" >"$OUTDIR/$file" 2>&1 || status=$?
  printf '# exit status %d, finished %s\n' "$status" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$COMMANDS"
  record_load after "$file"
  return 0
}

# --- server ---------------------------------------------------------------

# Start a sandbox in a fresh directory under SANDBOX_ROOT with the given
# mariadbd options and point MYSQL_SOCKET at it.
sandbox_start() {
  SANDBOX_DIR=$(mktemp -d "${SANDBOX_ROOT:-${TMPDIR:-/tmp}}/tpsreport-mariadb.XXXXXX")
  log "starting sandbox in $SANDBOX_DIR ${SANDBOX_CPUS:+(cpus $SANDBOX_CPUS) }$*"
  "$SANDBOX" start "$SANDBOX_DIR" "$@"
  MYSQL_SOCKET="$SANDBOX_DIR/mysqld.sock"
  MYSQL_DB=sbtest
  note "" "# server: throwaway sandbox started with" \
    "${SANDBOX_CPUS:+SANDBOX_CPUS=$SANDBOX_CPUS }scripts/capture/mariadb-sandbox.sh start $SANDBOX_DIR $*" \
    "# which ran: $(cat "$SANDBOX_DIR/mariadbd.cmdline")"
}

# Restart the current sandbox on the same datadir with new mariadbd options
# (and SANDBOX_CPUS as set now): same data, different server settings.
sandbox_restart() {
  log "restarting sandbox ${SANDBOX_CPUS:+(cpus $SANDBOX_CPUS) }$*"
  "$SANDBOX" stop "$SANDBOX_DIR"
  "$SANDBOX" start "$SANDBOX_DIR" "$@"
  note "" "# server: restarted on the same datadir with" \
    "${SANDBOX_CPUS:+SANDBOX_CPUS=$SANDBOX_CPUS }scripts/capture/mariadb-sandbox.sh stop $SANDBOX_DIR" \
    "${SANDBOX_CPUS:+SANDBOX_CPUS=$SANDBOX_CPUS }scripts/capture/mariadb-sandbox.sh start $SANDBOX_DIR $*" \
    "# which ran: $(cat "$SANDBOX_DIR/mariadbd.cmdline")"
}

sandbox_stop() {
  [[ -n $SANDBOX_DIR ]] || return 0
  "$SANDBOX" stop "$SANDBOX_DIR" || true
  rm -rf "$SANDBOX_DIR"
  SANDBOX_DIR=""
}

server_pid() {
  cat "$SANDBOX_DIR/mysqld.pid"
}

# With autogroup scheduling (/proc/sys/kernel/sched_autogroup_enabled = 1) the
# kernel shares CPU time between sessions first and by nice value only inside
# a session, so `nice -n -15` alone does not keep another session's nice-19
# work off the cores. session_priority PID WHAT gives PID's session this
# script's niceness when that is negative, and says so in commands.txt. The
# server has a session of its own (mariadb-sandbox.sh starts it with setsid):
# call this for it after every start, and once for the script's own session.
session_priority() {
  local pid=$1 what=$2 niceness
  niceness=$(nice)
  ((niceness < 0)) && [[ -w /proc/$pid/autogroup ]] || return 0
  echo "$niceness" >"/proc/$pid/autogroup"
  note "# session of $what (pid $pid) given nice $niceness: /proc/$pid/autogroup now reads $(cat "/proc/$pid/autogroup")"
}

# Scripts that compare server settings restart the server between variants,
# which only works for a server they started themselves.
require_sandbox_mode() {
  [[ -z ${MYSQL_SOCKET:-} ]] ||
    die "this capture restarts the server with different settings; unset MYSQL_SOCKET to let it use its own sandbox"
}

# Client arguments. The password travels in MYSQL_PWD so it stays out of
# commands.txt and the process list.
mariadb_client() {
  MYSQL_PWD=$MYSQL_PASSWORD command mariadb --no-defaults --socket="$MYSQL_SOCKET" --user="$MYSQL_USER" "$@"
}

# For commands.txt and run_capture: the same client call as plain words.
client_words() {
  CLIENT=(mariadb --no-defaults --socket="$MYSQL_SOCKET" --user="$MYSQL_USER")
}

# A setup statement that prints nothing when it works: logged in commands.txt,
# and fatal when it fails, because every later measurement would depend on it.
sql_step() {
  client_words
  note "" "$(quote_command "${CLIENT[@]}" -e "$1")"
  mariadb_client -e "$1"
}

sysbench_connection() {
  SB_CONN=(--db-driver=mysql --mysql-socket="$MYSQL_SOCKET" --mysql-user="$MYSQL_USER")
  [[ -z $MYSQL_PASSWORD ]] || SB_CONN+=(--mysql-password="$MYSQL_PASSWORD")
}

# --- environment ----------------------------------------------------------

# One transcript: each command preceded by a "$ command" line, then exactly
# what it printed.
capture_environment() {
  local file="$OUTDIR/environment.txt" cmd
  : >"$file"
  for cmd in "sysbench --version" "mariadbd --version" "nproc" "lscpu | head -20" \
    "uname -srm" "date -u" "free -m" "uptime"; do
    printf '$ %s\n' "$cmd" >>"$file"
    bash -c "$cmd" >>"$file" 2>&1 || true
  done
  printf '$ %s\n' 'mariadb -e "SELECT VERSION()"' >>"$file"
  mariadb_client -e "SELECT VERSION()" >>"$file" 2>&1 || true
  note "" "# environment.txt: sysbench --version; mariadbd --version; nproc; lscpu | head -20;" \
    "#   uname -srm; date -u; free -m; uptime; mariadb -e \"SELECT VERSION()\" (each preceded by a \"\$ command\" line)"
}

# capture_global_variables FILE : batch (tab-separated) form, as the client
# prints it when its output is not a terminal.
capture_global_variables() {
  client_words
  run_capture "$1" "${CLIENT[@]}" -e "SHOW GLOBAL VARIABLES"
}

# start_monitors SUFFIX SECONDS SYSBENCH_FILE : vmstat and mpstat sampling every
# second into their own files, in the background, for SECONDS. The sample
# counts match the run length so both tools end on their own and mpstat prints
# its Average lines. wait_monitors waits for both.
start_monitors() {
  local suffix=$1 seconds=$2 file=$3
  note "" "# vmstat-$suffix.txt and mpstat-$suffix.txt, started just before $file:" \
    "vmstat 1 $((seconds + 1))" "mpstat -P ALL 1 $seconds"
  vmstat 1 $((seconds + 1)) >"$OUTDIR/vmstat-$suffix.txt" 2>&1 &
  MONITOR_PIDS=($!)
  mpstat -P ALL 1 "$seconds" >"$OUTDIR/mpstat-$suffix.txt" 2>&1 &
  MONITOR_PIDS+=($!)
}

wait_monitors() {
  wait "${MONITOR_PIDS[@]}" || true
  MONITOR_PIDS=()
}

# run_with_monitors SUFFIX SECONDS SYSBENCH_FILE CMD... : run CMD as a capture
# while vmstat and mpstat sample every second alongside.
run_with_monitors() {
  local suffix=$1 seconds=$2 file=$3
  shift 3
  start_monitors "$suffix" "$seconds" "$file"
  run_capture "$file" "$@"
  wait_monitors
}

# option_lines CHANGED : the baseline's option lines (on stdin) with the one
# whose name CHANGED sets replaced by CHANGED ("name = value"; empty keeps the
# baseline), so a variant's option file states every setting exactly once.
option_lines() {
  local changed=$1 key=${1%% =*} line
  while IFS= read -r line; do
    if [[ -n $changed && ${line%% =*} == "$key" ]]; then
      echo "$changed"
    else
      echo "$line"
    fi
  done
}

# variant_option_file OUT BASELINE CHANGED HEADER... : writes the option file
# a variant's server reads: the HEADER lines, which file it differs from and in
# what (when CHANGED is not empty), then the baseline's option lines (on stdin)
# through option_lines. The file is part of the report, written once here.
variant_option_file() {
  local out=$1 baseline=$2 changed=$3
  shift 3
  {
    printf '%s\n' "$@"
    if [[ -n $changed ]]; then
      echo "# Differs from $baseline in one setting: $changed"
    fi
    echo "[mariadbd]"
    option_lines "$changed"
  } >"$out"
}

#!/usr/bin/env bash
# Load benchmark (not a test): GET /healthz and POST /solve (cycling Norvig's easy puzzles) with wrk
# against one release server on a loopback port, alternating the two endpoints in rounds so that
# both see the same machine. For each connection count it prints every round's req/s, the CPU time
# per request of the server and of wrk, the median req/s ratio (the service's goal: solve >= 0.8x
# healthz) and the non-2xx answers and socket errors (must be 0).
#
# On a machine shared with other work, req/s measures the neighbours as much as the server (both
# endpoints swing by 2x between rounds). The CPU ratio, (server + wrk CPU per /healthz request) /
# (the same per /solve request), is what the ratio would be if the two processes had the cores to
# themselves, and it holds steady from round to round: it is printed beside the req/s ratio.
#
# Usage: scripts/load-bench.sh
#   env: CONNECTIONS ("64 256") ROUNDS (3) DURATION (5s per run) THREADS (2) MIN_RATIO (0.8)
#        QUEUE (the server's --queue; default: the largest connection count, so that every
#        connection's request has a place and none is shed with 503)
#        SUDOKU_BIN (a prebuilt binary; default: cargo build --release)
set -euo pipefail
cd "$(dirname "$0")/.."

readonly CONNECTIONS=${CONNECTIONS:-64 256} ROUNDS=${ROUNDS:-3} DURATION=${DURATION:-5s}
readonly THREADS=${THREADS:-2} MIN_RATIO=${MIN_RATIO:-0.8}
largest=0
for c in $CONNECTIONS; do (( c > largest )) && largest=$c; done
export SUDOKU_QUEUE=${QUEUE:-$largest}

if ! command -v wrk >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi

# shellcheck source=scripts/live-server.sh
source scripts/live-server.sh
start_live_server

# The server's CPU time so far (user + system), in clock ticks.
server_ticks() { awk '{print $14 + $15}' "/proc/$server_pid/stat"; }

# Runs wrk with CONNS connections and prints "REQ_PER_SEC BAD SERVER_US WRK_US": BAD counts
# non-2xx/3xx answers plus socket errors, *_US are CPU microseconds per request.
run_wrk() {
  local conns=$1 out rps bad errors requests before after wrk_cpu
  shift
  before=$(server_ticks)
  # bash's `time` reports wrk's own user and system seconds.
  out=$( { TIMEFORMAT='wrk_cpu %U %S'; time wrk -t "$THREADS" -c "$conns" -d "$DURATION" "$@"; } 2>&1 )
  after=$(server_ticks)
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  requests=$(awk '/requests in/ {print $1}' <<<"$out")
  wrk_cpu=$(awk '/^wrk_cpu/ {print $2 + $3}' <<<"$out")
  bad=$(awk '/Non-2xx or 3xx responses:/ {print $NF}' <<<"$out")
  errors=$(awk '/Socket errors:/ {for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) n += $i} END {print n + 0}' <<<"$out")
  python3 -c "import os, sys
tick, n = os.sysconf('SC_CLK_TCK'), int(sys.argv[3])
print(sys.argv[1], sys.argv[2], f'{(int(sys.argv[5]) - int(sys.argv[4])) / tick / n * 1e6:.1f}', f'{float(sys.argv[6]) / n * 1e6:.1f}')" \
    "$rps" "$(( ${bad:-0} + ${errors:-0} ))" "$requests" "$before" "$after" "$wrk_cpu"
}

median() { python3 -c "import statistics, sys; print(f'{statistics.median(map(float, sys.argv[1:])):.2f}')" "$@"; }

health() { run_wrk "$1" "$base/healthz"; }
solve() { run_wrk "$1" -s scripts/solve-easy.lua "$base/solve" -- puzzles/easy50.txt; }

echo "server: $(nproc) cores, --queue $SUDOKU_QUEUE; wrk: $THREADS threads, $DURATION per run"
status=0
for conns in $CONNECTIONS; do
  echo
  echo "== $conns connections"
  ratios=() cpu_ratios=()
  for round in $(seq 1 "$ROUNDS"); do
    # Which endpoint goes first alternates, so a drift in the machine's load favours neither.
    if (( round % 2 )); then
      read -r health_rps health_bad health_us health_wrk_us < <(health "$conns")
      read -r solve_rps solve_bad solve_us solve_wrk_us < <(solve "$conns")
    else
      read -r solve_rps solve_bad solve_us solve_wrk_us < <(solve "$conns")
      read -r health_rps health_bad health_us health_wrk_us < <(health "$conns")
    fi
    ratio=$(python3 -c "print(f'{$solve_rps / $health_rps:.2f}')")
    cpu_ratio=$(python3 -c "print(f'{($health_us + $health_wrk_us) / ($solve_us + $solve_wrk_us):.2f}')")
    ratios+=("$ratio")
    cpu_ratios+=("$cpu_ratio")
    printf 'round %s: GET /healthz %9s req/s, CPU/req server %5sus wrk %5sus (bad %s) | POST /solve %9s req/s, CPU/req server %5sus wrk %5sus (bad %s) | ratio %s, CPU ratio %s\n' \
      "$round" "$health_rps" "$health_us" "$health_wrk_us" "$health_bad" \
      "$solve_rps" "$solve_us" "$solve_wrk_us" "$solve_bad" "$ratio" "$cpu_ratio"
    if (( health_bad + solve_bad > 0 )); then
      echo "FAIL: non-2xx answers or socket errors" >&2
      status=1
    fi
  done
  median=$(median "${ratios[@]}")
  echo "median ratio solve/healthz at $conns connections: $median (goal >= $MIN_RATIO); median CPU ratio $(median "${cpu_ratios[@]}")"
  if ! python3 -c "import sys; sys.exit(0 if $median >= $MIN_RATIO else 1)"; then
    echo "FAIL: solve reached less than $MIN_RATIO of healthz at $conns connections" >&2
    status=1
  fi
done
exit "$status"

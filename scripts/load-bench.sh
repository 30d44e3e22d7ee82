#!/usr/bin/env bash
# Load benchmark (not a test): GET /healthz and POST /solve (cycling Norvig's easy puzzles) with wrk
# against one release server on a loopback port, alternating the two endpoints in rounds so that
# both see the same machine (it is shared: other load moves both figures, not their ratio). For each
# connection count it prints every round's req/s and ratio, the median ratio (the service's goal:
# solve >= 0.8x healthz) and the non-2xx answers and socket errors (must be 0).
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

# Runs wrk with CONNS connections and prints "REQ_PER_SEC BAD", BAD counting non-2xx/3xx answers
# plus socket errors.
run_wrk() {
  local conns=$1 out rps bad errors
  shift
  out=$(wrk -t "$THREADS" -c "$conns" -d "$DURATION" "$@")
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  bad=$(awk '/Non-2xx or 3xx responses:/ {print $NF}' <<<"$out")
  errors=$(awk '/Socket errors:/ {for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) n += $i} END {print n + 0}' <<<"$out")
  echo "$rps $(( ${bad:-0} + ${errors:-0} ))"
}

health() { run_wrk "$1" "$base/healthz"; }
solve() { run_wrk "$1" -s scripts/solve-easy.lua "$base/solve" -- puzzles/easy50.txt; }

echo "server: $(nproc) cores, --queue $SUDOKU_QUEUE; wrk: $THREADS threads, $DURATION per run"
status=0
for conns in $CONNECTIONS; do
  echo
  echo "== $conns connections"
  ratios=()
  for round in $(seq 1 "$ROUNDS"); do
    # Which endpoint goes first alternates, so a drift in the machine's load favours neither.
    if (( round % 2 )); then
      read -r health_rps health_bad < <(health "$conns")
      read -r solve_rps solve_bad < <(solve "$conns")
    else
      read -r solve_rps solve_bad < <(solve "$conns")
      read -r health_rps health_bad < <(health "$conns")
    fi
    ratio=$(python3 -c "print(f'{$solve_rps / $health_rps:.2f}')")
    ratios+=("$ratio")
    printf 'round %s: GET /healthz %9s req/s (bad %s)   POST /solve %9s req/s (bad %s)   ratio %s\n' \
      "$round" "$health_rps" "$health_bad" "$solve_rps" "$solve_bad" "$ratio"
    if (( health_bad + solve_bad > 0 )); then
      echo "FAIL: non-2xx answers or socket errors" >&2
      status=1
    fi
  done
  median=$(python3 -c "import statistics, sys; print(f'{statistics.median(map(float, sys.argv[1:])):.2f}')" "${ratios[@]}")
  echo "median ratio solve/healthz at $conns connections: $median (goal >= $MIN_RATIO)"
  if ! python3 -c "import sys; sys.exit(0 if $median >= $MIN_RATIO else 1)"; then
    echo "FAIL: solve reached less than $MIN_RATIO of healthz at $conns connections" >&2
    status=1
  fi
done
exit "$status"

#!/usr/bin/env bash
# Load benchmark (not a test): GET /healthz, then POST /solve cycling the easy puzzles, each with wrk
# for a bounded time against one release server on a loopback port. Prints the req/s of each, their
# ratio (the service's goal: solve >= 0.6x healthz) and the non-2xx answers (must be 0).
#
# Usage: scripts/load-bench.sh   env: DURATION (10s) THREADS (2) CONNECTIONS (32) MIN_RATIO (0.6)
#   SUDOKU_BIN (a prebuilt binary; default: cargo build --release)
set -euo pipefail
cd "$(dirname "$0")/.."

readonly DURATION=${DURATION:-10s} THREADS=${THREADS:-2} CONNECTIONS=${CONNECTIONS:-32}
readonly MIN_RATIO=${MIN_RATIO:-0.6}

if ! command -v wrk >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi

# shellcheck source=scripts/live-server.sh
source scripts/live-server.sh
start_live_server

# Runs wrk and prints "REQ_PER_SEC BAD", BAD counting non-2xx/3xx answers plus socket errors.
run_wrk() {
  local out
  out=$(wrk --latency -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" "$@")
  printf '%s\n' "$out" >&2
  local rps bad errors
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  bad=$(awk '/Non-2xx or 3xx responses:/ {print $NF}' <<<"$out")
  errors=$(awk '/Socket errors:/ {for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) n += $i} END {print n + 0}' <<<"$out")
  echo "$rps $(( ${bad:-0} + ${errors:-0} ))"
}

echo "== GET /healthz ($THREADS threads, $CONNECTIONS connections, $DURATION)" >&2
read -r health_rps health_bad < <(run_wrk "$base/healthz")
echo "== POST /solve, puzzles/easy50.txt ($THREADS threads, $CONNECTIONS connections, $DURATION)" >&2
read -r solve_rps solve_bad < <(run_wrk -s scripts/solve-easy.lua "$base/solve" -- puzzles/easy50.txt)

ratio=$(python3 -c "print(f'{$solve_rps / $health_rps:.2f}')")
echo
echo "GET /healthz : $health_rps req/s, non-2xx or errors: $health_bad"
echo "POST /solve  : $solve_rps req/s, non-2xx or errors: $solve_bad"
echo "ratio solve/healthz: $ratio (goal >= $MIN_RATIO)"

status=0
if (( health_bad + solve_bad > 0 )); then echo "FAIL: non-2xx answers or socket errors" >&2; status=1; fi
if python3 -c "import sys; sys.exit(0 if $ratio >= $MIN_RATIO else 1)"; then :; else
  echo "FAIL: solve reached less than $MIN_RATIO of healthz" >&2; status=1
fi
exit "$status"

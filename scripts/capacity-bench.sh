#!/usr/bin/env bash
# Per-core capacity (not a test): the server's CPU time per request of each endpoint, measured with
# wrk against one release server on a loopback port, and its inverse, requests per second per core
# (one core fully busy with that endpoint alone). CPU time per request, unlike req/s, holds steady
# on a machine shared with other work; it is what the capacity guide of docs/deployment.md is
# built from.
#
#   scripts/capacity-bench.sh                        # 3 s per endpoint, 16 connections
#   env: DURATION (3s) CONNECTIONS (16) SUDOKU_BIN (a prebuilt binary; default: cargo build --release)
set -euo pipefail
cd "$(dirname "$0")/.."

readonly DURATION=${DURATION:-3s} CONNECTIONS=${CONNECTIONS:-16}
# The deadline of the levels' searches: a generated extreme puzzle may take seconds, and the
# figure wanted is the work a level costs, not how often the default cap cuts it.
export SUDOKU_SOLVE_TIMEOUT_MS=${SUDOKU_SOLVE_TIMEOUT_MS:-10000} SUDOKU_QUEUE=$CONNECTIONS
# wrk is one client: its share of heavy work is made wide enough that the figure is the work's cost,
# not the budget's 429s.
export SUDOKU_CLIENT_WORKER_SECONDS=${SUDOKU_CLIENT_WORKER_SECONDS:-1000000}
export SUDOKU_CLIENT_MAX_HEAVY=${SUDOKU_CLIENT_MAX_HEAVY:-100000}
if [[ -z "${SUDOKU_BIN:-}" ]]; then
  cargo build --release --quiet --bin sudoku
  export SUDOKU_BIN=${CARGO_TARGET_DIR:-target}/release/sudoku
fi

# shellcheck source=scripts/live-server.sh
source scripts/live-server.sh
start_live_server

server_ticks() { awk '{print $14 + $15}' "/proc/$server_pid/stat"; }

# Runs wrk and prints "| what | requests | non-2xx | server CPU us/request | requests/s per core |".
measure() {
  local what=$1 out before after requests bad
  shift
  before=$(server_ticks)
  out=$(wrk -t 2 -c "$CONNECTIONS" -d "$DURATION" "$@")
  after=$(server_ticks)
  requests=$(awk '/requests in/ {print $1}' <<<"$out")
  bad=$(awk '/Non-2xx or 3xx responses:/ {print $NF}' <<<"$out")
  python3 -c "import os, sys
tick = os.sysconf('SC_CLK_TCK')
n, cpu = int(sys.argv[2]), (int(sys.argv[4]) - int(sys.argv[3])) / tick
us = cpu / n * 1e6
print(f'| {sys.argv[1]} | {n} | {sys.argv[5]} | {us:,.0f} | {1e6 / us:,.0f} |')" \
    "$what" "$requests" "$before" "$after" "${bad:-0}"
}

echo "| endpoint | requests | non-2xx | server CPU per request (us) | requests/s per core |"
echo "|---|---|---|---|---|"
measure "GET /healthz" "$base/healthz"
measure "POST /solve (easy50)" -s scripts/solve-easy.lua "$base/solve" -- puzzles/easy50.txt
measure "GET /random" "$base/random"
for level in easy medium hard expert extreme; do
  measure "GET /random?difficulty=$level" "$base/random?difficulty=$level"
done

# A batch: one request of 100,000 Kaggle-layout lines; its figure is puzzles per CPU second.
lines=$(mktemp)
cleanup+=("$lines")
{
  echo "quizzes,solutions"
  grep -v '^#' ../shared/datasets/generated/sudoku_crate_gen_halfrot_seed20240601_10k.txt \
    | head -n 10000 | sed 's/$/,/' | awk '{for (k = 0; k < 10; k++) print}'
} >"$lines"
before=$(server_ticks)
curl -fsS -X POST -T "$lines" -H 'Content-Type: text/csv' "$base/solve/batch" | tail -n 1 >/dev/null
after=$(server_ticks)
python3 -c "import os, sys
tick = os.sysconf('SC_CLK_TCK')
cpu = (int(sys.argv[2]) - int(sys.argv[1])) / tick
us = cpu / 100000 * 1e6
print(f'| POST /solve/batch (per puzzle, newspaper puzzles) | 100000 | 0 | {us:,.1f} | {1e6 / us:,.0f} |')" "$before" "$after"

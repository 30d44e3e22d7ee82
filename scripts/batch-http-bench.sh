#!/usr/bin/env bash
# Batch throughput over HTTP against the command line (not a test): N puzzles in Kaggle's CSV layout
# (`quizzes,solutions`) solved by `sudoku solve --jobs J FILE` and streamed over one connection to
# `POST /solve/batch` of a release server with J workers, alternately, ROUNDS times; prints the
# medians, the ratio (goal: HTTP >= 0.8x the command line) and the server's peak RSS, which stays
# bounded whatever N (the route reads a bounded window ahead of its answers).
#
# The puzzles: ../shared/datasets/generated's 10,000 minimal newspaper puzzles with their solutions,
# each relabelled (digits permuted, which keeps it a puzzle with one solution) as often as it takes
# to reach N lines. The file is made once, in $TMPDIR.
#
#   scripts/batch-http-bench.sh               # N=1000000, J=all cores, ROUNDS=3
#   N=200000 ROUNDS=1 scripts/batch-http-bench.sh
#   env: SUDOKU_BIN (a prebuilt binary; default: cargo build --release)
#
# On a machine shared with other work, both sides measure the neighbours too: they run alternately
# so that each sees the same machine, and the ratio of medians is the figure to quote.
set -euo pipefail
cd "$(dirname "$0")/.."

readonly N=${N:-1000000} ROUNDS=${ROUNDS:-3} JOBS=${JOBS:-$(nproc)}
readonly SOURCE=../shared/datasets/generated/sudoku_crate_gen_halfrot_seed20240601_10k.txt
if [[ -z "${SUDOKU_BIN:-}" ]]; then
  cargo build --release --quiet --bin sudoku
  SUDOKU_BIN=${CARGO_TARGET_DIR:-target}/release/sudoku
fi
export SUDOKU_BIN SUDOKU_WORKERS=$JOBS
readonly BIN=$SUDOKU_BIN

# The data set: puzzle,solution pairs, relabelled round after round until there are N.
data=${TMPDIR:-/tmp}/sudoku-kaggle-$N.csv
if [[ ! -s "$data" ]]; then
  pairs=$(mktemp)
  grep -v '^#' "$SOURCE" | paste -d, - <("$BIN" solve --jobs "$JOBS" <(grep -v "^#" "$SOURCE") 2>/dev/null) >"$pairs"
  {
    echo "quizzes,solutions"
    round=0
    while :; do
      # A permutation of 1-9 per round, the same every run.
      perm=$(python3 -c "import random; r = random.Random($round); d = list('123456789'); r.shuffle(d); print(''.join(d))")
      tr '123456789' "$perm" <"$pairs"
      round=$((round + 1))
    done | head -n "$N" || true # the endless loop ends on a closed pipe, which pipefail reports
  } >"$data"
  rm -f "$pairs"
  [[ $(wc -l <"$data") -eq $((N + 1)) ]] || { echo "could not make $data" >&2; rm -f "$data"; exit 1; }
fi
echo "$(($(wc -l <"$data") - 1)) puzzles in $data ($(du -h "$data" | cut -f1)), $JOBS jobs/workers"

# shellcheck source=scripts/live-server.sh
source scripts/live-server.sh
start_live_server

# Wall time of a command in milliseconds, its output discarded.
millis() {
  local start end
  start=$(date +%s%N)
  "$@" >/dev/null
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# One streamed request: the body sent from the file as it is read (-T, not loaded whole), the
# answers counted as they come; fails unless every puzzle is answered and solved.
over_http() {
  local summary
  summary=$(curl -fsS -X POST -T "$data" -H 'Content-Type: text/csv' "$base/solve/batch" | tail -n 1)
  grep -q "\"count\":$N,\"solved\":$N," <<<"$summary" || { echo "unexpected summary: $summary" >&2; exit 1; }
}

cli=() http=()
for _ in $(seq "$ROUNDS"); do
  cli+=("$(millis "$BIN" solve --jobs "$JOBS" "$data")")
  http+=("$(millis over_http)")
done
a=$(printf '%s\n' "${cli[@]}" | median)
b=$(printf '%s\n' "${http[@]}" | median)
rss=$(awk '/^VmHWM/ {print $2 / 1024}' "/proc/$server_pid/status")
echo "rounds: cli ${cli[*]} ms; http ${http[*]} ms"
awk -v n="$N" -v a="$a" -v b="$b" -v rss="$rss" 'BEGIN {
  printf "| `sudoku solve --jobs` | %d ms | %.0f puzzles/s |\n", a, n / (a / 1000)
  printf "| `POST /solve/batch`, one connection | %d ms | %.0f puzzles/s |\n", b, n / (b / 1000)
  printf "HTTP / CLI throughput: %.2fx; server peak RSS %.0f MiB\n", a / b, rss
}'

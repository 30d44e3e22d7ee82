#!/usr/bin/env bash
# Times `sudoku solve --jobs 1` against the crates.io `sudoku` crate (examples/crate_baseline.rs)
# on whole puzzle files, one thread each, both counting to two solutions and printing a line per
# puzzle. The two run alternately, ROUNDS times per file; the table shows the medians.
#
#   scripts/batch-bench.sh                    # release builds, the five tdoku sets
#   ROUNDS=5 scripts/batch-bench.sh FILE...   # other files
#   SUDOKU_BIN=... BASELINE_BIN=... scripts/batch-bench.sh   # prebuilt binaries, nothing built
#
# Each row ends with the load average when it was taken (`uptime`): on a shared machine the
# ratio, both programs under the same load, is what to quote.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
TDOKU=../shared/datasets/tdoku
if [ $# -eq 0 ]; then
  set -- "$TDOKU/puzzles2_17_clue" "$TDOKU/puzzles3_magictour_top1465" "$TDOKU/puzzles5_forum_hardest_1905_11+" \
    "$TDOKU/puzzles6_forum_hardest_1106" "$TDOKU/puzzles7_serg_benchmark"
fi
release=${CARGO_TARGET_DIR:-target}/release
if [ -z "${SUDOKU_BIN:-}" ] || [ -z "${BASELINE_BIN:-}" ]; then
  cargo build --release --quiet --bin sudoku --example crate_baseline
fi
OURS=${SUDOKU_BIN:-$release/sudoku}
THEIRS=${BASELINE_BIN:-$release/examples/crate_baseline}

# Wall time of one run in milliseconds; the output goes nowhere.
millis() {
  local start end
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| file | puzzles | ours (\`sudoku solve -j 1\`) | \`sudoku\` crate | ours / crate | load average |"
echo "|---|---|---|---|---|---|"
for file in "$@"; do
  [ -f "$file" ] || { echo "missing $file" >&2; exit 1; }
  ours=() theirs=()
  for _ in $(seq "$ROUNDS"); do
    ours+=("$(millis "$OURS" solve --jobs 1 "$file")")
    theirs+=("$(millis "$THEIRS" "$file")")
  done
  a=$(printf '%s\n' "${ours[@]}" | median)
  b=$(printf '%s\n' "${theirs[@]}" | median)
  n=$(grep -c '^[0-9.]' "$file" || true)
  ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }')
  echo "| $(basename "$file") | $n | ${a} ms | ${b} ms | **${ratio}** | $(uptime | sed 's/.*load average: //') |"
done

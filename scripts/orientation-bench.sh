#!/usr/bin/env bash
# Orientation stability (not a test): for Norvig's impossible puzzle and each tdoku set, solves the
# same puzzles in seeded random equivalent forms with both solvers, one after the other in one run
# (examples/orientation_spread.rs), and prints the median, 99th percentile and maximum time per
# solve and our node counts. Node counts are deterministic; times are noisy on a shared machine,
# so compare ours with the crate's only within a line.
#
#   scripts/orientation-bench.sh            # release build; the sample sizes below
#   FORMS=5 scripts/orientation-bench.sh    # transforms per puzzle of a set (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
FORMS=${FORMS:-3}
TDOKU=../shared/datasets/tdoku
cargo build --release --quiet --example orientation_spread
spread=${CARGO_TARGET_DIR:-target}/release/examples/orientation_spread

"$spread" impossible 300
# A file and how many of its puzzles: the two large sets are sampled to keep the run short.
for set in "puzzles2_17_clue 1000" "puzzles3_magictour_top1465 1465" \
  "puzzles5_forum_hardest_1905_11+ 300" "puzzles6_forum_hardest_1106 375" \
  "puzzles7_serg_benchmark 1000"; do
  read -r file count <<<"$set"
  "$spread" "$TDOKU/$file" "$FORMS" "$count"
done

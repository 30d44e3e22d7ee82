#!/bin/sh
# Regenerates the bundled sets of other shapes (puzzles/shapes/*.jsonl, served by GET /puzzles) with
# the CLI's seeded generator: the same seeds give the same files. Each line is `sudoku random
# --format json`'s, which carries the puzzle's rules (and, for jigsaw, the regions drawn).
#
#   cargo build --release && scripts/shape-sets.sh target/release/sudoku
set -eu
sudoku=${1:-target/release/sudoku}
cd "$(dirname "$0")/.."
out=puzzles/shapes
mkdir -p "$out"
"$sudoku" random --size 6 --seed 100 --count 10 --format json > "$out/six.jsonl"
"$sudoku" random --size 12 --seed 100 --count 5 --format json > "$out/twelve.jsonl"
"$sudoku" random --size 16 --seed 100 --count 5 --format json > "$out/sixteen.jsonl"
"$sudoku" random --variant jigsaw --seed 100 --count 5 --format json > "$out/jigsaw9.jsonl"
"$sudoku" random --variant x --seed 100 --count 5 --format json > "$out/x9.jsonl"
"$sudoku" random --variant hyper --seed 100 --count 5 --format json > "$out/hyper9.jsonl"

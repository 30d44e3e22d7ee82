#!/usr/bin/env bash
# Compares our grades with HoDoKu's on a puzzle file (default: 1,000 freshly generated unique minimal
# puzzles). HoDoKu's grader comes from PyPI's hodoku-py, installed into target/hodoku-venv.
#   scripts/hodoku-compare.sh [PUZZLE_FILE] [LIMIT]
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/hodoku-venv
if [[ ! -x $venv/bin/python ]]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'hodoku-py==0.2.1'
fi
cargo build --release --locked --quiet
bin=target/release/sudoku
file=${1:-}
if [[ -z $file ]]; then
    file=target/hodoku-generated.txt
    "$bin" random --count 1000 --seed 1 >"$file"
fi
"$venv/bin/python" scripts/hodoku-compare.py "$bin" "$file" --limit "${2:-0}" --mismatches target/hodoku-mismatches.txt \
    --cache target/hodoku-grades.json

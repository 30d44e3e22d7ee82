#!/usr/bin/env bash
# The pictures of printed output (docs/printing.md and the README), made from the real thing:
# `sudoku render` and `sudoku book` write PDFs, poppler's pdftoppm turns them into PNG
# (docs/print-*.png, print-constraints.png from a JSON line with every constraint type); the killer
# picture is the golden SVG of the hand-built killer drawing (tests/golden/render/killer.svg, cages
# not yet on the wire) taken by headless chromium. Also draws every golden SVG as PNG into target/golden-png for
# review after `UPDATE_GOLDEN=1 cargo test --test render golden`.
#
# Usage: scripts/render-pictures.sh   env: SUDOKU_BIN (default: cargo build, target/debug/sudoku).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z ${SUDOKU_BIN:-} ]]; then
  cargo build --quiet
  SUDOKU_BIN=${CARGO_TARGET_DIR:-target}/debug/sudoku
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

easy="..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
"$SUDOKU_BIN" render "$easy" --number 1 --level easy -o "$tmp/classic.pdf"
pdftoppm -png -r 110 -singlefile "$tmp/classic.pdf" docs/print-classic

sixteen=$("$SUDOKU_BIN" random --size 16 --seed 5)
"$SUDOKU_BIN" render "$sixteen" --size 16 --number 2 -o "$tmp/sixteen.pdf"
pdftoppm -png -r 80 -singlefile "$tmp/sixteen.pdf" docs/print-16x16

"$SUDOKU_BIN" book --count 4 --per-page 4 --difficulty medium --seed 1 -o "$tmp/book.pdf" 2>/dev/null
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$tmp/book.pdf" docs/print-book-page

# Every constraint type on 9x9 (the golden constraints.svg's puzzle), drawn by `sudoku render`.
constraints='{"puzzle":"......6......4......1.......................8............6..........3...6........","rules":{"constraints":[{"type":"thermo","cells":["C3","C2","B2","A2"]},{"type":"arrow","circle":["A7"],"cells":["B8","B9","C9"]},{"type":"arrow","circle":["G8","G9"],"cells":["H8","I8"]},{"type":"kropki","color":"white","cells":["E4","E5"]},{"type":"kropki","color":"black","cells":["G3","H3"]},{"type":"xv","value":"X","cells":["C5","D5"]},{"type":"xv","value":"V","cells":["I4","I5"]},{"type":"little_killer","cells":["A4","B3","C2","D1"],"sum":26},{"type":"sandwich","row":"I","sum":9},{"type":"sandwich","column":1,"sum":14},{"type":"renban","cells":["F7","E7","E8"]},{"type":"whisper","cells":["D7","E6","F5"]},{"type":"palindrome","cells":["F1","G1","H2"]},{"type":"odd","cells":["I3"]},{"type":"even","cells":["A1","D9"]},{"type":"extra_region","cells":["D2","D3","D4","E2","E3","E4","F2","F3","F4"]}]}}'
"$SUDOKU_BIN" render --number 1 -o "$tmp/constraints.pdf" <<<"$constraints"
pdftoppm -png -r 110 -singlefile "$tmp/constraints.pdf" docs/print-constraints

shot() { chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$2" --window-size="$3" "file://$PWD/$1" >/dev/null 2>&1; }
shot tests/golden/render/killer.svg docs/print-killer.png 540,570
mkdir -p target/golden-png
for svg in tests/golden/render/*.svg; do
  shot "$svg" "target/golden-png/$(basename "${svg%.svg}").png" 540,570
done
ls -l docs/print-*.png

#!/usr/bin/env bash
# The playground in a real browser: Debian's chromium driven by playwright-core (npm; no browser
# download) against a live `sudoku serve` on a loopback port. Installs what it needs (apt chromium
# if /usr/bin/chromium is missing, `npm ci` in tests/browser), runs tests/browser/*.test.js,
# then takes the screenshots of docs/playground.md and the README (desktop and phone, light and
# dark) into docs/.
#
# Usage: scripts/browser-test.sh   env: SUDOKU_BIN (a prebuilt binary; default: cargo build
#   --release), SCREENSHOTS (1, the default, writes docs/playground-*.png; 0 skips them).
# The server runs on its defaults (the page is tested as a user meets it), save what the environment
# sets: `sudoku serve` reads SUDOKU_* variables, and CI raises SUDOKU_SOLVE_TIMEOUT_MS for a debug build.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [[ $(id -u) == 0 ]]; then "$@"; else sudo "$@"; fi; }

if [[ ! -x /usr/bin/chromium ]]; then
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >/dev/null
fi
if ! command -v npm >/dev/null; then
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nodejs npm >/dev/null
fi
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)

# shellcheck source=scripts/live-server.sh
source scripts/live-server.sh
start_live_server
export SUDOKU_URL=$base

cd tests/browser
node --test --test-concurrency=1 --test-reporter=spec playground.test.js newcomer.test.js shapes.test.js print.test.js constraints.test.js
if [[ ${SCREENSHOTS:-1} == 1 ]]; then
  node screenshots.js ../../docs
fi

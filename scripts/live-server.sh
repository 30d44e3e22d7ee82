# shellcheck shell=bash
# Sourced by the scripts that test a live server: starts `sudoku serve` on a free loopback port, sets
# $base, and on exit stops it with SIGTERM and removes its log and any paths listed in $cleanup.
#   env: SUDOKU_BIN (an already-built binary; default: cargo build --release)

cleanup=()

start_live_server() {
  local binary=${SUDOKU_BIN:-${CARGO_TARGET_DIR:-target}/release/sudoku}
  if [[ -z "${SUDOKU_BIN:-}" ]]; then cargo build --release --quiet --bin sudoku; fi
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  base="http://127.0.0.1:$port"
  server_log=$(mktemp)
  RUST_LOG=warn "$binary" serve --addr "127.0.0.1:$port" >"$server_log" 2>&1 &
  server_pid=$!
  trap stop_live_server EXIT
  for _ in $(seq 1 100); do
    curl -fsS "$base/healthz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  cat "$server_log"
  echo "the server did not start" >&2
  exit 1
}

# shellcheck disable=SC2317  # called by the EXIT trap
stop_live_server() {
  if kill -TERM "$server_pid" 2>/dev/null; then wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$server_log" ${cleanup[@]+"${cleanup[@]}"}
}

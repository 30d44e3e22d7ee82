#!/usr/bin/env bash
# Batch throughput over HTTP against the command line (not a test): each file solved by
# `sudoku solve --jobs J FILE` and sent to `POST /solve/batch` of a release server with J workers by
# three clients, alternately, ROUNDS times: `curl -T` (streams the file, full duplex),
# `curl --data-binary @FILE` (loads it, then sends it), and Python's `http.client` (sends the whole
# body before it reads a byte, as `requests` does; timed from its request to the answer's last
# byte, without the interpreter's start). Prints the medians, each client's ratio to the command
# line (goal: HTTP >= 0.8x), and the server's peak RSS over the whole run.
#
#   scripts/batch-http-bench.sh                          # 17-clue x10 and forum hardest 11+, ROUNDS=5
#   ROUNDS=3 scripts/batch-http-bench.sh FILE...         # other files
#   env: SUDOKU_BIN (a prebuilt binary; default: cargo build --release), JOBS (default: all cores)
#
# The default fast set is the 17-clue file ten times over (491,580 puzzles, 40 MB), where per-line
# overhead dominates and a run is long enough to time; the hard one is the forum's 48,765 hardest
# (rated 11+), where the search does. The clients run on the same machine, and their own CPU
# (Python's most of all) is taken from the solvers: JOBS=1 on a 2-core machine leaves them a core.
# On a machine shared with other work both sides measure the neighbours too: they run alternately
# so that each sees the same machine, and the ratio of medians is the figure to quote.
set -euo pipefail
cd "$(dirname "$0")/.."

readonly ROUNDS=${ROUNDS:-5} JOBS=${JOBS:-$(nproc)}
readonly TDOKU=../shared/datasets/tdoku
if [[ -z "${SUDOKU_BIN:-}" ]]; then
  cargo build --release --quiet --bin sudoku
  SUDOKU_BIN=${CARGO_TARGET_DIR:-target}/release/sudoku
fi
export SUDOKU_BIN SUDOKU_WORKERS=$JOBS
readonly BIN=$SUDOKU_BIN

if [[ $# -eq 0 ]]; then
  fast=${TMPDIR:-/tmp}/sudoku-17-clue-x10.txt
  if [[ ! -s "$fast" ]]; then
    for _ in $(seq 10); do grep -v '^#' "$TDOKU/puzzles2_17_clue"; done >"$fast"
  fi
  set -- "$fast" "$TDOKU/puzzles5_forum_hardest_1905_11+"
fi

# shellcheck source=scripts/live-server.sh
source scripts/live-server.sh
start_live_server
url="$base/solve/batch"

# Wall time of a command in milliseconds; its output is checked by the command itself.
millis() {
  local start end
  start=$(date +%s%N)
  "$@"
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# Each client must get every puzzle answered: the summary line's count is checked.
expect_count() {
  local summary
  summary=$(tail -n 1)
  grep -q "\"count\":$1," <<<"$summary" || { echo "unexpected summary: $summary" >&2; exit 1; }
}
cli() { "$BIN" solve --jobs "$JOBS" "$1" >/dev/null 2>&1; }
curl_stream() {
  curl -fsS -X POST -T "$1" -H 'Content-Type: text/plain' "$url" | expect_count "$2"
}
curl_whole() {
  curl -fsS --data-binary "@$1" -H 'Content-Type: text/plain' "$url" | expect_count "$2"
}
# Python times its own exchange, from the request's first byte to the answer's last: its
# interpreter's start and its reading of the file (about 0.1 s together) are the client's, not the
# route's. It writes the milliseconds to $python_ms, which the round reads instead of the wall.
python_ms=$(mktemp)
cleanup+=("$python_ms")
python_client() {
  python3 - "$1" "$base" "$python_ms" <<'EOF' | expect_count "$2"
import http.client, sys, time, urllib.parse
path, base = sys.argv[1], urllib.parse.urlparse(sys.argv[2])
body = open(path, "rb").read()
started = time.monotonic()
conn = http.client.HTTPConnection(base.hostname, base.port, timeout=600)
conn.request("POST", "/solve/batch", body=body, headers={"Content-Type": "text/plain"})
answer = conn.getresponse().read()
open(sys.argv[3], "w").write(str(round((time.monotonic() - started) * 1000)))
sys.stdout.write(answer[answer.rstrip(b"\n").rfind(b"\n") + 1:].decode())
EOF
}

echo "| file | puzzles | \`sudoku solve\` | \`curl -T\` | \`curl --data-binary\` | Python \`http.client\` | load average |"
echo "|---|---|---|---|---|---|---|"
for file in "$@"; do
  n=$(grep -c '^[0-9.]' "$file" || true)
  a=() b=() c=() d=()
  for _ in $(seq "$ROUNDS"); do
    a+=("$(millis cli "$file")")
    b+=("$(millis curl_stream "$file" "$n")")
    c+=("$(millis curl_whole "$file" "$n")")
    python_client "$file" "$n"
    d+=("$(cat "$python_ms")")
  done
  ma=$(printf '%s\n' "${a[@]}" | median)
  row="| $(basename "$file") | $n | $ma ms |"
  for times in "${b[*]}" "${c[*]}" "${d[*]}"; do
    m=$(tr ' ' '\n' <<<"$times" | median)
    row+=" $m ms (**$(awk -v a="$ma" -v m="$m" 'BEGIN { printf "%.2fx", a / m }')**) |"
  done
  echo "$row $(uptime | sed 's/.*load average: //') |"
done
echo
echo "Ratios are the command line's time over the client's (throughput, HTTP / CLI); $ROUNDS rounds,"
echo "medians, $JOBS jobs and workers. Server peak RSS: $(awk '/^VmHWM/ { printf "%.0f MiB", $2 / 1024 }' "/proc/$server_pid/status")."

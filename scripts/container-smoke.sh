#!/usr/bin/env bash
# Builds the container image, runs it, and checks it the way an orchestrator would: /healthz
# answers, the image's HEALTHCHECK passes, POST /solve gives a correct solution, and SIGTERM (the
# image's STOPSIGNAL) turns /readyz to 503 while the server still answers, then makes it exit 0.
# Cleans up after itself.
#
# There is no Docker engine on these machines; podman with runc (Debian packages) does the job.
# Two ways to build the image:
#   dockerfile (default): the whole multi-stage Dockerfile, `podman build --pull=never`. Its builder
#     base (docker.io/library/rust:<version>-bookworm) cannot be pulled here, so
#     scripts/rust-builder-image.sh assembles a stand-in under that name from Debian's packages and
#     this machine's Rust toolchain; cargo fetches crates from crates.io inside the build.
#   runtime: a static binary built by the host's cargo, packed with scripts/Containerfile.runtime
#     (the Dockerfile's last stage). Faster; needs no builder image.
#
# Usage: scripts/container-smoke.sh [dockerfile|runtime]   (as root; only loopback addresses are used)
#   env: SUDOKU_STATIC_BIN (runtime mode: a prebuilt static binary; default: the cargo build below)
set -euo pipefail

cd "$(dirname "$0")/.."
readonly TARGET=x86_64-unknown-linux-gnu
readonly IMAGE=localhost/sudoku-service:smoke
readonly NAME="sudoku-smoke-$$"
readonly GRID2='4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'

log() { printf '[container-smoke] %s\n' "$*"; }
fail() { log "FAIL: $*"; exit 1; }

# Each tool this script runs, with the Debian package that brings it.
missing=()
for pair in podman:podman runc:runc curl:curl jq:jq file:file strip:binutils; do
  command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
done
if ((${#missing[@]} > 0)); then
  log "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

mode=${1:-dockerfile}
context=$(mktemp -d)
cleanup() {
  podman rm -f -t 0 "$NAME" "$NAME-copy" >/dev/null 2>&1 || true
  podman rmi -f "$IMAGE" >/dev/null 2>&1 || true
  rm -rf "$context" "$context.podman-run.err"
}
trap cleanup EXIT

case "$mode" in
  dockerfile)
    scripts/rust-builder-image.sh
    log "building the whole Dockerfile (podman build --pull=never; cargo build --release inside)"
    build_started=$(date +%s)
    # Docker format keeps HEALTHCHECK (the OCI image format has no such field).
    podman build --pull=never --format docker --runtime runc -f Dockerfile -t "$IMAGE" . \
      >"$context/build.log" 2>&1 || fail "podman build failed: $(tail -20 "$context/build.log")"
    log "built in $(($(date +%s) - build_started)) s; $(grep -c '^\[[0-9]/[0-9]\] STEP' "$context/build.log") steps over both stages"
    # The binary the image runs, copied out to check how it is linked.
    podman create --name "$NAME-copy" "$IMAGE" >/dev/null
    podman cp "$NAME-copy:/sudoku" "$context/sudoku"
    podman rm "$NAME-copy" >/dev/null
    binary="$context/sudoku"
    ;;
  runtime)
    binary=${SUDOKU_STATIC_BIN:-target/$TARGET/release/sudoku}
    if [[ -z "${SUDOKU_STATIC_BIN:-}" ]]; then
      log "building the static binary (crt-static, $TARGET)"
      RUSTFLAGS='-C target-feature=+crt-static' cargo build --release --target "$TARGET" --bin sudoku
    fi
    # Symbols only make the image bigger; panics are still logged with their messages.
    mkdir "$context/runtime"
    strip -o "$context/runtime/sudoku" "$binary"
    podman build --quiet --format docker --runtime runc -f scripts/Containerfile.runtime -t "$IMAGE" \
      "$context/runtime" >/dev/null
    ;;
  *) fail "unknown mode '$mode' (dockerfile or runtime)" ;;
esac
file "$binary" | grep -Eq 'statically linked|static-pie linked' || fail "$binary is not static: $(file "$binary")"
log "static: $(file -b "$binary" | cut -d, -f1-5)"

size_bytes=$(podman image inspect --format '{{.Size}}' "$IMAGE")
log "image $IMAGE: $size_bytes bytes ($((size_bytes / 1024 / 1024)) MiB)"
user=$(podman image inspect --format '{{.Config.User}}' "$IMAGE")
[[ "$user" == "65532:65532" ]] || fail "image runs as '$user', not 65532:65532"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# Limits at or below the host's: this sandbox refuses to raise RLIMIT_NOFILE to podman's default or
# to set RLIMIT_NPROC to the host's value. HEALTHCHECK gets no timer (that needs systemd, and
# podman says so on stderr, kept in a file); it is run once by hand below.
podman_err="$context.podman-run.err"
podman run -d --runtime runc --name "$NAME" --read-only \
  --ulimit "nofile=$(ulimit -Sn):$(ulimit -Hn)" --ulimit nproc=4096:4096 \
  --health-interval disable -p "127.0.0.1:$port:8080" "$IMAGE" >/dev/null 2>"$podman_err" \
  || fail "podman run failed: $(grep -v systemd "$podman_err")"
base="http://127.0.0.1:$port"

for _ in $(seq 1 100); do
  if curl -fsS "$base/healthz" >/dev/null 2>&1; then break; fi
  sleep 0.1
done
health=$(curl -fsS "$base/healthz") || fail "/healthz did not answer; logs: $(podman logs "$NAME" 2>&1 | tail -5)"
[[ $(jq -r .status <<<"$health") == ok ]] || fail "/healthz said $health"
log "GET /healthz -> $health"

uid=$(podman top "$NAME" huser 2>/dev/null | tail -n +2 | tr -d " ")
[[ "$uid" == 65532 ]] || fail "the server runs as uid '$uid', not 65532"
log "the server process runs as uid $uid; root filesystem read-only"

podman healthcheck run "$NAME" >/dev/null || fail "the image's HEALTHCHECK (/sudoku healthcheck) failed"
log "HEALTHCHECK /sudoku healthcheck -> healthy"

answer=$(curl -fsS -H 'content-type: application/json' -d "{\"puzzle\":\"$GRID2\"}" "$base/solve") \
  || fail "POST /solve failed"
status=$(jq -r .status <<<"$answer")
solution=$(jq -r .solution <<<"$answer")
[[ "$status" == unique ]] || fail "POST /solve said status=$status"
# The solution must keep the rules and the givens, not just look like 81 digits.
python3 - "$GRID2" "$solution" <<'PY' || fail "POST /solve returned a wrong solution: $solution"
import sys
puzzle, sol = sys.argv[1], sys.argv[2]
assert len(sol) == 81 and set(sol) <= set("123456789")
assert all(p in ".0" or p == s for p, s in zip(puzzle, sol))
units = [[r * 9 + c for c in range(9)] for r in range(9)] + [[r * 9 + c for r in range(9)] for c in range(9)]
units += [[(br + r) * 9 + bc + c for r in range(3) for c in range(3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
assert all(sorted(sol[i] for i in u) == list("123456789") for u in units)
PY
log "POST /solve grid2 -> unique, solution $solution (keeps every unit and the givens)"

stop_started=$(date +%s%N)
podman kill --signal TERM "$NAME" >/dev/null
# During the shutdown grace (2 s by default) the server still accepts and answers, but is not ready.
ready=$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz") || true
[[ "$ready" == 503 ]] || fail "after SIGTERM /readyz answered '$ready', not 503"
health=$(curl -s -o /dev/null -w '%{http_code}' "$base/healthz") || true
[[ "$health" == 200 ]] || fail "after SIGTERM /healthz answered '$health', not 200 (still serving)"
log "after SIGTERM: GET /readyz -> 503, GET /healthz -> 200 (grace period)"
timeout 15 podman wait "$NAME" >/dev/null || fail "the container did not exit within 15 s of SIGTERM"
stop_ms=$(( ($(date +%s%N) - stop_started) / 1000000 ))
exit_code=$(podman inspect --format '{{.State.ExitCode}}' "$NAME")
[[ "$exit_code" == 0 ]] || fail "after SIGTERM the container exited $exit_code, not 0"
log "SIGTERM -> exited 0 after $stop_ms ms"
log "logs of the run:"
podman logs "$NAME" 2>&1 | tail -3 | sed 's/^/  /'
log "PASS"

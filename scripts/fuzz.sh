#!/usr/bin/env bash
# Runs the cargo-fuzz targets in fuzz/ for a bounded number of executions (or seconds) each, one
# after another, and prints per target the executions done and whether it found a crash.
#
#   scripts/fuzz.sh                         # every target, 10 million executions each (issue 16)
#   scripts/fuzz.sh --runs 100000 grid_text # one target, 100k executions
#   scripts/fuzz.sh --time 180              # every target, 3 minutes each
#
# Needs the nightly toolchain and cargo-fuzz (`rustup toolchain install nightly`,
# `cargo install cargo-fuzz`). Targets build with `-O` and no sanitizer by default (the crate forbids
# unsafe code, and a sanitizer halves the throughput); FUZZ_SANITIZER=address turns ASan on.
# The corpus grows in fuzz/corpus/<target> (git-ignored) from the committed seeds in
# fuzz/seeds/<target>; a crash is written to fuzz/artifacts/<target>/ and the script exits 1.
set -euo pipefail

cd "$(dirname "$0")/../fuzz"

TARGETS=(grid_text rules_cells json_puzzle request_body batch_reader)
runs=10000000
time=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --time) time="$2"; shift 2 ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
if [[ $# -gt 0 ]]; then
    TARGETS=("$@")
fi
sanitizer="${FUZZ_SANITIZER:-none}"

# The bound: executions, or seconds when --time is given (executions then unbounded).
if [[ -n "$time" ]]; then
    bound=(-max_total_time="$time")
else
    bound=(-runs="$runs")
fi

cargo +nightly fuzz build -O -s "$sanitizer"

summary=()
found=0
for target in "${TARGETS[@]}"; do
    mkdir -p "corpus/$target" "artifacts/$target"
    log="artifacts/$target/last-run.log"
    echo "== $target (${bound[*]})"
    status=0
    # -max_len: room for a file of several puzzles or a long body; -timeout: a single input that
    # takes seconds is a finding too (no cheap request may buy seconds of work).
    cargo +nightly fuzz run -O -s "$sanitizer" "$target" "corpus/$target" "seeds/$target" -- \
        "${bound[@]}" -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        2>&1 | tee "$log" | grep -E '^#[0-9]+[[:space:]]*(INITED|DONE)|^(==|SUMMARY|Done)|panicked|Test unit written' || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    seconds=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    if grep -q 'Test unit written' "$log"; then
        verdict="CRASH: $(sed -n 's/.*Test unit written to //p' "$log" | tail -1)"
        found=1
    else
        verdict="no crash"
    fi
    summary+=("$(printf '%-14s %12s executions %8s s   %s' "$target" "${executions:-?}" "${seconds:-?}" "$verdict")")
done

echo
echo "target              executions     time   findings"
printf '%s\n' "${summary[@]}"
exit "$found"

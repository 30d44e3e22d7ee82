#!/usr/bin/env python3
"""The refactoring guard: two builds of `sudoku`, the same commands, CPU time and output compared.

    python3 scripts/guard.py BASE_BINARY NEW_BINARY [ROUNDS]

Runs each command ROUNDS times (default 5) with each binary, alternating which goes first, and
prints the median CPU time (user + system of the child) of each, their ratio, and whether the two
printed the same bytes. Build the base from the commit before the change in a worktree, e.g.

    git worktree add /tmp/base HEAD~1 && (cd /tmp/base && cargo build --release --bin sudoku)
    python3 scripts/guard.py /tmp/base/target/release/sudoku target/release/sudoku 7

Needs /work/shared/datasets/tdoku (or TDOKU=dir) for the classic sets.
"""
import os
import resource
import statistics
import subprocess
import sys

TDOKU = os.environ.get("TDOKU", "/work/shared/datasets/tdoku")
SERG = f"{TDOKU}/puzzles7_serg_benchmark"
CASES = [
    ("solve 17-clue", ["solve", "-j", "1", f"{TDOKU}/puzzles2_17_clue"]),
    ("solve forum hardest 11+", ["solve", "-j", "1", f"{TDOKU}/puzzles5_forum_hardest_1905_11+"]),
    ("solve serg x3", ["solve", "-j", "1", SERG, SERG, SERG]),
    ("grade top95", ["grade", "-j", "1", "puzzles/top95.txt"]),
    ("random 16x16 x10 json", ["random", "--size", "16", "--count", "10", "--seed", "1", "--format", "json"]),
    ("random killer x20 json", ["random", "--variant", "killer", "--count", "20", "--seed", "1", "--format", "json"]),
    ("random 25x25 x2 json", ["random", "--size", "25", "--count", "2", "--seed", "3", "--format", "json"]),
]


def cpu(binary, args):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([binary] + args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return used, out


def main():
    base, new = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    for name, args in CASES:
        times = {base: [], new: []}
        outputs = {}
        for r in range(rounds):
            for binary in ([base, new] if r % 2 == 0 else [new, base]):
                used, out = cpu(binary, args)
                times[binary].append(used)
                outputs[binary] = out
        b, n = statistics.median(times[base]), statistics.median(times[new])
        same = outputs[base] == outputs[new]
        print(f"{name}: base {b * 1000:.0f} ms, new {n * 1000:.0f} ms, new/base {n / b:.3f}, "
              f"output identical: {same}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Grades the same puzzles with our `sudoku grade` and with HoDoKu, and prints how the levels compare.

HoDoKu's grades come from `hodoku-py` (PyPI), a Python port of HoDoKu's solver and rater with its default
configuration (the same steps, levels, base scores and score ceilings as the desktop program). Our
`expert` is HoDoKu's Unfair. Run through scripts/hodoku-compare.sh, which installs it in a virtual
environment under target/.

    hodoku-compare.py SUDOKU_BIN PUZZLE_FILE [--limit N] [--mismatches FILE]
"""

import argparse
import collections
import json
import multiprocessing
import os
import subprocess
import sys

LEVELS = ["easy", "medium", "hard", "expert", "extreme"]
HODOKU_NAMES = {"EASY": "easy", "MEDIUM": "medium", "HARD": "hard", "UNFAIR": "expert", "EXTREME": "extreme"}


def hodoku_grade(puzzle):
    import hodoku

    result = hodoku.Solver().rate(puzzle)
    return HODOKU_NAMES.get(result.level.name, result.level.name.lower()), result.score


def hodoku_grades(puzzles, cache_path):
    """HoDoKu's grades, from the cache where it has them (HoDoKu is slow; ours is what changes)."""
    cache = {}
    if cache_path and os.path.exists(cache_path):
        with open(cache_path) as f:
            cache = json.load(f)
    missing = sorted({p for p in puzzles if p not in cache})
    if missing:
        with multiprocessing.Pool() as pool:
            cache.update(zip(missing, pool.map(hodoku_grade, missing, chunksize=8)))
        if cache_path:
            with open(cache_path, "w") as f:
                json.dump(cache, f)
    return [tuple(cache[p]) for p in puzzles]


def read_puzzles(path, limit):
    puzzles = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            puzzles.append(line.split()[0].replace("0", "."))
            if limit and len(puzzles) >= limit:
                break
    return puzzles


def our_grades(binary, puzzles):
    out = subprocess.run(
        [binary, "grade"], input="\n".join(puzzles) + "\n", capture_output=True, text=True, check=True
    ).stdout
    grades = []
    for line in out.splitlines():
        level, score, hardest = line.split()[:3]
        grades.append((level, int(score), hardest))
    return grades


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("puzzles")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--mismatches", help="write the puzzles whose levels differ here")
    parser.add_argument("--cache", help="HoDoKu's grades by puzzle, kept between runs (JSON)")
    args = parser.parse_args()

    puzzles = read_puzzles(args.puzzles, args.limit)
    ours = our_grades(args.binary, puzzles)
    theirs = hodoku_grades(puzzles, args.cache)

    matrix = collections.Counter((o[0], t[0]) for o, t in zip(ours, theirs))
    same = sum(n for (o, t), n in matrix.items() if o == t)
    print(f"{len(puzzles)} puzzles from {args.puzzles}")
    print("rows: ours; columns: HoDoKu (expert = Unfair)")
    print("          " + "".join(f"{h:>9}" for h in LEVELS))
    for o in LEVELS:
        print(f"{o:>9} " + "".join(f"{matrix[(o, t)]:>9}" for t in LEVELS))
    ours_dist = collections.Counter(o[0] for o in ours)
    theirs_dist = collections.Counter(t[0] for t in theirs)
    print("ours:   " + ", ".join(f"{l} {100 * ours_dist[l] / len(puzzles):.0f}%" for l in LEVELS))
    print("HoDoKu: " + ", ".join(f"{l} {100 * theirs_dist[l] / len(puzzles):.0f}%" for l in LEVELS))
    print(f"same level: {same}/{len(puzzles)} ({100 * same / len(puzzles):.1f}%)")
    off_by_more = sum(n for (o, t), n in matrix.items() if abs(LEVELS.index(o) - LEVELS.index(t)) > 1)
    print(f"more than one level apart: {off_by_more}")
    if args.mismatches:
        with open(args.mismatches, "w") as f:
            for p, o, t in zip(puzzles, ours, theirs):
                if o[0] != t[0]:
                    f.write(f"{p} ours={o[0]}:{o[1]}:{o[2]} hodoku={t[0]}:{t[1]}\n")


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Opt-in cross-check of our f-puzzles links against an independent reader: pencilmark (MIT,
`pip install pencilmark`, Python 3.11) reads the links `sudoku export --format fpuzzles` writes, and
must solve each to the solution our engine finds.

For every rule set (each f-puzzles feature we write: jigsaw, diagonals, the global variants, killer
cages with a corner-touching one, thermometers, arrows and pills, kropki and XV, little killers,
sandwiches, renban, whispers, palindromes, parity, extra regions, negative kropki and XV), the script
takes a solution S our engine finds on the blank grid, keeps most of S as givens (blanking a third, or fewer cells until S is unique), checks our engine
finds S unique, writes the f-puzzles link, and asks pencilmark for its unique solution: a rule
written or read differently shows as no solution, another solution or several.

Then generated puzzles, when `--cases FILE` names a file of them (JSON lines as
`examples/variant_cases` writes: a random solution grid, random constraints it keeps, givens removed
while our engine proves it unique): pencilmark must find each unique with that grid. Unlike the cases
above, these have few givens and several constraints of a kind, so they test the constraints' reading
under search, not only under givens.

Then the published puzzles of `puzzles/variants/published.jsonl`: each one exported as our engine
reads it, and pencilmark must solve the link to the setter's published solution (one it cannot
decide, by its own search limit or within 20 seconds, is reported as skipped, never as agreement:
the hardest published thermometers and little killers are past its limits).

    python3 scripts/pencilmark_crosscheck.py [path/to/sudoku] [--cases FILE]
    # default: target/release/sudoku; CI: cargo run --example variant_cases -- 3 9 > FILE

Exit status 0 when every case agrees, 1 otherwise.
"""
import json
import subprocess
import sys

import pencilmark
from pencilmark.sources import fpuzzles

ARGS = sys.argv[1:]
CASES_FILE = ARGS[ARGS.index("--cases") + 1] if "--cases" in ARGS else None
if CASES_FILE:
    del ARGS[ARGS.index("--cases"):ARGS.index("--cases") + 2]
SUDOKU = ARGS[0] if ARGS else "target/release/sudoku"


def run(args, stdin=""):
    out = subprocess.run([SUDOKU, *args], input=stdin, capture_output=True, text=True, timeout=300)
    return out.returncode, out.stdout.strip().splitlines(), out.stderr


def first_solution(puzzle, rules):
    line = json.dumps({"puzzle": puzzle, "rules": rules})
    _, out, err = run(["solve"], line)
    assert out and not out[0].startswith(("error", "no solution", "timeout")), (rules, out, err)
    return out[0].split()[0]


def cell(i, n=9):
    return f"{chr(ord('A') + i // n)}{i % n + 1}"


def marks_of(solution, n=9):
    """Every kropki dot and XV letter a solution has, for the negative rules."""
    v = [int(c) for c in solution]
    out = []
    for i in range(n * n):
        for j in (i + 1, i + n):
            if j >= n * n or (j == i + 1 and i % n == n - 1):
                continue
            a, b = v[i], v[j]
            cells = [cell(i), cell(j)]
            if abs(a - b) == 1:
                out.append({"type": "kropki", "color": "white", "cells": cells})
            elif a == 2 * b or b == 2 * a:
                out.append({"type": "kropki", "color": "black", "cells": cells})
            if a + b in (5, 10):
                out.append({"type": "xv", "value": "X" if a + b == 10 else "V", "cells": cells})
    return out


CASES = {
    "jigsaw": {"size": 4, "regions": [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]},
    "x": {"variants": ["x"]},
    "anti_knight": {"variants": ["anti_knight"]},
    "anti_king": {"variants": ["anti_king"]},
    "non_consecutive": {"variants": ["non_consecutive"]},
    "disjoint_groups": {"variants": ["disjoint_groups"]},
    "killer": {"cages": [{"sum": 10, "cells": ["A1", "B2"]}, {"sum": 15, "cells": ["A2", "A3", "B3"]}]},
    "thermo": {"constraints": [{"type": "thermo", "cells": ["A1", "A2", "B3", "B4"]}]},
    "arrow": {"constraints": [{"type": "arrow", "circle": ["E5"], "cells": ["E6", "F7"]},
                              {"type": "arrow", "circle": ["A1", "A2"], "cells": ["B3", "C4", "D5", "E6"]}]},
    "kropki": {"constraints": [{"type": "kropki", "color": "white", "cells": ["A1", "A2"]},
                               {"type": "kropki", "color": "black", "cells": ["B1", "B2"]}]},
    "xv": {"constraints": [{"type": "xv", "value": "X", "cells": ["A1", "A2"]},
                           {"type": "xv", "value": "V", "cells": ["B1", "C1"]}]},
    "little_killer": {"constraints": [{"type": "little_killer", "sum": 40,
                                       "cells": ["A2", "B3", "C4", "D5", "E6", "F7", "G8", "H9"]},
                                      {"type": "little_killer", "sum": 12, "cells": ["C1", "B2", "A3"]}]},
    "sandwich": {"constraints": [{"type": "sandwich", "row": "B", "sum": 20},
                                 {"type": "sandwich", "column": 4, "sum": 7}]},
    "renban": {"constraints": [{"type": "renban", "cells": ["A1", "A2", "B3"]}]},
    "whisper": {"constraints": [{"type": "whisper", "cells": ["A1", "A2", "A3"]},
                                {"type": "whisper", "cells": ["C1", "C2"], "difference": 3}]},
    "palindrome": {"constraints": [{"type": "palindrome", "cells": ["A1", "B2", "C3", "D4", "E5"]}]},
    "parity": {"constraints": [{"type": "odd", "cells": ["A1", "E5"]}, {"type": "even", "cells": ["I9"]}]},
    "extra_region": {"constraints": [{"type": "extra_region",
                                      "cells": ["A4", "A5", "A6", "B4", "B5", "B6", "D1", "E1", "F1"]}]},
}


def check(name, rules, n=9):
    blank = "." * (n * n)
    solution = rules.pop("_solution", None) or first_solution(blank, rules)
    # Blank a third of the cells, then fewer until our engine proves S unique.
    for step in (3, 4, 6, 9):
        givens = "".join("." if i % step == 1 else c for i, c in enumerate(solution))
        _, ours, _ = run(["solve"], json.dumps({"puzzle": givens, "rules": rules}))
        if ours == [solution]:
            break
    _, ours, _ = run(["solve"], json.dumps({"puzzle": givens, "rules": rules}))
    if ours != [solution]:
        return f"{name}: our engine does not find S unique: {ours}"
    _, link, err = run(["export", "--format", "fpuzzles"], json.dumps({"puzzle": givens, "rules": rules}))
    if not link:
        return f"{name}: export failed: {err}"
    theirs = "".join(map(str, pencilmark.solve(fpuzzles.to_puzzle(link[0], fetch=False))))
    if theirs != solution:
        return f"{name}: pencilmark solves {link[0]} to {theirs}, we to {solution}"
    return None


def main():
    failures = []
    for name, rules in CASES.items():
        n = rules.get("size", 9)
        try:
            failure = check(name, dict(rules), n)
        except Exception as e:  # pencilmark's refusals and verdicts are failures here
            failure = f"{name}: {type(e).__name__}: {e}"
        print(("FAIL " if failure else "ok   ") + (failure or name))
        if failure:
            failures.append(failure)
    # Negative kropki and XV: every dot and letter of a solution drawn.
    solution = first_solution("." * 81, {})
    rules = {"constraints": marks_of(solution), "negative": ["kropki", "xv"], "_solution": solution}
    try:
        failure = check("negative", rules)
    except Exception as e:
        failure = f"negative: {type(e).__name__}: {e}"
    print(("FAIL " if failure else "ok   ") + (failure or "negative"))
    failures += [failure] if failure else []
    if CASES_FILE:
        failures += from_file(CASES_FILE, "generated", skip_undecided=False)
    failures += from_file("puzzles/variants/published.jsonl", "published", skip_undecided=True)
    print(f"{len(failures)} failed")
    return 1 if failures else 0


def from_file(path, what, skip_undecided):
    """Each puzzle of a JSON-lines file, exported, solved by pencilmark to the line's solution.

    Published puzzles pencilmark cannot decide (its node limit, or 20 seconds) are skipped and said
    so; generated ones are small enough that it must decide every one."""
    import multiprocessing

    failures = []
    with open(path) as lines:
        for line in lines:
            entry = json.loads(line)
            name = f"{what}: {entry['name']}"
            doc = json.dumps({"puzzle": entry["puzzle"], "rules": entry["rules"]})
            _, link, err = run(["export", "--format", "fpuzzles"], doc)
            if not link:
                failures.append(f"{name}: export failed: {err}")
                print(f"FAIL {failures[-1]}")
                continue
            with multiprocessing.Pool(1) as pool:
                job = pool.apply_async(solve_link, (link[0],))
                try:
                    theirs = job.get(timeout=20)
                except multiprocessing.TimeoutError:
                    theirs = "Undecided: over 20 s"
            if theirs.startswith("Undecided") and skip_undecided:
                print(f"skip {name}: pencilmark could not decide it ({theirs[:60]}...)")
                continue
            if theirs != entry["solution"]:
                failures.append(f"{name}: pencilmark solves {link[0]} to {theirs}")
            print(("FAIL " + failures[-1]) if theirs != entry["solution"] else f"ok   {name}")
    return failures


def solve_link(link):
    try:
        return "".join(map(str, pencilmark.solve(fpuzzles.to_puzzle(link, fetch=False))))
    except Exception as e:  # pencilmark's refusals and verdicts are failures here
        return f"{type(e).__name__}: {e}"


if __name__ == "__main__":
    sys.exit(main())

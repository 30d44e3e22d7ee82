#!/usr/bin/env python3
"""Rewrites puzzles/variants/published.jsonl's `puzzle` and `rules` from each line's `iss` member.

Each line of the set keeps the puzzle as Interactive Sudoku Solver (sigh/Interactive-Sudoku-Solver,
MIT) records it (`iss`: its constraint string; `solution`: the published solution), so the set's
provenance is in the file itself. This script reads that string into this service's `{"puzzle",
"rules"}` and checks every rule it wrote against the published solution, so a misread rule cannot
slip in silently. Where the ISS form leaves a reading open it uses the solution to settle it, and
says so: a little killer's direction (ISS names only its first cell) and a pill's reading order.

    python3 scripts/variants_from_iss.py            # rewrite the file in place
    python3 scripts/variants_from_iss.py --check    # fail if the file is not what it would write
"""
import json
import re
import sys
from pathlib import Path

SET = Path(__file__).resolve().parent.parent / "puzzles" / "variants" / "published.jsonl"
N = 9
CELL = re.compile(r"^[Rr](\d+)[Cc](\d+)$")
ODD, EVEN = {1, 3, 5, 7, 9}, {2, 4, 6, 8}


def cell(token):
    m = CELL.match(token)
    if not m:
        raise ValueError(f"not a cell: {token!r}")
    return (int(m.group(1)) - 1) * N + int(m.group(2)) - 1


def name(i):
    return f"{chr(ord('A') + i // N)}{i % N + 1}"


def names(cells):
    return [name(i) for i in cells]


def diagonal_from(start, dr, dc):
    r, c, out = start // N, start % N, []
    while 0 <= r < N and 0 <= c < N:
        out.append(r * N + c)
        r, c = r + dr, c + dc
    return out


def little_killer(total, start, sol):
    """The diagonal ISS means: the one from `start` whose clue sits outside the grid and whose
    published values reach the total."""
    found = []
    for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        r, c = start // N - dr, start % N - dc
        if 0 <= r < N and 0 <= c < N:
            continue  # the cell before it is inside: the clue would not be outside
        cells = diagonal_from(start, dr, dc)
        if len(cells) > 1 and sum(sol[i] for i in cells) == total:
            found.append(cells)
    if len(found) > 1:
        # Both diagonals reach the total: take the one ISS's clockwise convention points along
        # (a clue above the grid points down and left, one on the left down and right, ...). The
        # engine's proof of uniqueness then checks the reading.
        r, c = start // N, start % N
        edge = (1, -1) if r == 0 else (1, 1) if c == 0 else (-1, 1) if r == N - 1 else (-1, -1)
        found = [d for d in found if (d[1] - d[0]) == edge[0] * N + edge[1]]
    if len(found) != 1:
        raise ValueError(f"little killer {total} at {name(start)}: {len(found)} readings")
    return found[0]


def read(iss, sol):
    givens = ["."] * (N * N)
    rules = {"variants": [], "cages": [], "constraints": [], "negative": []}
    cons = rules["constraints"]
    for item in iss.split("."):
        parts = [p for p in item.strip().split("~")]
        kind, args = parts[0], parts[1:]
        if kind == "" and not args:
            continue
        if kind == "":
            for given in args:
                at, *values = given.split("_")
                values = {int(v) for v in values}
                if len(values) == 1:
                    givens[cell(at)] = str(values.pop())
                elif values in (ODD, EVEN):
                    cons.append({"type": "odd" if values == ODD else "even", "cells": [name(cell(at))]})
                else:
                    raise ValueError(f"candidates {values} at {at}")
        elif kind == "Thermo":
            cons.append({"type": "thermo", "cells": names(map(cell, args))})
        elif kind == "Arrow":
            cells = [cell(a) for a in args]
            cons.append({"type": "arrow", "circle": names(cells[:1]), "cells": names(cells[1:])})
        elif kind == "PillArrow":
            assert args[0] == "2", "only two-cell pills"
            cells = [cell(a) for a in args[1:]]
            pill, line = cells[:2], cells[2:]
            if 10 * sol[pill[0]] + sol[pill[1]] != sum(sol[i] for i in line):
                pill.reverse()
            cons.append({"type": "arrow", "circle": names(pill), "cells": names(line)})
        elif kind in ("WhiteDot", "BlackDot"):
            color = "white" if kind == "WhiteDot" else "black"
            cons.append({"type": "kropki", "color": color, "cells": names(map(cell, args))})
        elif kind in ("X", "V"):
            cons.append({"type": "xv", "value": kind, "cells": names(map(cell, args))})
        elif kind == "Sandwich":
            total, line = int(args[0]), args[1]
            key = {"R": "row", "C": "column"}[line[0].upper()]
            index = int(line[1:])
            where = chr(ord("A") + index - 1) if key == "row" else index
            cons.append({"type": "sandwich", key: where, "sum": total})
        elif kind == "LittleKiller":
            cells = little_killer(int(args[0]), cell(args[1]), sol)
            cons.append({"type": "little_killer", "cells": names(cells), "sum": int(args[0])})
        elif kind == "Whisper":
            entry = {"type": "whisper"}
            if not CELL.match(args[0]):
                entry["difference"] = int(args.pop(0))
            entry["cells"] = names(map(cell, args))
            cons.append(dict(sorted(entry.items(), key=lambda kv: kv[0] != "type")))
        elif kind in ("Renban", "Palindrome"):
            cons.append({"type": kind.lower(), "cells": names(map(cell, args))})
        elif kind == "Cage":
            rules["cages"].append({"sum": int(args[0]), "cells": names(map(cell, args[1:]))})
        elif kind == "Diagonal":
            if "x" not in rules["variants"]:
                rules["variants"].append("x")
            rules.setdefault("_diagonals", set()).add(args[0])
        else:
            flag = {
                "AntiKnight": ("variants", "anti_knight"),
                "AntiKing": ("variants", "anti_king"),
                "AntiConsecutive": ("variants", "non_consecutive"),
                "DisjointSets": ("variants", "disjoint_groups"),
                "StrictKropki": ("negative", "kropki"),
                "StrictXV": ("negative", "xv"),
            }.get(kind)
            if flag is None:
                raise ValueError(f"unsupported ISS constraint {kind!r}")
            rules[flag[0]].append(flag[1])
    if rules.pop("_diagonals", {"1", "-1"}) != {"1", "-1"}:
        raise ValueError("a single diagonal")
    return "".join(givens), {k: v for k, v in rules.items() if v}


def obeyed(puzzle, rules, sol):
    """Every rule written, checked on the published solution."""
    at = lambda n: (ord(n[0]) - ord("A")) * N + int(n[1:]) - 1
    v = lambda n: sol[at(n)]
    units = [[r * N + c for c in range(N)] for r in range(N)]
    units += [[r * N + c for r in range(N)] for c in range(N)]
    units += [[(br + r) * N + bc + c for r in range(3) for c in range(3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
    if "x" in rules.get("variants", []):
        units += [[i * N + i for i in range(N)], [i * N + N - 1 - i for i in range(N)]]
    if "disjoint_groups" in rules.get("variants", []):
        units += [[(br + r) * N + bc + c for br in (0, 3, 6) for bc in (0, 3, 6)] for r in range(3) for c in range(3)]
    assert all(sorted(sol[i] for i in u) == list(range(1, 10)) for u in units)
    assert all(p in ".0" or int(p) == s for p, s in zip(puzzle, sol))
    for cage in rules.get("cages", []):
        values = [v(n) for n in cage["cells"]]
        assert sum(values) == cage["sum"] and len(set(values)) == len(values), cage
    for c in rules.get("constraints", []):
        vals = [v(n) for n in c.get("cells", [])]
        t = c["type"]
        if t == "thermo":
            assert all(a < b for a, b in zip(vals, vals[1:])), c
        elif t == "arrow":
            circle = int("".join(str(v(n)) for n in c["circle"]))
            assert circle == sum(vals), c
        elif t == "kropki":
            a, b = sorted(vals)
            assert (b - a == 1) if c["color"] == "white" else (b == 2 * a), c
        elif t == "xv":
            assert sum(vals) == (10 if c["value"] == "X" else 5), c
        elif t == "little_killer":
            assert sum(vals) == c["sum"], c
        elif t == "sandwich":
            line = [sol[(ord(c["row"]) - 65) * N + k] for k in range(N)] if "row" in c else [sol[k * N + c["column"] - 1] for k in range(N)]
            i, j = sorted((line.index(1), line.index(9)))
            assert sum(line[i + 1 : j]) == c["sum"], c
        elif t == "whisper":
            d = c.get("difference", 5)
            assert all(abs(a - b) >= d for a, b in zip(vals, vals[1:])), c
        elif t == "renban":
            assert sorted(vals) == list(range(min(vals), min(vals) + len(vals))), c
        elif t == "palindrome":
            assert vals == vals[::-1], c
        elif t in ("odd", "even"):
            assert all(x % 2 == (t == "odd") for x in vals), c
        else:
            raise AssertionError(t)
    return True


def main():
    check = "--check" in sys.argv[1:]
    lines = SET.read_text().splitlines()
    out = []
    for line in lines:
        entry = json.loads(line)
        sol = [int(ch) for ch in entry["solution"]]
        puzzle, rules = read(entry["iss"], sol)
        obeyed(puzzle, rules, sol)
        keep = {k: entry[k] for k in ("name", "sources", "via", "iss")}
        out.append(json.dumps({**keep, "puzzle": puzzle, "rules": rules, "solution": entry["solution"]}))
    text = "\n".join(out) + "\n"
    if check:
        if text != SET.read_text():
            sys.exit(f"{SET} is not what {Path(__file__).name} writes: run it")
        return
    SET.write_text(text)
    print(f"{len(out)} puzzles written to {SET}")


if __name__ == "__main__":
    main()

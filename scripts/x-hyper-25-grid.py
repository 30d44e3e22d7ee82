#!/usr/bin/env python3
"""Finds the stored grid of crates/engine/src/general/pattern.rs: a complete 25x25 grid with 5x5 boxes
whose two diagonals (X) and sixteen hyper windows also hold every symbol once.

The generator's random fill finds none within its budget on this shape, so the generator starts
from this grid instead (relabelled and permuted per seed). This is the tool that found it, kept so
that it can be checked and found again; it is not part of the build or the tests.

    python3 scripts/x-hyper-25-grid.py     # pip-installs python-sat if it is missing

CaDiCaL answers in about 15 s; the script prints the grid as the Rust string constant, one row of
letters A-Y (values 1-25) per line.
"""
import subprocess
import sys

try:
    from pysat.card import CardEnc, EncType
    from pysat.solvers import Cadical153
except ImportError:  # Like the other scripts, it installs what it needs.
    subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", "python-sat"])
    from pysat.card import CardEnc, EncType
    from pysat.solvers import Cadical153

N, B = 25, 5


def var(r, c, v):
    return 1 + (r * N + c) * N + v


def units():
    rows = [[(r, c) for c in range(N)] for r in range(N)]
    cols = [[(r, c) for r in range(N)] for c in range(N)]
    boxes = [[(br + i, bc + j) for i in range(B) for j in range(B)]
             for br in range(0, N, B) for bc in range(0, N, B)]
    diagonals = [[(i, i) for i in range(N)], [(i, N - 1 - i) for i in range(N)]]
    # Box-sized windows one cell in from each box edge, a one-cell gutter between them.
    starts = [1 + k * (B + 1) for k in range(N) if 1 + k * (B + 1) + B <= N]
    windows = [[(t + i, l + j) for i in range(B) for j in range(B)] for t in starts for l in starts]
    return rows + cols + boxes + diagonals + windows


def main():
    solver, top = Cadical153(), N * N * N

    def exactly_one(lits):
        nonlocal top
        enc = CardEnc.equals(lits=lits, bound=1, top_id=top, encoding=EncType.seqcounter)
        top = max(top, enc.nv)
        for clause in enc.clauses:
            solver.add_clause(clause)

    for r in range(N):
        for c in range(N):
            exactly_one([var(r, c, v) for v in range(N)])
    all_units = units()
    for unit in all_units:
        for v in range(N):
            exactly_one([var(r, c, v) for r, c in unit])
    # The first row in order: any grid can be relabelled so.
    for c in range(N):
        solver.add_clause([var(0, c, c)])
    assert solver.solve(), "no grid"
    model = {lit for lit in solver.get_model() if lit > 0}
    grid = [[next(v for v in range(N) if var(r, c, v) in model) for c in range(N)] for r in range(N)]
    for unit in all_units:
        assert sorted(grid[r][c] for r, c in unit) == list(range(N))
    print('const X_HYPER_25: &str = "\\')
    for row in grid:
        print("".join(chr(ord("A") + v) for v in row) + "\\")
    print('";')


if __name__ == "__main__":
    main()

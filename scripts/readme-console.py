#!/usr/bin/env python3
"""Rewrites the output under every `$ sudoku ...` line of the `console` blocks of the README and the
docs pages (docs/*.md) with what the command prints now (tests/readme/ replays them, for the pages
in its PAGES). Run after a change that alters generated puzzles:

    cargo build && scripts/readme-console.py target/debug/sudoku

Lines are written without trailing spaces, and trailing blank lines are dropped, as the test reads
them. Only those pages are touched; check the diff before committing."""

import glob
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(binary, command):
    words = command.split()
    stdin = ""
    if "<" in words:
        at = words.index("<")
        with open(os.path.join(ROOT, words[at + 1])) as f:
            stdin = f.read()
        words = words[:at]
    out = subprocess.run([binary] + words[1:], input=stdin, capture_output=True, text=True, cwd=ROOT)
    lines = [l.rstrip() for l in out.stdout.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def main():
    binary = os.path.abspath(sys.argv[1])
    pages = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    changed = sum(rewrite(binary, path) for path in pages)
    print(f"{changed} example(s) updated", file=sys.stderr)


def rewrite(binary, path):
    """Rewrites one page's console examples; returns how many changed."""
    lines = open(path).read().split("\n")
    result, i, changed = [], 0, 0
    while i < len(lines):
        line = lines[i]
        result.append(line)
        i += 1
        if line.rstrip() != "```console":
            continue
        while i < len(lines) and lines[i].rstrip() != "```":
            if lines[i].startswith("$ "):
                command = lines[i][2:]
                result.append(lines[i])
                i += 1
                old = []
                while i < len(lines) and not lines[i].startswith("$ ") and lines[i].rstrip() != "```":
                    old.append(lines[i])
                    i += 1
                new = run(binary, command)
                trailing = []
                while old and not old[-1].strip():
                    trailing.append(old.pop())
                if [l.rstrip() for l in old] != new:
                    changed += 1
                    print(f"updated in {os.path.relpath(path, ROOT)}:", command, file=sys.stderr)
                result.extend(new + trailing)
            else:
                result.append(lines[i])
                i += 1
    if changed:
        open(path, "w").write("\n".join(result))
    return changed


main()

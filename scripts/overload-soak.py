#!/usr/bin/env python3
"""Overload and soak (not a test): mixed heavy and light work from many clients against one release
server, for DURATION seconds, then a SIGTERM drain.

Clients are loopback source addresses (127.0.0.2 ... 127.0.0.N+1), each with THREADS threads looping
over a mix of requests: classic solves and hints (light), Mathemagic's hardest killer on /solve, 25x25
killers and 16x16 books (heavy), batches of killers, /healthz. Every SAMPLE seconds the server's
resident memory is sampled. At the end it prints the answers by status, the RSS series, and the drain:
SIGTERM, then how long until the process exits and its exit status.

It fails (exit 1) on any 5xx but the documented 503 and 504, on a 429 or 503 without Retry-After, on a
socket error, on a drain that does not exit 0, or on memory that grows by more than half between the
first minute and the end.

Usage: scripts/overload-soak.py            # release build, 8 clients x 4 threads, 120 s
  env: DURATION (120) CLIENTS (8) THREADS (4) SAMPLE (10) WORKERS (2) SUDOKU_BIN (a prebuilt binary)
"""
import collections
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DURATION = float(os.environ.get("DURATION", 120))
CLIENTS = int(os.environ.get("CLIENTS", 8))
THREADS = int(os.environ.get("THREADS", 4))
SAMPLE = float(os.environ.get("SAMPLE", 10))
WORKERS = os.environ.get("WORKERS", "2")


def hard_killer():
    """Mathemagic's first killer as a /solve body."""
    with open(os.path.join(ROOT, "puzzles/killer/mathemagic.txt")) as f:
        line = next(l for l in f if not l.startswith("#"))
    _, ids, sums, _ = [x.strip() for x in line.split("|")]
    order = []
    for c in ids:
        if c not in order:
            order.append(c)
    cages = []
    for cage, total in zip(order, sums.split(",")):
        cells = [f"{chr(65 + k // 9)}{k % 9 + 1}" for k in range(81) if ids[k] == cage]
        cages.append({"sum": int(total), "cells": cells})
    return {"puzzle": "." * 81, "rules": {"cages": cages}}


def binary():
    if os.environ.get("SUDOKU_BIN"):
        return os.environ["SUDOKU_BIN"]
    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "sudoku"], cwd=ROOT, check=True)
    return os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release/sudoku")


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    server = subprocess.Popen(
        [binary(), "serve", f"--addr=127.0.0.1:{port}", f"--workers={WORKERS}", "--shutdown-grace-ms=0"],
        env={**os.environ, "RUST_LOG": "warn"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/healthz")
            break
        except OSError:
            time.sleep(0.1)
    killer = json.dumps(hard_killer())
    with open(os.path.join(ROOT, "puzzles/top95.txt")) as f:
        classic = [l.strip() for l in f if l.strip()]
    mix = [
        ("POST", "/solve", lambda n: json.dumps({"puzzle": classic[n % len(classic)]}), "application/json"),
        ("POST", "/hint", lambda n: json.dumps({"puzzle": classic[n % len(classic)]}), "application/json"),
        ("POST", "/solve", lambda n: killer, "application/json"),
        ("GET", "/random?size=25&variant=killer&seed={n}", None, None),
        ("GET", "/book?count=100&size=16&seed={n}", None, None),
        ("POST", "/solve/batch", lambda n: "\n".join([killer] * 10) + "\n", "application/x-ndjson"),
        ("GET", "/healthz", None, None),
    ]
    counts = collections.Counter()
    faults = []
    lock = threading.Lock()
    end = time.time() + DURATION

    def client(address, first):
        n = first
        while time.time() < end:
            method, path, body, media = mix[n % len(mix)]
            n += 1
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(address, 0))
                headers = {"Content-Type": media} if media else {}
                conn.request(method, path.format(n=n), body=body(n) if body else None, headers=headers)
                reply = conn.getresponse()
                reply.read()
                status, retry = reply.status, reply.getheader("Retry-After")
                conn.close()
            except OSError as e:
                with lock:
                    counts["socket error"] += 1
                    faults.append(f"{path}: {e}")
                continue
            with lock:
                counts[f"{path.split('?')[0]} {status}"] += 1
                if status >= 500 and status not in (503, 504):
                    faults.append(f"{path} answered {status}")
                if status in (429, 503) and retry is None:
                    faults.append(f"{path} answered {status} without Retry-After")
            if status in (429, 503):
                time.sleep(min(int(retry or 1), 2))

    threads = [
        threading.Thread(target=client, args=(f"127.0.0.{c + 2}", c * THREADS + t), daemon=True)
        for c in range(CLIENTS)
        for t in range(THREADS)
    ]
    for t in threads:
        t.start()
    samples = []
    started = time.time()
    while time.time() < end:
        samples.append((round(time.time() - started), rss_kib(server.pid)))
        time.sleep(SAMPLE)
    for t in threads:
        t.join()
    samples.append((round(time.time() - started), rss_kib(server.pid)))
    asked = time.time()
    server.send_signal(signal.SIGTERM)
    status = server.wait(timeout=30)
    drained = time.time() - asked
    total = sum(counts.values())
    print(f"{total} answers in {DURATION:.0f} s from {CLIENTS} clients x {THREADS} threads, {WORKERS} workers")
    for key, n in sorted(counts.items()):
        print(f"  {key}: {n}")
    print("RSS (s, MiB): " + ", ".join(f"{s}: {kib / 1024:.1f}" for s, kib in samples))
    print(f"drain: exit {status} {drained:.2f} s after SIGTERM")
    settled = [kib for s, kib in samples if s >= 60] or [samples[-1][1]]
    grew = samples[-1][1] > 1.5 * settled[0]
    if faults or status != 0 or grew:
        for fault in faults[:20]:
            print("FAULT:", fault)
        if grew:
            print("FAULT: memory grew by more than half since the first minute")
        sys.exit(1)


if __name__ == "__main__":
    main()

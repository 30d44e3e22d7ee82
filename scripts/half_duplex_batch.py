#!/usr/bin/env python3
"""Sends a file to POST /solve/batch the way Python's http.client (and so `requests`) does: the
whole body first, then the answer. Prints one JSON line: the status, the answer lines, whether
their line numbers rise strictly, the error codes counted, the summary, and the seconds taken.

    scripts/half_duplex_batch.py HOST:PORT FILE [content-type]
"""
import http.client
import json
import sys
import time


def main():
    addr, path = sys.argv[1], sys.argv[2]
    content_type = sys.argv[3] if len(sys.argv) > 3 else "text/plain"
    host, port = addr.rsplit(":", 1)
    with open(path, "rb") as f:
        body = f.read()
    started = time.monotonic()
    conn = http.client.HTTPConnection(host, int(port), timeout=600)
    conn.request("POST", "/solve/batch", body=body, headers={"Content-Type": content_type})
    response = conn.getresponse()
    lines = 0
    in_order = True
    last = 0
    summary = None
    errors = {}
    for raw in response:
        record = json.loads(raw)
        if "summary" in record:
            summary = record["summary"]
            continue
        lines += 1
        if "error" in record:
            code = record["error"]["code"]
            errors[code] = errors.get(code, 0) + 1
        if not record.get("line", 0) > last:
            in_order = False
        last = record.get("line", last)
    print(json.dumps({
        "status": response.status,
        "answers": lines,
        "in_order": in_order,
        "errors": errors,
        "summary": summary,
        "seconds": round(time.monotonic() - started, 3),
    }))


if __name__ == "__main__":
    main()

"""Schemathesis hooks for scripts/schemathesis.sh.

Two 5xx are part of the contract: 504 `deadline_exceeded` when the client's own `timeout_ms`
passes (a 1 ms deadline is a valid request), and 503 `queue_full` when every solver is busy.
schemathesis.toml lets the built-in `not_a_server_error` accept those two statuses; it cannot look
at the body. This check accepts them only with their documented codes, and nothing else from the
5xx range.
"""

import sys
import threading

import schemathesis

# Hypothesis describes a strategy by parsing its lambdas' source (`ast`), deep inside the
# recursion that builds the request schemas (`oneOf` of a puzzle, a link or an f-puzzles
# document, each with rules). On Python 3.11, a parse that meets the recursion limit there fails
# with "SystemError: AST constructor recursion depth mismatch", a flaky runtime error of the tool,
# not a finding (seen once on POST /explain in CI, not reproduced alone). Room for the recursion:
# a higher limit, and worker threads with stacks to hold it.
sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
threading.stack_size(256 * 1024 * 1024)

EXPECTED = {503: "queue_full", 504: "deadline_exceeded"}


@schemathesis.check
def no_server_fault(ctx, response, case):
    """No 5xx but the documented load answers."""
    status = response.status_code
    if status < 500:
        return None
    try:
        code = response.json().get("code")
    except Exception:  # a body that is not a JSON object is a fault in itself
        code = None
    if EXPECTED.get(status) == code:
        return None
    raise AssertionError(f"server error {status}: {response.text[:300]}")


@schemathesis.serializer("application/x-ndjson")
def ndjson_serializer(ctx, value):
    """An NDJSON body for POST /solve/batch: a string as it is, anything else a JSON line."""
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass")
    import json

    return (json.dumps(value) + "\n").encode()

"""The prunecheck stdio protocol 1.1 loop (docs/protocol.md): one JSON request a line on stdin, exactly one
JSON response a line on stdout, in order, flushed at once. stderr is free text the harness captures.

The loop reads the next request only once the last one is answered, so it declares pipelining in hello:
the harness may write requests ahead and the loop still takes them one at a time, in order. Except for a
pruner that declares "model": its model's answers arrive on stdin mid-request, where a request written
ahead would stand in their way.

serve(pruner) turns any object with prune (and optionally summarize, reground, compact) methods into an
adapter. A method returns the new window, or raises UnrecoverablePruneError to refuse. Every request is
independent: the pruner gets the whole window and store each time and keeps nothing between requests.
A pruner that declares "model" gets the harness's model (model.py) as the last argument of compact, and
writes summaries itself in summarize_with_model(window, span_ids, summary_id, store, model).
"""

import json
import sys
import traceback

from .errors import UnrecoverablePruneError
from .model import HarnessGone, Model, stdio_ask
from .wire import OPERATIONS, PROTOCOL_MINOR, PROTOCOL_VERSION, BadRequest, check_request, request_id

_PROTOCOL_OPS = ("hello", "shutdown") + OPERATIONS


def serve(pruner, stdin=None, stdout=None):
    """Answers requests until shutdown or end of input; returns the exit status (0).

    With the default streams, print() inside the pruner goes to stderr, so it cannot corrupt stdout."""
    real_stdout = sys.stdout
    if stdout is None:
        stdout = sys.stdout.buffer
        sys.stdout = sys.stderr
    stdin = sys.stdin.buffer if stdin is None else stdin
    try:
        while True:
            line = stdin.readline()
            if not line:
                return 0
            try:
                response, stop = handle_line(pruner, line, lambda rid: stdio_ask(rid, stdin, stdout, encode))
            except (HarnessGone, BrokenPipeError):
                return 0
            if response is not None:
                try:
                    stdout.write(encode(response) + b"\n")
                    stdout.flush()
                except BrokenPipeError:
                    return 0
            if stop:
                return 0
    finally:
        sys.stdout = real_stdout


def encode(response):
    # ASCII-only output: every non-ASCII character (lone surrogates included) travels as a \u escape, so
    # text round-trips whatever encoding the harness's pipe assumes.
    return json.dumps(response, ensure_ascii=True, separators=(",", ":"), allow_nan=False).encode("ascii")


def handle_line(pruner, line, asker=None):
    """One request line (bytes or str) -> (response dict or None, whether to stop).

    `asker(rid)` gives the `ask` of request `rid`'s model calls (model.py), for a pruner that declares
    "model". Never raises, but for HarnessGone: the harness is gone, and so is the session."""
    try:
        return _handle(pruner, line, asker)
    except HarnessGone:
        raise
    except Exception as error:  # a bug here must cost one answer, not the whole session
        traceback.print_exc(file=sys.stderr)
        return _error(None, "InternalError", f"this is a bug in prunecheck_adapter: {error!r}"), False


def _handle(pruner, line, asker):
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as error:
            return _error(None, "BadRequest", f"the request line is not UTF-8: {error}"), False
    if line.strip() == "":
        return None, False
    try:
        request = json.loads(line, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        return _error(None, "BadRequest", f"the request line is not JSON: {error}"), False

    rid = request_id(request)
    op = request.get("op") if isinstance(request, dict) else None
    capabilities = capabilities_of(pruner)
    if isinstance(op, str) and (op not in _PROTOCOL_OPS or (op in OPERATIONS and op not in capabilities)):
        return _error(rid, "UnsupportedOperation", f"{name_of(pruner)} does not implement {op}"), False
    try:
        request = check_request(request, _PROTOCOL_OPS)
    except BadRequest as error:
        return _error(rid, "BadRequest", str(error)), False

    if op == "shutdown":
        return None, True
    uses_model = "model" in capabilities
    if op == "hello":
        return {
            "id": rid,
            "ok": True,
            "protocol": PROTOCOL_VERSION,
            "protocol_minor": PROTOCOL_MINOR,
            "name": name_of(pruner),
            "capabilities": list(capabilities),
            "pipelining": not uses_model,
        }, False
    if op == "summarize" and "summary_text" not in request and not uses_model:
        return _error(rid, "BadRequest", 'summary_text is missing: only a pruner that declares "model" writes its own summaries'), False
    try:
        model = Model(asker(rid)) if uses_model and asker is not None else None
        window = _call(pruner, request, model)
        encode(window)
    except HarnessGone:
        raise
    except Exception as error:
        if not isinstance(error, UnrecoverablePruneError):
            traceback.print_exc(file=sys.stderr)
        return {"id": rid, "ok": False, "error": to_wire_error(error)}, False
    return {"id": rid, "ok": True, "window": window}, False


def _call(pruner, request, model):
    op = request["op"]
    if op == "prune":
        return pruner.prune(request["window"], request["evict_ids"], request["store"])
    if op == "summarize" and "summary_text" not in request:
        return pruner.summarize_with_model(request["window"], request["span_ids"], request["summary_id"], request["store"], model)
    if op == "summarize":
        return pruner.summarize(request["window"], request["span_ids"], request["summary_id"], request["summary_text"], request["store"])
    if op == "compact":
        extra = () if model is None else (model,)
        return pruner.compact(request["window"], request["store"], request["budget"], *extra)
    return pruner.reground(request["window"], request["store"])


def name_of(pruner):
    name = getattr(pruner, "name", None)
    return name if isinstance(name, str) and name else type(pruner).__name__


def capabilities_of(pruner):
    """The declared capabilities the pruner has a method for, and "model" when declared; without a
    declaration, the operations it has methods for."""
    declared = getattr(pruner, "capabilities", None)
    ops = OPERATIONS if declared is None else [op for op in declared if op in OPERATIONS]
    model = ("model",) if declared is not None and "model" in declared else ()
    return tuple(op for op in ops if callable(getattr(pruner, op, None))) + model


def to_wire_error(error):
    """A raised exception as the wire's error object, like toWireError in src/transport/in-process.ts."""
    span_id = getattr(error, "span_id", None)
    code = getattr(error, "code", None)
    wire = {"type": type(error).__name__, "message": str(error), "span_id": span_id if isinstance(span_id, str) else None}
    if isinstance(code, str):
        wire["code"] = code
    return wire


def _error(rid, error_type, message):
    return {"id": rid, "ok": False, "error": {"type": error_type, "message": message, "span_id": None}}


def _reject_constant(name):
    raise ValueError(f"{name} is not JSON")

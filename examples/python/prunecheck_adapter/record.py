"""Recording an in-process Python pruner to a prunecheck trace (docs/trace.md), the twin of the TypeScript
recordPruner: record(pruner, write) returns a pruner with the same name, capabilities and answers, which
writes the trace's header at once and one line per call to write(line): what it was asked, exactly as the
wire would carry it, and what it answered or refused. The request is serialized before the pruner sees it,
so a pruner that edits its arguments does not rewrite its own record; a refusal is recorded and re-raised.

    with open("trace.jsonl", "w") as trace:
        pruner = record(MyPruner(), lambda line: print(line, file=trace, flush=True), conversation="c1")

`prunecheck audit trace.jsonl` then judges what the pruner did. `conversation` may also be a function,
asked at each call, for a pruner serving many conversations; `end_conversation()` writes the line that tells
an audit a conversation is over, so a trace of many conversations audits in bounded memory.
"""

import json
from datetime import datetime, timezone

from .protocol import capabilities_of, name_of, to_wire_error

TRACE_FORMAT = "prunecheck-trace"
TRACE_VERSION = 1


def _now():
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _json(value):
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"), allow_nan=False)


def record(pruner, write, conversation=None, now=_now):
    return _Recorded(pruner, write, conversation, now)


class _Recorded:
    def __init__(self, pruner, write, conversation, now):
        self._pruner = pruner
        self._write = write
        self._conversation = conversation
        self._now = now
        self._next_id = 1
        self.name = name_of(pruner)
        self.capabilities = capabilities_of(pruner)
        header = {"format": TRACE_FORMAT, "version": TRACE_VERSION, "implementation": {"name": self.name, "capabilities": list(self.capabilities)}, "created": now()}
        write(_json(header))
        # Only what the pruner has: a recorded pruner declares and answers exactly what the pruner does.
        for op in ("summarize", "summarize_with_model", "reground", "compact"):
            if not callable(getattr(pruner, op, None)):
                setattr(self, op, None)

    def _record(self, request, call):
        rid = self._next_id
        self._next_id += 1
        sent = _json({"id": rid, **request})
        sent_at = self._now()
        conversation = self._current()
        try:
            window = call()
        except Exception as error:
            self._line(sent, {"id": rid, "ok": False, "error": to_wire_error(error)}, sent_at, conversation)
            raise
        self._line(sent, {"id": rid, "ok": True, "window": window}, sent_at, conversation)
        return window

    def _current(self):
        return self._conversation() if callable(self._conversation) else self._conversation

    def _line(self, sent, response, sent_at, conversation):
        rest = {"sent_at": sent_at, "answered_at": self._now()}
        if conversation is not None:
            rest["conversation"] = conversation
        self._write(f'{{"request":{sent},"response":{_json(response)},{_json(rest)[1:]}')

    def end_conversation(self, conversation=None):
        conversation = self._current() if conversation is None else conversation
        if conversation is None:
            raise ValueError("end_conversation: no conversation to end: name it, or record with conversation=")
        self._write(_json({"conversation_end": conversation, "at": self._now()}))

    def prune(self, window, evict_ids, store):
        request = {"op": "prune", "window": window, "evict_ids": list(evict_ids), "store": store}
        return self._record(request, lambda: self._pruner.prune(window, evict_ids, store))

    def summarize(self, window, span_ids, summary_id, summary_text, store):
        request = {"op": "summarize", "window": window, "span_ids": list(span_ids), "summary_id": summary_id, "summary_text": summary_text, "store": store}
        return self._record(request, lambda: self._pruner.summarize(window, span_ids, summary_id, summary_text, store))

    def summarize_with_model(self, window, span_ids, summary_id, store, model):
        # Written with the model: on the wire, a summarize without a text.
        request = {"op": "summarize", "window": window, "span_ids": list(span_ids), "summary_id": summary_id, "store": store}
        return self._record(request, lambda: self._pruner.summarize_with_model(window, span_ids, summary_id, store, model))

    def reground(self, window, store):
        return self._record({"op": "reground", "window": window, "store": store}, lambda: self._pruner.reground(window, store))

    def compact(self, window, store, budget, *model):
        request = {"op": "compact", "window": window, "store": store, "budget": budget}
        return self._record(request, lambda: self._pruner.compact(window, store, budget, *model))

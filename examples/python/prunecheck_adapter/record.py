"""Recording an in-process Python pruner to a prunecheck trace (docs/trace.md), the twin of the TypeScript
recordPruner: record(pruner, write) returns a pruner with the same name, capabilities and answers, which
writes the trace's header at once and one line per call to write(line): what it was asked, exactly as the
wire would carry it, and what it answered or refused. The request is serialized before the pruner sees it,
so a pruner that edits its arguments does not rewrite its own record; a refusal is recorded and re-raised.

    with open("trace.jsonl", "w") as trace:
        pruner = record(MyPruner(), lambda line: print(line, file=trace, flush=True), conversation="c1")

`prunecheck audit trace.jsonl` then judges what the pruner did. A model handed to summarize_with_model or
compact is recorded too: each call the pruner makes and what the model answered, so an audit can tell a
refused model failure from a refusal of nothing. `conversation` may also be a function,
asked at each call, for a pruner serving many conversations; `end_conversation()` writes the line that tells
an audit a conversation is over, so a trace of many conversations audits in bounded memory.
"""

import json
from datetime import datetime, timezone

from .model import ModelFailure
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

    def _record(self, request, call, model=None):
        rid = self._next_id
        self._next_id += 1
        sent = _json({"id": rid, **request})
        sent_at = self._now()
        conversation = self._current()
        try:
            window = call()
        except Exception as error:
            self._line(sent, {"id": rid, "ok": False, "error": to_wire_error(error)}, sent_at, conversation, model)
            raise
        self._line(sent, {"id": rid, "ok": True, "window": window}, sent_at, conversation, model)
        return window

    def _current(self):
        return self._conversation() if callable(self._conversation) else self._conversation

    def _line(self, sent, response, sent_at, conversation, model):
        rest = {"sent_at": sent_at, "answered_at": self._now()}
        if conversation is not None:
            rest["conversation"] = conversation
        if model is not None:
            rest["model"] = model.exchanges
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
        seen = _RecordingModel(model)
        return self._record(request, lambda: self._pruner.summarize_with_model(window, span_ids, summary_id, store, seen), seen)

    def reground(self, window, store):
        return self._record({"op": "reground", "window": window, "store": store}, lambda: self._pruner.reground(window, store))

    def compact(self, window, store, budget, *model):
        request = {"op": "compact", "window": window, "store": store, "budget": budget}
        seen = _RecordingModel(model[0]) if model else None
        return self._record(request, lambda: self._pruner.compact(window, store, budget, *([seen] if seen else [])), seen)


class _RecordingModel:
    """The same model, noting each call and its answer as the wire's model lines carry them (a failure too)."""

    def __init__(self, model):
        self._model = model
        self.exchanges = []

    def summarize(self, span_ids, prompt=None):
        call = {"kind": "summarize", "span_ids": list(span_ids), **({"prompt": prompt} if prompt is not None else {})}
        summary = self._noting(call, lambda: self._model.summarize(span_ids, prompt))
        self.exchanges.append({"call": call, "answer": {"ok": True, **{key: summary[key] for key in ("text", "provenance") if key in summary}}})
        return summary

    def choose(self, span_ids, budget=None, prompt=None):
        call = {"kind": "choose", "span_ids": list(span_ids)}
        call.update({key: value for key, value in (("budget", budget), ("prompt", prompt)) if value is not None})
        chosen = self._noting(call, lambda: self._model.choose(span_ids, budget, prompt))
        self.exchanges.append({"call": call, "answer": {"ok": True, "evict_ids": list(chosen)}})
        return chosen

    def _noting(self, call, ask):
        try:
            return ask()
        except Exception as error:
            code = error.code if isinstance(error, ModelFailure) and error.code in ("error", "timeout") else "error"
            self.exchanges.append({"call": call, "answer": {"ok": False, "error": {"code": code, "message": str(error)}}})
            raise

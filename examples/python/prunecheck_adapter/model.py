"""The harness's model, as serve() hands it to a pruner that declares "model" (protocol 1.1, docs/protocol.md).

While the pruner handles request `id`, each call is one line on stdout, {"id": id, "model": call}, and the
harness answers it with one line on stdin, {"id": id, "model_answer": answer}, before the pruner writes its
own answer. The harness plays the model adversarially: its summaries may paraphrase a precondition, claim
spans they never saw, or be empty; its choice may call everything redundant; a call may fail. A pruner's
guards must hold whatever it answers: never trust its provenance, never let it choose a precondition span.
"""

import json

# As WIRE_LIMITS.modelCalls in src/wire/limits.ts: more calls for one request are a protocol fault.
MAX_CALLS = 8


class ModelFailure(Exception):
    """The model call failed: `code` is "error" or "timeout", as the harness's answer says."""

    def __init__(self, code, message):
        self.code = code
        super().__init__(message)


class Model:
    """summarize() and choose() for one request; `ask` sends one call and returns the harness's answer."""

    def __init__(self, ask):
        self._ask = ask

    def summarize(self, span_ids, prompt=None):
        """A summary of these spans: {"text": ..., "provenance": [...]} (provenance is a claim, maybe absent)."""
        answer = self._call({"kind": "summarize", "span_ids": list(span_ids)}, prompt)
        return {key: answer[key] for key in ("text", "provenance") if key in answer}

    def choose(self, span_ids, budget=None, prompt=None):
        """The ids the model says can go (its "is this redundant?"), optionally to meet `budget`."""
        call = {"kind": "choose", "span_ids": list(span_ids)}
        if budget is not None:
            call["budget"] = budget
        return list(self._call(call, prompt).get("evict_ids", []))

    def _call(self, call, prompt):
        if prompt is not None:
            call["prompt"] = prompt
        answer = self._ask(call)
        if answer.get("ok") is not True:
            error = answer.get("error") or {}
            raise ModelFailure(error.get("code", "error"), error.get("message", ""))
        return answer


class HarnessGone(Exception):
    """The harness closed stdin or answered out of step: the session is over, not the pruner's fault."""


def stdio_ask(rid, stdin, stdout, encode):
    """The `ask` of one request over the adapter's own streams: a call line out, its answer line back."""
    calls = 0

    def ask(call):
        nonlocal calls
        calls += 1
        if calls > MAX_CALLS:
            raise ModelFailure("error", f"more than {MAX_CALLS} model calls for one request")
        stdout.write(encode({"id": rid, "model": call}) + b"\n")
        stdout.flush()
        line = stdin.readline()
        if not line:
            raise HarnessGone("stdin closed while a model call was pending")
        reply = json.loads(line)
        if not isinstance(reply, dict) or reply.get("id") != rid or not isinstance(reply.get("model_answer"), dict):
            raise HarnessGone(f"expected the model's answer for request {rid}, got {line[:200]!r}")
        return reply["model_answer"]

    return ask

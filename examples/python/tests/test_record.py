"""record(): a Python pruner's calls written as a prunecheck trace (docs/trace.md), answers unchanged."""

import json
import unittest

from prunecheck_adapter import UnrecoverablePruneError, record
from prunecheck_adapter.model import ModelFailure
from prunecheck_adapter.model_compact import ModelCompactor
from prunecheck_adapter.reference import ReferencePruner

SPAN = {"span_id": "a", "text": "A", "tags": ["invariant"], "externalized_key": "ka"}
LOOSE = {"span_id": "b", "text": "B", "tags": [], "externalized_key": None}
WINDOW = {"spans": [SPAN, LOOSE], "derivation_depth": 0}
STORE = {"ka": "A"}


def recording(pruner, conversation=None):
    lines = []
    ticks = iter(range(10**6))
    recorded = record(pruner, lines.append, conversation=conversation, now=lambda: f"2026-12-06T00:00:00.{next(ticks):03d}Z")
    return recorded, lines


class PruneOnly:
    name = "prune-only"
    capabilities = ("prune",)

    def prune(self, window, evict_ids, store):
        window["spans"].clear()  # scribbles on its arguments
        return {"spans": [], "derivation_depth": 1}


class TestRecord(unittest.TestCase):
    def test_header_then_one_line_per_call_with_the_answer_unchanged(self):
        recorded, lines = recording(ReferencePruner(), conversation="c1")
        answer = recorded.prune(json.loads(json.dumps(WINDOW)), ["a"], dict(STORE))
        self.assertEqual(answer, ReferencePruner().prune(json.loads(json.dumps(WINDOW)), ["a"], dict(STORE)))
        header, exchange = (json.loads(line) for line in lines)
        self.assertEqual(header["format"], "prunecheck-trace")
        self.assertEqual(header["version"], 1)
        self.assertEqual(header["implementation"]["name"], ReferencePruner.name)
        self.assertEqual(exchange["request"], {"id": 1, "op": "prune", "window": WINDOW, "evict_ids": ["a"], "store": STORE})
        self.assertEqual(exchange["response"], {"id": 1, "ok": True, "window": answer})
        self.assertEqual(exchange["conversation"], "c1")
        self.assertLess(exchange["sent_at"], exchange["answered_at"])

    def test_a_refusal_is_recorded_as_the_wire_error_and_raised_again(self):
        recorded, lines = recording(ReferencePruner())
        with self.assertRaises(UnrecoverablePruneError):
            recorded.prune(json.loads(json.dumps(WINDOW)), ["b"], dict(STORE))
        response = json.loads(lines[1])["response"]
        self.assertFalse(response["ok"])
        self.assertEqual(response["error"]["type"], "UnrecoverablePruneError")
        self.assertEqual(response["error"]["span_id"], "b")

    def test_the_request_is_recorded_as_sent_even_if_the_pruner_edits_it(self):
        recorded, lines = recording(PruneOnly())
        recorded.prune(json.loads(json.dumps(WINDOW)), ["a"], dict(STORE))
        self.assertEqual(json.loads(lines[1])["request"]["window"], WINDOW)

    def test_declares_and_answers_only_what_the_pruner_does(self):
        recorded, _ = recording(PruneOnly())
        self.assertEqual(recorded.capabilities, ("prune",))
        self.assertIsNone(recorded.compact)
        self.assertIsNone(recorded.summarize)

    def test_a_conversation_function_tags_each_call_with_the_conversation_current_then(self):
        current = ["first"]
        recorded, lines = recording(ReferencePruner(), conversation=lambda: current[0])
        recorded.prune(json.loads(json.dumps(WINDOW)), [], dict(STORE))
        current[0] = None
        recorded.prune(json.loads(json.dumps(WINDOW)), [], dict(STORE))
        self.assertEqual([json.loads(line).get("conversation") for line in lines[1:]], ["first", None])

    def test_end_conversation_writes_the_end_line_of_the_current_or_named_conversation(self):
        recorded, lines = recording(ReferencePruner(), conversation="c1")
        recorded.end_conversation()
        recorded.end_conversation("c2")
        ends = [json.loads(line) for line in lines[1:]]
        self.assertEqual([end["conversation_end"] for end in ends], ["c1", "c2"])
        self.assertEqual(set(ends[0]), {"conversation_end", "at"})

    def test_end_conversation_without_a_conversation_is_refused(self):
        recorded, lines = recording(ReferencePruner())
        with self.assertRaises(ValueError):
            recorded.end_conversation()
        self.assertEqual(len(lines), 1)

    def test_a_model_handed_to_the_pruner_is_recorded_call_by_call_a_failure_too(self):
        class FailingSummaries:
            def choose(self, span_ids, budget=None, prompt=None):
                return list(span_ids)

            def summarize(self, span_ids, prompt=None):
                raise ModelFailure("timeout", "the model took too long")

        spans = [{"span_id": f"s{at}", "text": "x" * 40, "tags": [], "externalized_key": f"k{at}"} for at in range(3)]
        window = {"spans": spans, "derivation_depth": 0}
        store = {f"k{at}": "x" * 40 for at in range(3)}
        recorded, lines = recording(ModelCompactor())
        with self.assertRaises(UnrecoverablePruneError):
            recorded.compact(window, store, {"unit": "chars", "limit": 50}, FailingSummaries())
        exchange = json.loads(lines[1])
        self.assertEqual(
            exchange["model"],
            [
                {"call": {"kind": "choose", "span_ids": ["s0", "s1", "s2"], "budget": {"unit": "chars", "limit": 50}}, "answer": {"ok": True, "evict_ids": ["s0", "s1", "s2"]}},
                {"call": {"kind": "summarize", "span_ids": ["s0", "s1", "s2"]}, "answer": {"ok": False, "error": {"code": "timeout", "message": "the model took too long"}}},
            ],
        )
        self.assertEqual(exchange["response"]["error"]["code"], "model_failed")


if __name__ == "__main__":
    unittest.main()

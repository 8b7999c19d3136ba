"""The harness's model over stdio (protocol 1.1) and the model-driven compactor, in process and as a process."""

import json
import sys
import unittest

from prunecheck_adapter.errors import UnrecoverablePruneError
from prunecheck_adapter.model import MAX_CALLS, Model, ModelFailure, stdio_ask
from prunecheck_adapter.model_compact import ModelCompactor, compact_with_model
from prunecheck_adapter.protocol import handle_line
from prunecheck_adapter.reference import window_size
from tests.test_protocol import Adapter, line

SCHEMA = {"span_id": "s1", "text": "users.email: VARCHAR(255) NOT NULL UNIQUE", "tags": ["constraint"], "externalized_key": "k1"}
LOG = {"span_id": "s2", "text": "ran the migration on staging; 1,204 rows touched, 0 errors, took 3.2 s", "tags": [], "externalized_key": "k2"}
PLAN = {"span_id": "s3", "text": "next: backfill orders.total_cents, then drop the old column", "tags": [], "externalized_key": "k3"}
STORE = {"k1": SCHEMA["text"], "k2": LOG["text"], "k3": PLAN["text"]}
WINDOW = {"spans": [SCHEMA, LOG, PLAN], "derivation_depth": 0}
BUDGET = {"unit": "chars", "limit": window_size(WINDOW, "chars") - 40}


def scripted(*answers):
    """A Model answering from `answers` in order (the last one again past the end), recording each call."""
    calls = []

    def ask(call):
        calls.append(call)
        return answers[min(len(calls), len(answers)) - 1]

    return Model(ask), calls


def everything():
    return {"ok": True, "evict_ids": ["s1", "s2", "s3"]}


class ModelTest(unittest.TestCase):
    def test_a_failed_answer_is_a_typed_model_failure(self):
        model, _ = scripted({"ok": False, "error": {"code": "timeout", "message": "no answer in time"}})
        with self.assertRaises(ModelFailure) as raised:
            model.summarize(["s1"])
        self.assertEqual((raised.exception.code, str(raised.exception)), ("timeout", "no answer in time"))

    def test_calls_carry_their_kind_ids_budget_and_prompt(self):
        model, calls = scripted({"ok": True, "evict_ids": ["s2"]}, {"ok": True, "text": "short", "provenance": ["s2"]})
        self.assertEqual(model.choose(["s1", "s2"], BUDGET), ["s2"])
        self.assertEqual(model.summarize(["s2"], prompt="Summarize."), {"text": "short", "provenance": ["s2"]})
        self.assertEqual(calls, [
            {"kind": "choose", "span_ids": ["s1", "s2"], "budget": BUDGET},
            {"kind": "summarize", "span_ids": ["s2"], "prompt": "Summarize."},
        ])


class ModelCompactorTest(unittest.TestCase):
    def test_leaves_a_window_within_budget_alone_without_asking(self):
        model, calls = scripted(everything())
        result = compact_with_model(WINDOW, STORE, {"unit": "chars", "limit": 10_000}, model)
        self.assertEqual((result, calls), ({"spans": WINDOW["spans"], "derivation_depth": 1}, []))

    def test_summarizes_what_the_model_chose_with_provenance_it_computes_never_the_models_claim(self):
        model, _ = scripted(everything(), {"ok": True, "text": "migrated; backfill next", "provenance": ["s1", "model-invented"]})
        result = compact_with_model(WINDOW, STORE, BUDGET, model)
        self.assertEqual(result["spans"][0], SCHEMA)
        self.assertEqual(result["spans"][1]["provenance"], [{"span_id": "s2", "externalized_key": "k2"}, {"span_id": "s3", "externalized_key": "k3"}])
        self.assertEqual(result["spans"][1]["span_id"], "s2~summary")
        self.assertEqual(len(result["spans"]), 2)

    def test_never_lets_the_models_redundant_paraphrase_a_precondition_span(self):
        model, _ = scripted({"ok": True, "evict_ids": ["s1"]})
        result = compact_with_model(WINDOW, STORE, BUDGET, model)
        self.assertEqual(result["spans"][0]["kind"], "pointer")
        self.assertTrue(all(span.get("kind") != "summary" for span in result["spans"]))

    def test_refuses_a_failed_or_empty_answer_and_never_stores_its_text(self):
        for answer in ({"ok": False, "error": {"code": "error", "message": "Error: 429"}}, {"ok": True, "text": "  "}):
            model, _ = scripted(everything(), answer)
            with self.assertRaises(UnrecoverablePruneError) as raised:
                compact_with_model(WINDOW, STORE, BUDGET, model)
            self.assertEqual((raised.exception.code, raised.exception.span_id), ("model_failed", None))

    def test_drops_a_summary_that_stands_in_the_way_of_a_budget_pointers_meet(self):
        window = {"spans": [LOG, PLAN], "derivation_depth": 0}
        model, _ = scripted({"ok": True, "evict_ids": ["s2", "s3"]}, {"ok": True, "text": "x" * 60})
        result = compact_with_model(window, STORE, {"unit": "chars", "limit": 50}, model)
        self.assertEqual([span.get("kind") for span in result["spans"]], ["pointer", "pointer"])


    def test_names_its_summary_by_no_id_an_earlier_summarys_provenance_names(self):
        earlier = {"span_id": "s0", "text": "read the schema", "tags": [], "externalized_key": None, "kind": "summary",
                   "provenance": [{"span_id": "s2~summary", "externalized_key": "k1"}], "derivation_depth": 1}
        window = {"spans": [earlier, LOG, PLAN], "derivation_depth": 0}
        model, _ = scripted({"ok": True, "evict_ids": ["s2", "s3"]}, {"ok": True, "text": "migrated; backfill next"})
        result = compact_with_model(window, STORE, {"unit": "chars", "limit": 60}, model)
        self.assertEqual(result["spans"][1]["span_id"], "s2~summary'")


class ModelOverStdioTest(unittest.TestCase):
    def test_hello_declares_protocol_1_1_and_model_without_pipelining(self):
        response, _ = handle_line(ModelCompactor(), line({"id": 0, "op": "hello", "protocol": 1}))
        self.assertEqual(response["capabilities"], ["prune", "compact", "model"])
        self.assertEqual((response["protocol_minor"], response["pipelining"]), (1, False))

    def test_a_compact_in_process_asks_through_the_asker(self):
        model_calls = []

        def asker(rid):
            def ask(call):
                model_calls.append((rid, call["kind"]))
                return everything() if call["kind"] == "choose" else {"ok": True, "text": "migrated; backfill next"}
            return ask

        request = {"id": 4, "op": "compact", "window": WINDOW, "store": STORE, "budget": BUDGET}
        response, _ = handle_line(ModelCompactor(), line(request), asker)
        self.assertIs(response["ok"], True)
        self.assertEqual(model_calls, [(4, "choose"), (4, "summarize")])

    def test_a_session_with_model_calls(self):
        adapter = Adapter(self, [sys.executable, "examples/python/model_compactor.py"])
        self.assertEqual(adapter.ask(line({"id": 0, "op": "hello", "protocol": 1}))["name"], "model-compactor-python")
        call = adapter.ask(line({"id": 1, "op": "compact", "window": WINDOW, "store": STORE, "budget": BUDGET}))
        self.assertEqual(call, {"id": 1, "model": {"kind": "choose", "span_ids": ["s1", "s2", "s3"], "budget": BUDGET}})
        call = adapter.ask(line({"id": 1, "model_answer": everything()}))
        self.assertEqual(call, {"id": 1, "model": {"kind": "summarize", "span_ids": ["s2", "s3"]}})
        answer = adapter.ask(line({"id": 1, "model_answer": {"ok": False, "error": {"code": "error", "message": "Error: 429"}}}))
        self.assertEqual((answer["id"], answer["ok"], answer["error"]["code"]), (1, False, "model_failed"))
        adapter.send(line({"id": 2, "op": "shutdown"}))
        self.assertEqual(adapter.finish(), (0, []))

    def test_exits_without_answering_when_input_ends_or_a_request_comes_while_a_call_is_pending(self):
        # [p-model-next-line]: after a call the harness writes only its answer; anything else means it has gone.
        for instead in (None, line({"id": 2, "op": "prune", "window": WINDOW, "evict_ids": [], "store": STORE})):
            adapter = Adapter(self, [sys.executable, "examples/python/model_compactor.py"])
            adapter.ask(line({"id": 0, "op": "hello", "protocol": 1}))
            call = adapter.ask(line({"id": 1, "op": "compact", "window": WINDOW, "store": STORE, "budget": BUDGET}))
            self.assertEqual(call["model"]["kind"], "choose")
            if instead is not None:
                adapter.send(instead)
            adapter.process.stdin.close()
            self.assertEqual(adapter.finish(), (0, []))

    def test_the_ninth_call_of_a_request_fails_as_the_model_would_rather_than_break_the_protocol(self):
        class Sink:
            def write(self, data):
                pass

            def flush(self):
                pass

        class Source:
            def readline(self):
                return json.dumps({"id": 1, "model_answer": everything()}) + "\n"

        model = Model(stdio_ask(1, Source(), Sink(), lambda value: json.dumps(value).encode()))
        for _ in range(MAX_CALLS):
            model.choose(["s1"])
        with self.assertRaises(ModelFailure):
            model.choose(["s1"])

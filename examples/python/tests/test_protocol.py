"""The stdio loop: handle_line in process, then the real adapter processes line by line."""

import contextlib
import io
import json
import os
import queue
import subprocess
import sys
import threading
import unittest

from prunecheck_adapter.protocol import encode, handle_line
from prunecheck_adapter.reference import ReferencePruner

EXAMPLES = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
REPO = os.path.abspath(os.path.join(EXAMPLES, "..", ".."))
TIMEOUT = 20

SPAN = {"span_id": "a", "text": "A", "tags": ["invariant"], "externalized_key": "ka"}
WINDOW = {"spans": [SPAN], "derivation_depth": 0}
STORE = {"ka": "A"}


def line(obj):
    return json.dumps(obj) + "\n"


class OnlyPrune:
    name = "only-prune"

    def prune(self, window, evict_ids, store):
        return window


class Broken:
    name = "broken"
    capabilities = ["prune", "reground", "teleport"]

    def prune(self, window, evict_ids, store):
        return window["nope"]

    def reground(self, window, store):
        return {"spans": [], "derivation_depth": float("nan")}


class HandleLineTest(unittest.TestCase):
    def answer(self, text, pruner=None):
        response, stop = handle_line(pruner or ReferencePruner(), text)
        self.assertFalse(stop)
        return response

    def assertError(self, response, error_type, rid):
        self.assertEqual(response["id"], rid)
        self.assertIs(response["ok"], False)
        self.assertEqual(response["error"]["type"], error_type)
        self.assertIsNone(response["error"]["span_id"])
        self.assertIsInstance(response["error"]["message"], str)

    def test_hello(self):
        self.assertEqual(
            self.answer(line({"id": 0, "op": "hello", "protocol": 1})),
            {"id": 0, "ok": True, "protocol": 1, "protocol_minor": 1, "name": "reference-python", "capabilities": ["prune", "summarize", "reground"], "pipelining": True},
        )

    def test_capabilities_default_to_the_methods_there_are(self):
        self.assertEqual(self.answer(line({"id": 0, "op": "hello", "protocol": 1}), OnlyPrune())["capabilities"], ["prune"])
        self.assertEqual(self.answer(line({"id": 0, "op": "hello", "protocol": 1}), Broken())["capabilities"], ["prune", "reground"])

    def test_shutdown_stops_without_an_answer(self):
        self.assertEqual(handle_line(ReferencePruner(), line({"id": 9, "op": "shutdown"})), (None, True))

    def test_blank_lines_are_not_requests(self):
        for text in ["\n", "  \r\n", b"\n"]:
            self.assertIsNone(self.answer(text))

    def test_malformed_lines_are_bad_requests(self):
        for text in [b"\xff\xfe{}\n", "{\n", "nope\n", '{"id":1,"op":"prune"}{}\n', "NaN\n", "[1]\n", "3\n", '"x"\n', "null\n"]:
            with self.subTest(text=text):
                self.assertError(self.answer(text), "BadRequest", None)

    def test_a_bad_request_keeps_the_id_when_it_has_one(self):
        cases = [
            {"id": 4},
            {"id": 4, "op": 7},
            {"id": 4, "op": "prune", "window": WINDOW, "store": STORE},
            {"id": 4, "op": "prune", "window": WINDOW, "evict_ids": ["a"], "store": STORE, "extra": 1},
            {"id": 4, "op": "prune", "window": {**WINDOW, "extra": 1}, "evict_ids": [], "store": STORE},
            {"id": 4, "op": "prune", "window": {"spans": [SPAN, SPAN], "derivation_depth": 0}, "evict_ids": [], "store": STORE},
            {"id": 4, "op": "prune", "window": {"spans": [{**SPAN, "tags": "invariant"}], "derivation_depth": 0}, "evict_ids": [], "store": STORE},
            {"id": 4, "op": "prune", "window": {"spans": [{**SPAN, "kind": "pointer", "externalized_key": None}], "derivation_depth": 0}, "evict_ids": [], "store": STORE},
            {"id": 4, "op": "prune", "window": {"spans": [{**SPAN, "kind": "summary"}], "derivation_depth": 0}, "evict_ids": [], "store": STORE},
            {"id": 4, "op": "prune", "window": {"spans": [{**SPAN, "derivation_depth": 1}], "derivation_depth": 0}, "evict_ids": [], "store": STORE},
            {"id": 4, "op": "prune", "window": {"spans": [], "derivation_depth": -1}, "evict_ids": [], "store": STORE},
            {"id": 4, "op": "prune", "window": {"spans": [], "derivation_depth": True}, "evict_ids": [], "store": STORE},
            {"id": 4, "op": "prune", "window": WINDOW, "evict_ids": [], "store": {"k": 1}},
            {"id": 4, "op": "summarize", "window": WINDOW, "span_ids": ["a"], "summary_id": "", "summary_text": "", "store": STORE},
            {"id": 4, "op": "hello", "protocol": 2},
        ]
        for request in cases:
            with self.subTest(request=request):
                self.assertError(self.answer(line(request)), "BadRequest", 4)
        for rid in [-1, 1.5, True, "4", None, 2**53]:
            with self.subTest(rid=rid):
                self.assertError(self.answer(line({"id": rid, "op": "reground", "window": WINDOW, "store": STORE})), "BadRequest", None)

    def test_bad_request_says_where(self):
        request = {"id": 1, "op": "reground", "window": {"spans": [SPAN, {**SPAN, "span_id": "b", "tags": [3]}], "derivation_depth": 0}, "store": STORE}
        self.assertIn("window.spans[1].tags[0]", self.answer(line(request))["error"]["message"])

    def test_unknown_and_unimplemented_ops(self):
        self.assertError(self.answer(line({"id": 5, "op": "teleport"})), "UnsupportedOperation", 5)
        request = {"id": 6, "op": "summarize", "window": WINDOW, "span_ids": ["a"], "summary_id": "s", "summary_text": "", "store": STORE}
        self.assertError(self.answer(line(request), OnlyPrune()), "UnsupportedOperation", 6)

    def test_refusal_carries_the_code_and_the_span(self):
        request = {"id": 7, "op": "prune", "window": WINDOW, "evict_ids": ["a"], "store": {"ka": "A "}}
        self.assertEqual(
            self.answer(line(request)),
            {"id": 7, "ok": False, "error": {
                "type": "UnrecoverablePruneError",
                "message": "span \"a\": the store holds different text under the span's externalized_key; re-externalize the current text [stale_key]",
                "span_id": "a", "code": "stale_key"}},
        )

    def test_a_pruner_that_raises_costs_one_answer_and_a_traceback_on_stderr(self):
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            pruned = self.answer(line({"id": 8, "op": "prune", "window": WINDOW, "evict_ids": [], "store": STORE}), Broken())
            regrounded = self.answer(line({"id": 9, "op": "reground", "window": WINDOW, "store": STORE}), Broken())
        self.assertEqual((pruned["id"], pruned["ok"], pruned["error"]["type"]), (8, False, "KeyError"))
        self.assertEqual((regrounded["id"], regrounded["ok"], regrounded["error"]["type"]), (9, False, "ValueError"))
        self.assertEqual(stderr.getvalue().count("Traceback"), 2)

    def test_integral_numbers_are_integers(self):
        request = {"id": 3.0, "op": "prune", "window": {"spans": [], "derivation_depth": 1.0}, "evict_ids": [], "store": {}}
        self.assertEqual(encode(self.answer(line(request))), b'{"id":3,"ok":true,"window":{"spans":[],"derivation_depth":2}}')

    def test_output_is_ascii_and_round_trips_any_text(self):
        text = "\u00e9 e\u0301 \U0001F600 \ud800 \u2028 \x00 \t\r\n \ufeff"
        span = {"span_id": "\U0001F600", "text": text, "tags": ["\u00e9"], "externalized_key": "\u2028", "\u00fc": text}
        request = {"id": 1, "op": "prune", "window": {"spans": [span], "derivation_depth": 0}, "evict_ids": [], "store": {"\u2028": text}}
        out = encode(self.answer(encode(request) + b"\n"))
        self.assertTrue(out.isascii())
        self.assertNotIn(b"\n", out)
        self.assertEqual(json.loads(out)["window"]["spans"], [span])

    def test_requests_are_independent(self):
        pruner = ReferencePruner()
        request = line({"id": 1, "op": "prune", "window": WINDOW, "evict_ids": ["a"], "store": STORE})
        self.assertEqual(self.answer(request, pruner), self.answer(request, pruner))


class Adapter:
    """A running adapter process, read one stdout line at a time with a timeout."""

    def __init__(self, test, command, cwd=REPO):
        self.process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        test.addCleanup(self.close)
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for out in self.process.stdout:
            self.lines.put(out)
        self.lines.put(None)

    def send(self, raw):
        self.process.stdin.write(raw if isinstance(raw, bytes) else raw.encode())
        self.process.stdin.flush()

    def ask(self, raw):
        self.send(raw)
        out = self.lines.get(timeout=TIMEOUT)
        assert out is not None, "the adapter closed stdout"
        assert out.endswith(b"\n") and out.isascii(), out
        return json.loads(out)

    def finish(self):
        """Waits for exit; returns the exit status and any stdout lines still unread."""
        status = self.process.wait(timeout=TIMEOUT)
        rest = []
        while (out := self.lines.get(timeout=TIMEOUT)) is not None:
            rest.append(out)
        return status, rest

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            stream.close()


class AdapterProcessTest(unittest.TestCase):
    def start(self, *args, **kwargs):
        return Adapter(self, [sys.executable, *args], **kwargs)

    def test_a_session_line_by_line(self):
        adapter = self.start("examples/python/adapter.py")
        self.assertEqual(
            adapter.ask(line({"id": 0, "op": "hello", "protocol": 1})),
            {"id": 0, "ok": True, "protocol": 1, "protocol_minor": 1, "name": "reference-python", "capabilities": ["prune", "summarize", "reground"], "pipelining": True},
        )
        pruned = adapter.ask(line({"id": 1, "op": "prune", "window": WINDOW, "evict_ids": ["a"], "store": STORE}))
        pointer = {**SPAN, "text": "[externalized: ka]", "kind": "pointer"}
        self.assertEqual(pruned, {"id": 1, "ok": True, "window": {"spans": [pointer], "derivation_depth": 1}})

        summarized = adapter.ask(line({"id": 2, "op": "summarize", "window": pruned["window"], "span_ids": ["a"],
                                       "summary_id": "s", "summary_text": "short", "store": STORE}))
        self.assertEqual(summarized["window"], {"spans": [{
            "span_id": "s", "text": "short", "tags": ["invariant"], "externalized_key": None, "kind": "summary",
            "provenance": [{"span_id": "a", "externalized_key": "ka"}], "derivation_depth": 1}], "derivation_depth": 2})

        regrounded = adapter.ask(line({"id": 3, "op": "reground", "window": pruned["window"], "store": STORE}))
        self.assertEqual(regrounded["window"], {"spans": [{**SPAN, "kind": "original"}], "derivation_depth": 0})

        refused = adapter.ask(line({"id": 4, "op": "summarize", "window": summarized["window"], "span_ids": ["s"],
                                    "summary_id": "t", "summary_text": "", "store": STORE}))
        self.assertEqual((refused["id"], refused["ok"], refused["error"]["code"], refused["error"]["span_id"]),
                         (4, False, "summary_depth_exceeded", "s"))

        self.assertEqual(adapter.ask(line({"id": 5, "op": "teleport"}))["error"]["type"], "UnsupportedOperation")
        self.assertEqual(adapter.ask("{not json\n")["error"]["type"], "BadRequest")
        self.assertEqual(adapter.ask(b"\xc3\x28\n")["error"]["type"], "BadRequest")
        self.assertEqual(adapter.ask(line({"id": 6, "op": "prune"})), adapter.ask(line({"id": 6, "op": "prune"})))

        text = "\U0001F600 \ud800 e\u0301\r\n"  # the escaped pair is one character
        raw = '{"id":7,"op":"reground","window":{"spans":[{"span_id":"\\ud800","text":"\\ud83d\\ude00 \\ud800 e\\u0301\\r\\n","tags":[],"externalized_key":null}],"derivation_depth":0},"store":{}}\n'
        echoed = adapter.ask(raw)
        self.assertEqual(echoed["window"]["spans"][0]["text"], text)
        self.assertEqual(echoed["window"]["spans"][0]["span_id"], "\ud800")

        adapter.send(line({"id": 8, "op": "shutdown"}))
        self.assertEqual(adapter.finish(), (0, []))

    def test_pipelined_requests_are_answered_one_each_in_order(self):
        adapter = self.start("examples/python/adapter.py")
        self.assertIs(adapter.ask(line({"id": 0, "op": "hello", "protocol": 1}))["pipelining"], True)
        requests = [
            {"id": 1, "op": "prune", "window": WINDOW, "evict_ids": ["a"], "store": STORE},
            {"id": 2, "op": "prune", "window": WINDOW, "evict_ids": ["a"], "store": {}},
            {"id": 3, "op": "reground", "window": WINDOW, "store": STORE},
        ]
        adapter.send(b"".join(line(request).encode() for request in requests))
        answers = [json.loads(adapter.lines.get(timeout=TIMEOUT)) for _ in requests]
        self.assertEqual([(answer["id"], answer["ok"]) for answer in answers], [(1, True), (2, False), (3, True)])
        self.assertEqual(answers[1]["error"]["code"], "key_missing")

    def test_end_of_input_ends_the_session(self):
        adapter = self.start("examples/python/adapter.py")
        self.assertTrue(adapter.ask(line({"id": 0, "op": "hello", "protocol": 1}))["ok"])
        adapter.process.stdin.close()
        self.assertEqual(adapter.finish(), (0, []))

    def test_runs_as_a_module(self):
        adapter = self.start("-m", "prunecheck_adapter", cwd=EXAMPLES)
        self.assertEqual(adapter.ask(line({"id": 0, "op": "hello", "protocol": 1}))["name"], "reference-python")

    def test_print_in_a_pruner_goes_to_stderr(self):
        script = (
            "import sys; sys.path.insert(0, 'examples/python')\n"
            "from prunecheck_adapter import serve\n"
            "class Chatty:\n"
            "    name = 'chatty'\n"
            "    def prune(self, window, evict_ids, store):\n"
            "        print('thinking about', evict_ids)\n"
            "        return window\n"
            "serve(Chatty())\n"
        )
        adapter = self.start("-c", script)
        self.assertTrue(adapter.ask(line({"id": 1, "op": "prune", "window": WINDOW, "evict_ids": ["a"], "store": STORE}))["ok"])
        adapter.process.stdin.close()
        self.assertEqual(adapter.finish(), (0, []))
        self.assertIn(b"thinking about ['a']", adapter.process.stderr.read())


class NaiveTest(unittest.TestCase):
    """naive.py must stay broken in the ways its header lists, or it is no use as a target."""

    def test_it_is_the_pruner_the_seed_warns_about(self):
        adapter = Adapter(self, [sys.executable, "examples/python/naive.py"])
        hello = adapter.ask(line({"id": 0, "op": "hello", "protocol": 1}))
        self.assertEqual((hello["name"], hello["capabilities"]), ("naive-python", ["prune"]))
        spans = [
            {"span_id": "p", "text": "P", "tags": ["precondition"], "externalized_key": None},
            {"span_id": "i", "text": "I", "tags": ["invariant"], "externalized_key": None},
            {"span_id": "s", "text": "new", "tags": ["constraint"], "externalized_key": "ks", "meta": 1},
            {"span_id": "d", "text": "D", "tags": ["diff"], "externalized_key": None},
        ]
        request = {"id": 1, "op": "prune", "window": {"spans": spans, "derivation_depth": 0},
                   "evict_ids": ["p", "i", "s", "d"], "store": {"ks": "old"}}
        self.assertEqual(adapter.ask(line(request))["window"]["spans"], [
            {"span_id": "i", "text": "(summarized)", "tags": ["invariant"], "externalized_key": None},
            {"span_id": "s", "text": "[externalized: ks]", "tags": ["constraint"], "externalized_key": "ks", "kind": "pointer"},
        ])
        request = {"id": 2, "op": "summarize", "window": {"spans": [], "derivation_depth": 0}, "span_ids": [],
                   "summary_id": "x", "summary_text": "", "store": {}}
        self.assertEqual(adapter.ask(line(request))["error"]["type"], "UnsupportedOperation")


if __name__ == "__main__":
    unittest.main()

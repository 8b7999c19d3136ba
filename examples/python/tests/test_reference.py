"""The Python port against the semantics of src/reference, one refusal code at a time."""

import copy
import os
import re
import unittest

from prunecheck_adapter import PRECONDITION_TAGS, REFUSAL_REASONS, UnrecoverablePruneError
from prunecheck_adapter.reference import SUMMARY_DEPTH, prune, reground, summarize

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def span(span_id, text="text", tags=(), key=None, **extra):
    return {"span_id": span_id, "text": text, "tags": list(tags), "externalized_key": key, **extra}


def window(*spans, depth=0):
    return {"spans": list(spans), "derivation_depth": depth}


def summary_span(span_id, sources, text="summary", key=None):
    return span(span_id, text, key=key, kind="summary", provenance=sources, derivation_depth=1)


class RefusalCase(unittest.TestCase):
    def assertRefused(self, code, span_id, operation, *args):
        before = copy.deepcopy(args)
        with self.assertRaises(UnrecoverablePruneError) as caught:
            operation(*args)
        self.assertEqual(caught.exception.code, code)
        self.assertEqual(caught.exception.span_id, span_id)
        self.assertTrue(str(caught.exception).endswith(f"[{code}]"), str(caught.exception))
        self.assertEqual(args, before, "a refused operation must not change its inputs")
        return caught.exception


class PruneTest(RefusalCase):
    def test_evicts_to_a_pointer_that_keeps_every_other_field(self):
        source = span("a", "exact text", ["constraint", "note"], "k1", meta={"turn": 3}, zz=[1, None])
        store = {"k1": "exact text"}
        request = window(source, span("b"))
        before = copy.deepcopy(request)
        result = prune(request, ["a"], store)
        self.assertEqual(result["derivation_depth"], 1)
        self.assertEqual(
            result["spans"][0],
            {"span_id": "a", "text": "[externalized: k1]", "tags": ["constraint", "note"], "externalized_key": "k1",
             "meta": {"turn": 3}, "zz": [1, None], "kind": "pointer"},
        )
        self.assertEqual(list(result["spans"][0]), ["span_id", "text", "tags", "externalized_key", "meta", "zz", "kind"])
        self.assertEqual(result["spans"][1], span("b"))
        self.assertEqual(request, before)

    def test_kind_stays_where_it_was_in_the_span(self):
        result = prune(window(span("a", key="k", kind="original", extra=1)), ["a"], {"k": "text"})
        self.assertEqual(list(result["spans"][0]), ["span_id", "text", "tags", "externalized_key", "kind", "extra"])

    def test_pointer_to_a_summary_keeps_provenance_and_depth(self):
        summary = summary_span("s", [{"span_id": "a", "externalized_key": "ka"}], "sum", key="ks")
        result = prune(window(summary), ["s"], {"ks": "sum", "ka": "a text"})
        self.assertEqual(result["spans"][0], {**summary, "kind": "pointer", "text": "[externalized: ks]"})

    def test_absent_ids_are_ignored_and_depth_still_grows(self):
        request = window(span("a"), depth=0)
        self.assertEqual(prune(request, ["nope", "nope"], {}), window(span("a"), depth=1))
        self.assertEqual(prune(request, [], {}), window(span("a"), depth=1))

    def test_evicting_a_pointer_again_leaves_it_as_it_is(self):
        pointer = span("a", "[externalized: k]", key="k", kind="pointer")
        self.assertEqual(prune(window(pointer), ["a"], {"k": "anything"})["spans"], [pointer])

    def test_every_evicted_span_needs_a_copy_tagged_or_not(self):
        self.assertRefused("not_externalized", "a", prune, window(span("a", tags=["diff"])), ["a"], {})
        self.assertRefused("not_externalized", "a", prune, window(span("a", tags=["Invariant"])), ["a"], {})

    def test_not_externalized(self):
        self.assertRefused("not_externalized", "b", prune, window(span("a", key="k"), span("b")), ["a", "b"], {"k": "text"})

    def test_key_missing(self):
        self.assertRefused("key_missing", "a", prune, window(span("a", key="k")), ["a"], {"other": "text"})

    def test_stale_key_is_byte_exact(self):
        variants = [("x", "x "), ("x\n", "x\r\n"), ("\u00e9", "e\u0301"), ("x", "\ufeffx"), ("A", "a"), ("", " ")]
        for text, stored in variants:
            with self.subTest(text=text, stored=stored):
                self.assertRefused("stale_key", "a", prune, window(span("a", text, key="k")), ["a"], {"k": stored})
        for text in ["x ", "\t\r\n", "\u00e9", "e\u0301", "\U0001F600", "\ud800", "\x00"]:
            with self.subTest(exact=text):
                self.assertEqual(prune(window(span("a", text, key="k")), ["a"], {"k": text})["spans"][0]["kind"], "pointer")

    def test_unresolvable_pointer(self):
        pointer = span("p", "[externalized: gone]", key="gone", kind="pointer")
        self.assertRefused("unresolvable_pointer", "p", prune, window(pointer), ["p"], {})

    def test_unresolvable_provenance_of_an_evicted_pointer(self):
        pointer = span("p", "[externalized: ks]", key="ks", kind="pointer",
                       provenance=[{"span_id": "a", "externalized_key": "gone"}], derivation_depth=1)
        self.assertRefused("unresolvable_provenance", "p", prune, window(pointer), ["p"], {"ks": "sum"})

    def test_derived_ungrounded_names_the_first_span_that_does_not_resolve(self):
        request = window(span("a", key="k"), span("b"), span("c"), depth=2)
        error = self.assertRefused("derived_ungrounded", "b", prune, request, [], {"k": "text"})
        self.assertEqual(
            str(error),
            'span "b": the window is derived (derivation_depth 2) and this span does not resolve in the store '
            "(not_externalized); reground first [derived_ungrounded]",
        )

    def test_derived_window_is_checked_against_exact_copies(self):
        self.assertRefused("derived_ungrounded", "a", prune, window(span("a", "new", key="k"), depth=1), [], {"k": "old"})
        grounded = window(span("a", "t", key="k"), summary_span("s", [{"span_id": "x", "externalized_key": "kx"}]), depth=1)
        self.assertEqual(prune(grounded, ["a"], {"k": "t", "kx": "x"})["derivation_depth"], 2)

    def test_store_keys_are_ordinary_keys(self):
        for key in ["__proto__", "toString", "constructor", "hasOwnProperty", ""]:
            with self.subTest(key=key):
                result = prune(window(span("a", "t", key=key, __proto__={"x": 1})), ["a"], {key: "t"})
                self.assertEqual(result["spans"][0]["text"], f"[externalized: {key}]")
                self.assertEqual(result["spans"][0]["__proto__"], {"x": 1})
                self.assertRefused("key_missing", "a", prune, window(span("a", "t", key=key)), ["a"], {})


class SummarizeTest(RefusalCase):
    def setUp(self):
        self.store = {"ka": "A", "kb": "B", "kc": "C"}
        self.request = window(
            span("a", "A", ["note", "invariant"], "ka"),
            span("x", "X", ["diff"]),
            span("b", "B", ["invariant", "scope_qualifier", "scope_qualifier"], "kb", meta=1),
            span("c", "C", ["constraint"], "kc"),
        )

    def test_summary_stands_at_the_first_source_and_carries_provenance_in_window_order(self):
        before = copy.deepcopy(self.request)
        result = summarize(self.request, ["c", "a", "c"], "s", "a and c", self.store)
        self.assertEqual(self.request, before)
        self.assertEqual(result["derivation_depth"], 1)
        self.assertEqual([s["span_id"] for s in result["spans"]], ["s", "x", "b"])
        self.assertEqual(
            result["spans"][0],
            {"span_id": "s", "text": "a and c", "tags": ["note", "invariant", "constraint"], "externalized_key": None,
             "kind": "summary", "provenance": [{"span_id": "a", "externalized_key": "ka"}, {"span_id": "c", "externalized_key": "kc"}],
             "derivation_depth": SUMMARY_DEPTH},
        )
        self.assertEqual(list(result["spans"][0]), ["span_id", "text", "tags", "externalized_key", "kind", "provenance", "derivation_depth"])
        self.assertIs(result["spans"][2], self.request["spans"][2])

    def test_tags_are_the_union_in_first_seen_order(self):
        result = summarize(self.request, ["b", "a"], "s", "", self.store)
        self.assertEqual(result["spans"][0]["tags"], ["note", "invariant", "scope_qualifier"])
        self.assertEqual([s["span_id"] for s in result["spans"]], ["s", "x", "c"])

    def test_depth_grows_from_the_window_depth(self):
        grounded = window(span("a", "A", key="ka"), depth=3)
        self.assertEqual(summarize(grounded, ["a"], "s", "", self.store)["derivation_depth"], 4)

    def test_empty_selection(self):
        error = self.assertRefused("empty_selection", None, summarize, self.request, [], "s", "", self.store)
        self.assertEqual(str(error), "window: a summary needs at least one source span [empty_selection]")

    def test_unknown_span(self):
        self.assertRefused("unknown_span", "nope", summarize, self.request, ["a", "nope"], "s", "", self.store)

    def test_duplicate_span_id(self):
        self.assertRefused("duplicate_span_id", "x", summarize, self.request, ["a"], "x", "", self.store)

    def test_duplicate_span_id_even_when_it_names_a_source(self):
        self.assertRefused("duplicate_span_id", "a", summarize, self.request, ["a"], "a", "", self.store)

    def test_checks_grounding_first_whatever_else_is_wrong_with_the_request(self):
        derived = window(span("a", "A", key="ka"), span("b"), depth=1)
        for ids, summary_id in (([], "s"), (["nope"], "s"), (["a"], "b"), (["a"], "s")):
            self.assertRefused("derived_ungrounded", "b", summarize, derived, ids, summary_id, "", self.store)

    def test_then_checks_the_request_in_the_reference_order(self):
        self.assertRefused("empty_selection", None, summarize, window(depth=1), [], "a", "", {})
        self.assertRefused("unknown_span", "nope", summarize, self.request, ["nope"], "a", "", self.store)
        grounded = window(span("a", "A", key="ka"), span("b"), depth=0)
        self.assertRefused("duplicate_span_id", "b", summarize, grounded, ["a"], "b", "", self.store)
        self.assertRefused("not_externalized", "b", summarize, grounded, ["b"], "s", "", self.store)

    def test_summary_depth_exceeded(self):
        summary = summary_span("s", [{"span_id": "a", "externalized_key": "ka"}])
        self.assertRefused("summary_depth_exceeded", "s", summarize, window(summary), ["s"], "t", "", self.store)
        pointer = {**summary, "kind": "pointer", "externalized_key": "ks", "text": "[externalized: ks]"}
        self.assertRefused("summary_depth_exceeded", "s", summarize, window(pointer), ["s"], "t", "", {**self.store, "ks": "summary"})

    def test_sources_are_checked_one_by_one_in_window_order(self):
        summary = summary_span("s", [{"span_id": "q", "externalized_key": "ka"}])
        request = window(span("a", "stale", key="ka"), summary)
        self.assertRefused("stale_key", "a", summarize, request, ["s", "a"], "t", "", self.store)

    def test_sources_need_exact_copies(self):
        self.assertRefused("not_externalized", "x", summarize, self.request, ["a", "x"], "s", "", self.store)
        self.assertRefused("key_missing", "a", summarize, self.request, ["a"], "s", "", {})
        self.assertRefused("stale_key", "a", summarize, self.request, ["a"], "s", "", {"ka": "A "})
        pointer = span("p", "[externalized: gone]", key="gone", kind="pointer")
        self.assertRefused("unresolvable_pointer", "p", summarize, window(pointer), ["p"], "s", "", {})

    def test_a_pointer_to_an_original_can_be_summarized(self):
        pointer = span("p", "[externalized: kp]", key="kp", kind="pointer")
        result = summarize(window(pointer), ["p"], "s", "", {"kp": "P"})
        self.assertEqual(result["spans"][0]["provenance"], [{"span_id": "p", "externalized_key": "kp"}])


class RegroundTest(RefusalCase):
    def test_rehydrates_pointers_byte_exact_and_resets_depth(self):
        text = " \u00e9\r\n\U0001F600\ud800\t"
        pointer = span("a", "[externalized: k]", ["invariant"], "k", kind="pointer", meta={"m": 1})
        summary = summary_span("s", [{"span_id": "z", "externalized_key": "kz"}])
        original = span("o", "whatever", key="stale")
        request = window(pointer, summary, original, depth=5)
        before = copy.deepcopy(request)
        result = reground(request, {"k": text, "kz": "Z"})
        self.assertEqual(request, before)
        self.assertEqual(result["derivation_depth"], 0)
        self.assertEqual(result["spans"][0], {**pointer, "kind": "original", "text": text})
        self.assertEqual(list(result["spans"][0]), list(pointer))
        self.assertIs(result["spans"][1], summary)
        self.assertIs(result["spans"][2], original)

    def test_pointer_to_a_summary_comes_back_as_the_summary(self):
        sources = [{"span_id": "z", "externalized_key": "kz"}]
        pointer = {**summary_span("s", sources, key="ks"), "kind": "pointer", "text": "[externalized: ks]"}
        result = reground(window(pointer, depth=2), {"ks": "the summary", "kz": "Z"})
        self.assertEqual(result["spans"][0], summary_span("s", sources, "the summary", key="ks"))

    def test_prune_then_reground_round_trips(self):
        source = window(span("a", "A", ["precondition"], "ka", kind="original"), span("b", "B"))
        store = {"ka": "A"}
        self.assertEqual(reground(prune(source, ["a"], store), store), source)

    def test_unresolvable_pointer(self):
        pointer = span("a", "[externalized: gone]", key="gone", kind="pointer")
        self.assertRefused("unresolvable_pointer", "a", reground, window(span("o"), pointer, depth=1), {})

    def test_unresolvable_provenance(self):
        summary = summary_span("s", [{"span_id": "a", "externalized_key": "ka"}, {"span_id": "b", "externalized_key": "gone"}])
        self.assertRefused("unresolvable_provenance", "s", reground, window(summary, depth=1), {"ka": "A"})

    def test_originals_are_not_checked(self):
        request = window(span("o", key="missing"), depth=1)
        self.assertEqual(reground(request, {}), window(span("o", key="missing")))


class DriftTest(unittest.TestCase):
    """The port's tables against the TypeScript files they copy, when the checkout has them."""

    def read(self, path):
        full = os.path.join(REPO, path)
        if not os.path.exists(full):
            self.skipTest(f"{path} is not in this checkout")
        with open(full, encoding="utf-8") as handle:
            return handle.read()

    def test_refusal_reasons_match_src_errors(self):
        source = self.read("src/errors/unrecoverable.ts")
        block = source[source.index("REFUSAL_REASONS = Object.freeze({"):]
        block = block[: block.index("} as const)")]
        entries = re.findall(r'^\s*(\w+):\s*"((?:[^"\\]|\\.)*)",?$', block, flags=re.M)
        self.assertEqual(dict(entries), REFUSAL_REASONS)

    def test_precondition_tags_match_src_wire(self):
        source = self.read("src/wire/tags.ts")
        block = source[source.index("PRECONDITION_TAGS = Object.freeze(["):]
        block = block[: block.index("] as const)")]
        self.assertEqual(tuple(re.findall(r'"(\w+)"', block)), PRECONDITION_TAGS)


if __name__ == "__main__":
    unittest.main()

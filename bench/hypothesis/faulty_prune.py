"""Sixteen prune-only pruners, each the Python kit's reference prune with one fault, for bench/hypothesis.ts.

Run as an adapter: python3 bench/hypothesis/faulty_prune.py FAULT. Imported by property.py, which calls
`prune_with(FAULT)` in process. Each fault is one deviation a hand-written pruner makes, taken from the
mutant catalog (properties/mutants) where it has a twin there; none of them is tuned to a generator.
"""
import os
import random
import sys
import unicodedata

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "python"))

from prunecheck_adapter import UnrecoverablePruneError, pointer_text, serve  # noqa: E402
from prunecheck_adapter.reference import assert_grounded_if_derived, copy_problem, has_key, kind_of, to_pointer  # noqa: E402


def _same_prefix(a, b):
    return a[:1024] == b[:1024]


def _problem(span, store, equal):
    """copy_problem with the text comparison replaced by `equal`."""
    key = span["externalized_key"]
    if kind_of(span) == "pointer":
        return None if has_key(store, key) else "unresolvable_pointer"
    if key is None:
        return "not_externalized"
    if not has_key(store, key):
        return "key_missing"
    return None if equal(store[key], span["text"]) else "stale_key"


def _prune(window, evict_ids, store, *, check=copy_problem, derived_check=True, point=to_pointer, depth_step=1, order=None):
    if derived_check:
        assert_grounded_if_derived(window, store)
    evict = set(evict_ids)
    for span in window["spans"]:
        if span["span_id"] in evict:
            problem = check(span, store)
            if problem is not None:
                raise UnrecoverablePruneError(problem, span["span_id"])
    spans = [point(span) if span["span_id"] in evict else span for span in window["spans"]]
    if order is not None:
        spans = order(spans)
    return {"spans": spans, "derivation_depth": window["derivation_depth"] + depth_step}


def _pointer_from_four_fields(span):
    return {"span_id": span["span_id"], "text": pointer_text(span["externalized_key"]), "tags": span["tags"], "externalized_key": span["externalized_key"], "kind": "pointer"}


def _drops_evicted(window, evict_ids, store):
    result = _prune(window, evict_ids, store)
    result["spans"] = [span for span in result["spans"] if not (span["span_id"] in set(evict_ids) and kind_of(span) == "pointer")]
    return result


def _paraphrases_unkeyed(window, evict_ids, store):
    def check(span, store):
        return None if span["externalized_key"] is None else copy_problem(span, store)

    def point(span):
        return {**span, "text": "(summarized)"} if span["externalized_key"] is None else to_pointer(span)

    return _prune(window, evict_ids, store, check=check, point=point)


def _refuses_absent(window, evict_ids, store):
    present = {span["span_id"] for span in window["spans"]}
    for span_id in evict_ids:
        if span_id not in present:
            raise UnrecoverablePruneError("unknown_span", span_id)
    return _prune(window, evict_ids, store)


def _untyped_refusal(window, evict_ids, store):
    try:
        return _prune(window, evict_ids, store)
    except UnrecoverablePruneError as error:
        raise RuntimeError(str(error)) from None


def _mutates_input(window, evict_ids, store):
    result = _prune(window, evict_ids, store)
    for span in window["spans"]:
        if span["span_id"] in set(evict_ids):
            span["text"] = pointer_text(span["externalized_key"])
    return result


def _pointer_by_text(window, evict_ids, store):
    def check(span, store):
        return None if span["text"].startswith("[externalized:") else copy_problem(span, store)

    return _prune(window, evict_ids, store, check=check)


def _random_culprit(window, evict_ids, store):
    assert_grounded_if_derived(window, store)
    culprits = [(span, copy_problem(span, store)) for span in window["spans"] if span["span_id"] in set(evict_ids)]
    culprits = [(span, problem) for span, problem in culprits if problem is not None]
    if culprits:
        span, problem = random.choice(culprits)
        raise UnrecoverablePruneError(problem, span["span_id"])
    return _prune(window, evict_ids, store)


def _lowercases_tags(window, evict_ids, store):
    return _prune(window, evict_ids, store, point=lambda span: {**to_pointer(span), "tags": [tag.lower() for tag in span["tags"]]})


def _keeps_last_256(window, evict_ids, store):
    result = _prune(window, evict_ids, store)
    result["spans"] = result["spans"][-256:]
    return result


FAULTS = {
    "drops-evicted": _drops_evicted,
    "accepts-stale-key": lambda w, e, s: _prune(w, e, s, check=lambda span, store: _problem(span, store, lambda a, b: True)),
    "accepts-missing-key": lambda w, e, s: _prune(w, e, s, check=lambda span, store: None if span["externalized_key"] is not None else "not_externalized"),
    "compares-prefix": lambda w, e, s: _prune(w, e, s, check=lambda span, store: _problem(span, store, _same_prefix)),
    "compares-trimmed": lambda w, e, s: _prune(w, e, s, check=lambda span, store: _problem(span, store, lambda a, b: a.strip() == b.strip())),
    "compares-nfc": lambda w, e, s: _prune(w, e, s, check=lambda span, store: _problem(span, store, lambda a, b: unicodedata.normalize("NFC", a) == unicodedata.normalize("NFC", b))),
    "paraphrases-unkeyed": _paraphrases_unkeyed,
    "depth-not-incremented": lambda w, e, s: _prune(w, e, s, depth_step=0),
    "missing-derived-check": lambda w, e, s: _prune(w, e, s, derived_check=False),
    "pointer-drops-fields": lambda w, e, s: _prune(w, e, s, point=lambda span: span if kind_of(span) == "pointer" else _pointer_from_four_fields(span)),
    "pointer-by-text": _pointer_by_text,
    "untyped-refusal": _untyped_refusal,
    "refuses-absent-id": _refuses_absent,
    "lowercases-tags": _lowercases_tags,
    "pointers-moved-to-end": lambda w, e, s: _prune(w, e, s, order=lambda spans: [x for x in spans if kind_of(x) != "pointer"] + [x for x in spans if kind_of(x) == "pointer"]),
    "random-culprit": _random_culprit,
}
# Kept out of the sixteen: changing its own input is harmless over stdio (the pruner parses its own copy),
# and the last shows only past 256 spans, which a property over one small call never builds. "none" is the
# reference itself: what a conforming prune-only pruner costs.
EXTRA = {"mutates-input": _mutates_input, "keeps-last-256": _keeps_last_256, "none": _prune}


class FaultyPruner:
    capabilities = ("prune",)

    def __init__(self, fault):
        self.name = f"faulty-{fault}"
        self._prune = {**FAULTS, **EXTRA}[fault]

    def prune(self, window, evict_ids, store):
        return self._prune(window, evict_ids, store)


if __name__ == "__main__":
    sys.exit(serve(FaultyPruner(sys.argv[1])))

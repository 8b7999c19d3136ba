"""A hand-written Hypothesis property over one prune call, as a team would write before adopting prunecheck.

python3 bench/hypothesis/property.py FAULT [SEED]: checks faulty_prune's FAULT in process against the Python kit's
reference, stops at the first failure (shrunk), and prints one JSON line {"fault", "failed", "seconds"}.
It is bench/hypothesis.ts's baseline: what prunecheck's time to a full verdict is compared with.
"""
import copy
import json
import os
import sys
import time

from hypothesis import given, seed, settings, strategies as st

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from faulty_prune import EXTRA, FAULTS  # noqa: E402
from prunecheck_adapter import UnrecoverablePruneError  # noqa: E402
from prunecheck_adapter.reference import prune as reference_prune  # noqa: E402

TAGS = st.lists(st.sampled_from(["invariant", "constraint", "precondition", "negative_result", "scope_qualifier", "tool_output", "plan"]), max_size=3)
TEXT = st.one_of(st.text(max_size=20), st.sampled_from(["[externalized: k0]", " padded ", "cafe\u0301"]), st.text(min_size=1, max_size=3).map(lambda t: t * 700))


@st.composite
def cases(draw):
    count = draw(st.integers(min_value=0, max_value=6))
    spans, store = [], {}
    for index in range(count):
        text = draw(TEXT)
        copy_mode = draw(st.sampled_from(["honest", "honest", "honest", "none", "stale", "missing", "pointer"]))
        key = None if copy_mode == "none" else f"k{index}"
        span = {"span_id": f"s{index}", "text": text, "tags": draw(TAGS), "externalized_key": key}
        if draw(st.booleans()):
            span["x_meta"] = index
        if copy_mode == "honest":
            store[key] = text
        elif copy_mode == "stale":
            store[key] = draw(st.sampled_from([text + " ", text[:-1], text.strip() + "!", text.upper() + "x"]))
        elif copy_mode == "pointer":
            store[key] = text
            span = {**span, "kind": "pointer", "text": f"[externalized: {key}]"}
        spans.append(span)
    ids = [span["span_id"] for span in spans] + ["absent"]
    evict = draw(st.lists(st.sampled_from(ids), max_size=4))
    return {"spans": spans, "derivation_depth": draw(st.sampled_from([0, 0, 0, 1]))}, evict, store


def outcome(prune, window, evict, store):
    try:
        return "ok", prune(window, evict, store)
    except UnrecoverablePruneError as error:
        return "refused", error.code


def check(fault, at_seed):
    prune = {**FAULTS, **EXTRA}[fault]

    @seed(at_seed)
    @settings(database=None, deadline=None)
    @given(cases())
    def prop(case):
        window, evict, store = case
        before = copy.deepcopy(case)
        expected = outcome(reference_prune, copy.deepcopy(window), list(evict), dict(store))
        actual = outcome(prune, window, evict, store)
        assert (window, evict, store) == before, "the pruner changed its input"
        assert actual[0] == expected[0], f"expected {expected}, got {actual}"
        if actual[0] == "ok":
            assert actual[1] == expected[1], f"expected {expected[1]}, got {actual[1]}"
        again = outcome(prune, copy.deepcopy(window), list(evict), dict(store))
        assert again == actual, "not deterministic"

    try:
        prop()
        return False
    except Exception:  # noqa: BLE001 - any failure, typed refusal or not, is the property failing
        return True


if __name__ == "__main__":
    fault = sys.argv[1]
    # Seeded as prunecheck's run is, so a row of the benchmark is the same comparison each time it is made.
    at_seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    started = time.perf_counter()
    failed = check(fault, at_seed)
    print(json.dumps({"fault": fault, "failed": failed, "seconds": round(time.perf_counter() - started, 3)}))

"""A DELIBERATELY BROKEN pruner: the code the seed warns about, for prunecheck to catch. Do not copy it.

It speaks the protocol correctly (through serve()), so every finding prunecheck reports against it is
about pruning, not plumbing. Run it as: python3 examples/python/naive.py

What it gets wrong, against the seed's "Condition of Validity":
- It trusts the seed snippet's PRECONDITION_TAGS, which forgot `precondition` although the seed's own
  prose names it ("spans tagged `invariant` or `precondition`"), so a `precondition` span is evicted
  as if it were an exploratory read.
- Evicted spans without such a tag are dropped outright, nothing left behind: "Externalization precedes
  eviction" fails, and the content is gone ("The model evicted the early tool outputs ...").
- A precondition span with no externalized_key is paraphrased to "(summarized)" in place, keeping its
  id: a summary without a resolvable key is a mutation, and this one still looks like the original
  ("Provenance laundering ... true at the token level and false at the semantic level").
- Any non-null externalized_key is accepted without reading the store, so a stale or missing copy
  becomes a pointer to the wrong text or to nothing (the seed's "re-read returned the *current* schema").
- Pointers are rebuilt from four fields, as the snippet's Span(...) does, so provenance and every
  runtime field on the span are lost.
- Its only derived-window check is the snippet's: it refuses a derived window only when a key is null,
  never checking that the keys still resolve to the same text.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from prunecheck_adapter import UnrecoverablePruneError, pointer_text, serve  # noqa: E402

SNIPPET_PRECONDITION_TAGS = frozenset({"invariant", "constraint", "negative_result", "scope_qualifier"})


class NaivePruner:
    name = "naive-python"
    capabilities = ("prune",)

    def prune(self, window, evict_ids, store):
        if window["derivation_depth"] >= 1:
            for span in window["spans"]:
                if span["externalized_key"] is None:
                    raise UnrecoverablePruneError("derived_ungrounded", span["span_id"])
        kept = []
        for span in window["spans"]:
            if span["span_id"] not in evict_ids:
                kept.append(span)
            elif not SNIPPET_PRECONDITION_TAGS.intersection(span["tags"]):
                continue
            elif span["externalized_key"] is None:
                kept.append({**span, "text": "(summarized)"})
            else:
                kept.append({
                    "span_id": span["span_id"],
                    "text": pointer_text(span["externalized_key"]),
                    "tags": span["tags"],
                    "externalized_key": span["externalized_key"],
                    "kind": "pointer",
                })
        return {"spans": kept, "derivation_depth": window["derivation_depth"] + 1}


if __name__ == "__main__":
    raise SystemExit(serve(NaivePruner()))

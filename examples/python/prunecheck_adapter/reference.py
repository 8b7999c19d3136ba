"""A port of src/reference (prune, summarize, reground, compact) with the same semantics, refusal codes included.

Pure functions over the wire's plain data (dicts, lists, strings). Inputs are never changed: every span
that changes is a new dict, and a span that does not change is passed through as it came. Store lookups
are plain `key in store`, so keys such as "__proto__" are ordinary keys, as in the reference.
"""

from .errors import UnrecoverablePruneError

# Summary spans are depth 1 by construction: a summary of a summary is refused, never produced.
SUMMARY_DEPTH = 1


def kind_of(span):
    return span.get("kind", "original")


def pointer_text(key):
    return f"[externalized: {key}]"


def has_key(store, key):
    return key is not None and key in store


def _provenance_problem(span, store):
    provenance = span.get("provenance")
    if provenance is not None and any(not has_key(store, entry["externalized_key"]) for entry in provenance):
        return "unresolvable_provenance"
    return None


def copy_problem(span, store):
    """What stands between a span and a byte-exact externalized copy of it, or None when it has one."""
    key = span["externalized_key"]
    if kind_of(span) == "pointer":
        if not has_key(store, key):
            return "unresolvable_pointer"
        return _provenance_problem(span, store)
    if key is None:
        return "not_externalized"
    if not has_key(store, key):
        return "key_missing"
    # Byte-exact on purpose: a store holding a *similar* text is the seed's "re-read returned the current
    # schema" failure, and normalizing here would hide exactly that.
    if store[key] != span["text"]:
        return "stale_key"
    return _provenance_problem(span, store)


def grounding_problem(span, store):
    """Originals resolve by an exact copy, pointers by their key, summaries by their provenance."""
    return _provenance_problem(span, store) if kind_of(span) == "summary" else copy_problem(span, store)


def assert_grounded_if_derived(window, store):
    """A derived window may be reduced again only while every span in it still resolves in the store."""
    depth = window["derivation_depth"]
    if depth == 0:
        return
    for span in window["spans"]:
        reason = grounding_problem(span, store)
        if reason is not None:
            raise UnrecoverablePruneError(
                "derived_ungrounded",
                span["span_id"],
                f"the window is derived (derivation_depth {depth}) and this span does not resolve in the store ({reason}); reground first",
            )


def to_pointer(span):
    """The span with its text replaced by a marker; every other field, unknown ones included, stays."""
    if kind_of(span) == "pointer":
        return span
    pointer = dict(span)
    pointer["kind"] = "pointer"
    pointer["text"] = pointer_text(span["externalized_key"])
    return pointer


def prune(window, evict_ids, store):
    """Evicts the named spans to pointers; each must already have a byte-exact copy in the store.

    Ids absent from the window are ignored (evicting nothing loses nothing); a pointer stays as it is."""
    assert_grounded_if_derived(window, store)
    evict = set(evict_ids)
    for span in window["spans"]:
        if span["span_id"] in evict:
            problem = copy_problem(span, store)
            if problem is not None:
                raise UnrecoverablePruneError(problem, span["span_id"])
    return {
        "spans": [to_pointer(span) if span["span_id"] in evict else span for span in window["spans"]],
        "derivation_depth": window["derivation_depth"] + 1,
    }


def summarize(window, span_ids, summary_id, summary_text, store):
    """Replaces the named spans with one summary where the first of them (in window order) stood.

    The summary carries the id and key of every source, so each stays recoverable byte-exact, and the
    union of their tags, so it stays protected. Grounding is checked first, as in the reference, so a
    refusal of an ungrounded derived window names the span at fault whatever else is wrong."""
    assert_grounded_if_derived(window, store)
    wanted = list(dict.fromkeys(span_ids))
    if not wanted:
        raise UnrecoverablePruneError("empty_selection", None)
    present = {span["span_id"] for span in window["spans"]}
    for span_id in wanted:
        if span_id not in present:
            raise UnrecoverablePruneError("unknown_span", span_id)
    if summary_id in present:
        raise UnrecoverablePruneError("duplicate_span_id", summary_id)

    wanted_set = set(wanted)
    sources = [span for span in window["spans"] if span["span_id"] in wanted_set]
    for source in sources:
        if "provenance" in source or kind_of(source) == "summary":
            raise UnrecoverablePruneError("summary_depth_exceeded", source["span_id"])
        problem = copy_problem(source, store)
        if problem is not None:
            raise UnrecoverablePruneError(problem, source["span_id"])

    return replace_with_summary(window, sources, summary_id, summary_text)


def replace_with_summary(window, sources, summary_id, summary_text):
    """The sources (valid, in window order) replaced by one summary of them where the first stood, one
    derivation deeper: its provenance each source's id and key, its tags the union of theirs."""
    summary = {
        "span_id": summary_id,
        "text": summary_text,
        "tags": list(dict.fromkeys(tag for source in sources for tag in source["tags"])),
        "externalized_key": None,
        "kind": "summary",
        "provenance": [{"span_id": s["span_id"], "externalized_key": s["externalized_key"]} for s in sources],
        "derivation_depth": SUMMARY_DEPTH,
    }
    first_id = sources[0]["span_id"]
    replaced = {source["span_id"] for source in sources}
    spans = []
    for span in window["spans"]:
        if span["span_id"] == first_id:
            spans.append(summary)
        elif span["span_id"] not in replaced:
            spans.append(span)
    return {"spans": spans, "derivation_depth": window["derivation_depth"] + 1}


def span_size(span, unit):
    """As src/wire/budget.ts: code points of the text ("chars"), or ceil(code points / 4) ("tokens")."""
    points = len(span["text"])
    return points if unit == "chars" else -(-points // 4)


def window_size(window, unit):
    return sum(span_size(span, unit) for span in window["spans"])


def compact(window, store, budget):
    """Evicts the oldest spans that have a byte-exact copy to pointers until the window fits the budget.

    Recency orders the candidates, it never decides what may be lost: a span without a copy is skipped,
    whatever its tags. When the candidates cannot make the window fit, it refuses (budget_unreachable)
    and names the first span that would have had to go without a copy."""
    assert_grounded_if_derived(window, store)
    unit, limit = budget["unit"], budget["limit"]
    size = window_size(window, unit)
    spans = list(window["spans"])
    for index, span in enumerate(spans):
        if size <= limit:
            break
        if kind_of(span) == "pointer" or copy_problem(span, store) is not None:
            continue
        pointer = to_pointer(span)
        saved = span_size(span, unit) - span_size(pointer, unit)
        if saved <= 0:
            continue
        spans[index] = pointer
        size -= saved
    if size > limit:
        blocker = next((span for span in spans if kind_of(span) != "pointer" and copy_problem(span, store) is not None), None)
        detail = f"the window needs {size} {unit} after evicting every span that has a copy, over the budget of {limit}"
        raise UnrecoverablePruneError(
            "budget_unreachable",
            None if blocker is None else blocker["span_id"],
            detail + ("; this span has no byte-exact copy" if blocker is not None else ""),
        )
    return {"spans": spans, "derivation_depth": window["derivation_depth"] + 1}


def reground(window, store):
    """Every pointer and provenance entry must resolve; pointers get their exact text back; depth is 0.

    Originals and summaries are kept as they are (a summary stays depth 1)."""
    for span in window["spans"]:
        if kind_of(span) == "original":
            continue
        problem = grounding_problem(span, store)
        if problem is not None:
            raise UnrecoverablePruneError(problem, span["span_id"])
    return {"spans": [_rehydrate(span, store) for span in window["spans"]], "derivation_depth": 0}


def _rehydrate(span, store):
    if kind_of(span) != "pointer":
        return span
    restored = dict(span)
    restored["kind"] = "original" if "provenance" not in span else "summary"
    restored["text"] = store[span["externalized_key"]]
    return restored


class ReferencePruner:
    """The reference, in the shape serve() takes."""

    name = "reference-python"
    capabilities = ("prune", "summarize", "reground")

    def prune(self, window, evict_ids, store):
        return prune(window, evict_ids, store)

    def summarize(self, window, span_ids, summary_id, summary_text, store):
        return summarize(window, span_ids, summary_id, summary_text, store)

    def reground(self, window, store):
        return reground(window, store)

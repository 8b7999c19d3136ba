"""A model-driven compactor done as the design note says it is safe: a port of src/reference/model-compact.ts.

The harness's model chooses what may go and writes the summary; every guard stays the compactor's:

- "Externalization precedes eviction": only spans with a byte-exact copy are summarized or evicted, and
  the summary's provenance names each source with its key, computed here, never taken from the model's
  claims ("Provenance is carried, not asserted").
- "The pruner is not the sole author of the retention policy": a precondition span the model calls
  redundant is never paraphrased; it can only leave as a pointer, when the budget needs it.
- "Idempotence is enforced, not assumed": summaries and pointers are never summarized again, and a window
  that fits is returned as it was, so compacting the result again under the same budget changes nothing.
- A model failure (an error, a timeout, an empty summary) is a loud, typed refusal (model_failed): the
  window is left as it was, and the error's text never becomes a summary.
"""

from .errors import UnrecoverablePruneError
from .model import ModelFailure
from .reference import assert_grounded_if_derived, compact, copy_problem, kind_of, prune, replace_with_summary, span_size, window_size
from .wire import is_blank, is_precondition_bearing


def ask_model(call):
    """The model's answer, its failure turned into the refusal that leaves the window as it was."""
    try:
        return call()
    except ModelFailure as failure:
        raise UnrecoverablePruneError("model_failed", None, f"the model failed ({failure.code}: {failure}), so nothing was changed") from failure


def compact_with_model(window, store, budget, model):
    assert_grounded_if_derived(window, store)
    if window_size(window, budget["unit"]) <= budget["limit"]:
        return {"spans": list(window["spans"]), "derivation_depth": window["derivation_depth"] + 1}
    originals = [span for span in window["spans"] if kind_of(span) == "original"]
    chosen = set(ask_model(lambda: model.choose([span["span_id"] for span in originals], budget)))
    sources = [
        span for span in originals if span["span_id"] in chosen and not is_precondition_bearing(span) and copy_problem(span, store) is None
    ]
    summarized = _with_summary(window, sources, model, budget) if sources else window
    # Whatever still stands over the budget goes to pointers, oldest first, or the budget is refused. A
    # summary has no copy of its own, so it can stand in the way of a budget its sources' pointers meet:
    # then pointers alone do it (or refuse for themselves), and the model's summary is not used.
    def pointered(source):
        return compact(dict(source, derivation_depth=window["derivation_depth"]), store, budget)

    try:
        return pointered(summarized)
    except UnrecoverablePruneError:
        return pointered(window)


def _with_summary(window, sources, model, budget):
    """The sources replaced by the model's summary where the first stood, unless it saves nothing."""
    answer = ask_model(lambda: model.summarize([span["span_id"] for span in sources]))
    text = answer.get("text", "")
    if not isinstance(text, str) or is_blank(text):
        raise UnrecoverablePruneError("model_failed", None, "the model's summary was empty, so nothing was changed")
    summary_id = _fresh_id(sources[0]["span_id"] + "~summary", window)
    replaced = replace_with_summary(window, sources, summary_id, text)
    summary = next(span for span in replaced["spans"] if span["span_id"] == summary_id)
    if span_size(summary, budget["unit"]) >= sum(span_size(source, budget["unit"]) for source in sources):
        return window
    return replaced


def _fresh_id(wanted, window):
    """`wanted`, primed until no span of the window has it and no provenance entry names it: the summary's id
    is the compactor's, never the model's, and a provenance entry names one span ([p-new-span-id])."""
    taken = {span["span_id"] for span in window["spans"]}
    taken.update(entry["span_id"] for span in window["spans"] for entry in span.get("provenance") or [])
    while wanted in taken:
        wanted += "'"
    return wanted


class ModelCompactor:
    """Prune as the reference does; compact with the harness's model, its guards holding whatever it says."""

    name = "model-compactor-python"
    capabilities = ("prune", "compact", "model")

    def prune(self, window, evict_ids, store):
        return prune(window, evict_ids, store)

    def compact(self, window, store, budget, model=None):
        return compact(window, store, budget) if model is None else compact_with_model(window, store, budget, model)

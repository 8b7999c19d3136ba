import { askModel, summaryTextOf } from "./ask-model.ts";
import type { Model } from "../llm/model.ts";
import { spanSize, windowSize } from "../wire/budget.ts";
import type { Budget } from "../wire/protocol.ts";
import { isPreconditionBearing } from "../wire/tags.ts";
import type { Span, Store, Window } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import { compact } from "./compact.ts";
import { assertGroundedIfDerived } from "./derived.ts";
import { copyProblem } from "./resolve.ts";
import { replaceWithSummary } from "./summarize.ts";

/**
 * Model-driven compaction done as the design note says it is safe, whatever the model answers: the model
 * chooses what may go and writes the summary, and every guard stays the runtime's.
 *
 * - "Externalization precedes eviction": only spans with a byte-exact copy are summarized or evicted, and
 *   the summary's provenance names each source with its key, computed here, never taken from the model's
 *   claims ("Provenance is carried, not asserted").
 * - "The pruner is not the sole author of the retention policy": a precondition span the model calls
 *   redundant is never paraphrased; it can only leave as a pointer, when the budget needs it.
 * - "Idempotence is enforced, not assumed": summaries and pointers are never summarized again, the result
 *   fits the budget, so compacting it again under the same budget changes no span.
 * - A model failure (an error, a timeout, an empty summary) is a loud, typed refusal: the window is left as
 *   it was, and the error's text never becomes a summary.
 */
export async function compactWithModel(window: Window, store: Store, budget: Budget, model: Model): Promise<Window> {
  assertGroundedIfDerived(window, store);
  if (windowSize(window, budget.unit) <= budget.limit) return { spans: [...window.spans], derivation_depth: window.derivation_depth + 1 };
  const originals = window.spans.filter((span) => kindOf(span) === "original");
  const chosen = new Set(await askModel(() => model.choose(ids(originals), { budget })));
  const sources = originals.filter((span) => chosen.has(span.span_id) && !isPreconditionBearing(span) && copyProblem(span, store) === null);
  const summarized = sources.length === 0 ? window : await withSummary(window, sources, model, budget);
  // Whatever still stands over the budget goes to pointers, oldest first, or the budget is refused. A
  // summary has no copy of its own, so it can stand in the way of a budget its sources' pointers meet:
  // then pointers alone do it (or refuse for themselves), and the model's summary is not used.
  const pointered = (from: Window) => compact({ ...from, derivation_depth: window.derivation_depth }, store, budget);
  try {
    return pointered(summarized);
  } catch {
    return pointered(window);
  }
}

/**
 * The sources replaced by the model's summary of them, where the first stood; unless the summary saves
 * nothing over its sources (a model that answers at length), when pointers do better and it is dropped.
 */
async function withSummary(window: Window, sources: readonly Span[], model: Model, budget: Budget): Promise<Window> {
  const text = summaryTextOf(await askModel(() => model.summarize(ids(sources))));
  const summaryId = freshId(`${(sources[0] as Span).span_id}~summary`, window);
  const replaced = replaceWithSummary(window, sources, summaryId, text);
  const summary = replaced.spans.find((span) => span.span_id === summaryId) as Span;
  const sourceSize = sources.reduce((sum, source) => sum + spanSize(source, budget.unit), 0);
  return spanSize(summary, budget.unit) >= sourceSize ? window : replaced;
}

function ids(spans: readonly Span[]): string[] {
  return spans.map((span) => span.span_id);
}

/**
 * `wanted`, or `wanted` primed until no span of the window has it and no provenance entry names it: the id
 * of a span a pruner adds (an entry says whose text its key holds, and would then name two spans).
 */
export function freshId(wanted: string, window: Window): string {
  const taken = new Set([...ids(window.spans), ...window.spans.flatMap((span) => (span.provenance ?? []).map((entry) => entry.span_id))]);
  let id = wanted;
  while (taken.has(id)) id += "'";
  return id;
}

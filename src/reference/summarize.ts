import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import type { Span, Store, Window } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import { assertGroundedIfDerived } from "./derived.ts";
import { copyProblem } from "./resolve.ts";
import { askModel, summaryTextOf } from "./ask-model.ts";
import type { Model } from "../llm/model.ts";

/** Summary spans are depth 1 by construction: a summary of a summary is refused, never produced. */
export const SUMMARY_DEPTH = 1;

/**
 * Replaces the named spans with one summary, placed where the first of them (in window order) stood. The
 * summary carries the id and key of every source ("Provenance is carried, not asserted"), so each source
 * stays recoverable byte-exact; a summary's tags are its sources' tags, so the summary stays protected.
 */
export function summarize(window: Window, spanIds: readonly string[], summaryId: string, summaryText: string, store: Store): Window {
  return replaceWithSummary(window, validSources(window, spanIds, summaryId, store), summaryId, summaryText);
}

/**
 * The same summary, its text written by the model: asked only once the request is known to be sound, and
 * only for the text. The spans the model claims to cover are never read: provenance is the sources', with
 * their keys, as above. A model failure or an empty summary is a model_failed refusal.
 */
export async function summarizeWithModel(window: Window, spanIds: readonly string[], summaryId: string, store: Store, model: Model): Promise<Window> {
  const sources = validSources(window, spanIds, summaryId, store);
  const text = summaryTextOf(await askModel(() => model.summarize(sources.map((source) => source.span_id))));
  return replaceWithSummary(window, sources, summaryId, text);
}

/** The named spans in window order, once the request is known to be one summarize may carry out; else the refusal. */
function validSources(window: Window, spanIds: readonly string[], summaryId: string, store: Store): Span[] {
  assertGroundedIfDerived(window, store);
  const wanted = new Set(spanIds);
  if (wanted.size === 0) throw new UnrecoverablePruneError("empty_selection", null);
  const present = new Set(window.spans.map((span) => span.span_id));
  for (const id of wanted) {
    if (!present.has(id)) throw new UnrecoverablePruneError("unknown_span", id);
  }
  if (present.has(summaryId)) throw new UnrecoverablePruneError("duplicate_span_id", summaryId);

  const sources = window.spans.filter((span) => wanted.has(span.span_id));
  for (const source of sources) {
    if (source.provenance !== undefined || kindOf(source) === "summary") {
      throw new UnrecoverablePruneError("summary_depth_exceeded", source.span_id);
    }
    const problem = copyProblem(source, store);
    if (problem !== null) throw new UnrecoverablePruneError(problem, source.span_id);
  }
  return sources;
}

/** The sources (valid, in window order) replaced by one summary of them where the first stood, one derivation deeper. */
export function replaceWithSummary(window: Window, sources: readonly Span[], summaryId: string, summaryText: string): Window {
  const summary: Span = {
    span_id: summaryId,
    text: summaryText,
    tags: [...new Set(sources.flatMap((source) => source.tags))],
    externalized_key: null,
    kind: "summary",
    provenance: sources.map((source) => ({ span_id: source.span_id, externalized_key: source.externalized_key as string })),
    derivation_depth: SUMMARY_DEPTH,
  };
  const firstSource = sources[0] as Span;
  const replaced = new Set(sources.map((source) => source.span_id));
  return {
    spans: window.spans.flatMap((span) => (span === firstSource ? [summary] : replaced.has(span.span_id) ? [] : [span])),
    derivation_depth: window.derivation_depth + 1,
  };
}

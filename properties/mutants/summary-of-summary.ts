/**
 * Fault: a summary that has been externalized is accepted as a source of a new summary, as if its store
 * copy made it an original. The new summary is honestly marked one level deeper.
 * Breaks: "refuse to summarize beyond depth 1 without re-grounding against the source store" — the
 * seed's second failure, where "the second-order summary dropped the qualifier".
 * Must be caught by: depth-bound.
 */
import { summarize } from "../../src/reference/index.ts";
import type { Span, Store, Window } from "../../src/wire/window.ts";
import { kindOf } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

function asOriginal({ kind: _kind, provenance: _provenance, derivation_depth: _depth, ...span }: Span): Span {
  return span;
}

export const summaryOfSummary = defineMutant({
  id: "summary-of-summary",
  description: "summarizes an externalized summary (at depth 2) instead of refusing",
  level: "core",
  expectedProperties: ["depth-bound"],
  breaks: ["p-summary-depth", "s-depth-one"],
  pruner: alterReference("summary-of-summary", {
    summarize(window: Window, spanIds: readonly string[], summaryId: string, summaryText: string, store: Store) {
      const wanted = new Set(spanIds);
      const sources = window.spans.filter((span) => wanted.has(span.span_id));
      const depth = 1 + Math.max(0, ...sources.map((span) => span.derivation_depth ?? 0));
      const disguised = window.spans.map((span) => (wanted.has(span.span_id) && kindOf(span) === "summary" ? asOriginal(span) : span));
      const summarized = summarize({ ...window, spans: disguised }, spanIds, summaryId, summaryText, store);
      return {
        ...summarized,
        spans: summarized.spans.map((span) => (span.span_id === summaryId ? { ...span, derivation_depth: depth } : span)),
      };
    },
  }),
});

/**
 * Fault: the summary stands where the first source the request named stood, not the first in window order.
 * Breaks: the decided ambiguity of docs/spec.md §4, "Where the summary goes" (and protocol.md §7, step 6
 * of summarize): the spans between the two sources move from after the summary to before it.
 * Must be caught by: summary-in-place (strict); at core it conforms.
 * Needs three spans: two sources named out of window order, and one between them that the summary jumps.
 */
import { summarize } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const summaryAtRequestOrder = defineMutant({
  id: "summary-at-request-order",
  description: "puts a summary where the first source named in the request stood, not the first in window order",
  level: "strict",
  expectedProperties: ["summary-in-place"],
  breaks: ["p-summary-place", "s-summary-place"],
  maxWindow: 3,
  pruner: alterReference("summary-at-request-order", {
    summarize(window: Window, spanIds: readonly string[], summaryId: string, summaryText: string, store: Store) {
      const summarized = summarize(window, spanIds, summaryId, summaryText, store);
      const named = new Set(spanIds);
      const first = window.spans.findIndex((span) => span.span_id === spanIds.find((id) => window.spans.some((s) => s.span_id === id)));
      const place = window.spans.slice(0, first).filter((span) => !named.has(span.span_id)).length;
      const summary = summarized.spans.filter((span) => span.span_id === summaryId);
      const kept = summarized.spans.filter((span) => span.span_id !== summaryId);
      return { ...summarized, spans: [...kept.slice(0, place), ...summary, ...kept.slice(place)] };
    },
  }),
});

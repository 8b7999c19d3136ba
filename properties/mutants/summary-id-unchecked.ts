/**
 * Fault: summarize never checks that its summary_id is free, so a summary can take the id of one of its
 * own sources (or of another span, which leaves the window with two spans under one id).
 * Breaks: "A summary must carry the set of source span-ids it compresses" — a provenance entry under the
 * summary's own id cannot say whether it names the source or the summary.
 * Must be caught by: provenance-resolves; adapter-protocol when the id is another span's (the answer is
 * not a valid Window).
 */
import { summarize } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

/** An id no span of the window has, to summarize under before taking the requested one. */
function freeId(window: Window): string {
  const ids = new Set(window.spans.map((span) => span.span_id));
  let id = "unchecked";
  while (ids.has(id)) id += "'";
  return id;
}

export const summaryIdUnchecked = defineMutant({
  id: "summary-id-unchecked",
  description: "summarizes under a summary_id a span of the window already has instead of refusing",
  level: "core",
  expectedProperties: ["provenance-resolves", "adapter-protocol"],
  breaks: ["p-summary-id", "s-summary-id"],
  pruner: alterReference("summary-id-unchecked", {
    summarize(window: Window, spanIds: readonly string[], summaryId: string, summaryText: string, store: Store) {
      const placeholder = freeId(window);
      const summarized = summarize(window, spanIds, placeholder, summaryText, store);
      return { ...summarized, spans: summarized.spans.map((span) => (span.span_id === placeholder ? { ...span, span_id: summaryId } : span)) };
    },
  }),
});

/**
 * Fault: a summary's provenance names only the first of the spans it compresses.
 * Breaks: "Provenance is carried, not asserted. A summary must carry the set of source span-ids it
 * compresses."
 * Must be caught by: provenance-resolves; precondition-recoverable when an unnamed source was tagged.
 * Needs two sources: with one, the first is all of them.
 */
import { summarize } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const summaryPartialProvenance = defineMutant({
  id: "summary-partial-provenance",
  description: "records only the first source in a summary's provenance",
  level: "core",
  expectedProperties: ["provenance-resolves", "precondition-recoverable"],
  breaks: ["s-destructive"],
  pruner: alterReference("summary-partial-provenance", {
    summarize(window: Window, spanIds: readonly string[], summaryId: string, summaryText: string, store: Store) {
      const summarized = summarize(window, spanIds, summaryId, summaryText, store);
      return {
        ...summarized,
        spans: summarized.spans.map((span) => (span.span_id === summaryId && span.provenance ? { ...span, provenance: span.provenance.slice(0, 1) } : span)),
      };
    },
  }),
});

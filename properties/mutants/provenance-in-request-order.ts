/**
 * Fault: a summary's provenance lists its sources in the order the request named them, not window order.
 * Breaks: docs/protocol.md §3 (provenance: "the sources a summary compresses, in window order") and the
 * decided ambiguity of docs/spec.md §4, "The set of source span-ids": every entry still resolves, so
 * only a request that names its sources out of window order shows it.
 * Must be caught by: summary-in-place (strict); at core it conforms.
 */
import { summarize } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const provenanceInRequestOrder = defineMutant({
  id: "provenance-in-request-order",
  description: "lists a summary's provenance in the order the request named the sources",
  level: "strict",
  expectedProperties: ["summary-in-place"],
  breaks: ["p-provenance-order", "s-provenance-order"],
  pruner: alterReference("provenance-in-request-order", {
    summarize(window: Window, spanIds: readonly string[], summaryId: string, summaryText: string, store: Store) {
      const summarized = summarize(window, spanIds, summaryId, summaryText, store);
      const rank = (id: string) => spanIds.indexOf(id);
      return {
        ...summarized,
        spans: summarized.spans.map((span) =>
          span.span_id === summaryId && span.provenance
            ? { ...span, provenance: [...span.provenance].sort((a, b) => rank(a.span_id) - rank(b.span_id)) }
            : span,
        ),
      };
    },
  }),
});

/**
 * Fault: a summary carries no tags, whatever its sources carried.
 * Breaks: "spans tagged `invariant` or `precondition` are evictable only to a side store, never to a
 * paraphrase" — the summary is that paraphrase; untagged, it can later be dropped as ordinary, taking the
 * only key to its sources' exact text with it.
 * Must be caught by: summary-keeps-tags.
 */
import { summarize } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";
import { retagSummary } from "./_internals/retag-summary.ts";

export const summaryDropsTags = defineMutant({
  id: "summary-drops-tags",
  description: "gives every summary an empty tag list",
  level: "core",
  expectedProperties: ["summary-keeps-tags"],
  breaks: ["p-summary-tags"],
  pruner: alterReference("summary-drops-tags", {
    summarize(window: Window, spanIds: readonly string[], summaryId: string, summaryText: string, store: Store) {
      return retagSummary(summarize(window, spanIds, summaryId, summaryText, store), summaryId, () => []);
    },
  }),
});

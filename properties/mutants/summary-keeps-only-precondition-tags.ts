/**
 * Fault: a summary keeps its sources' precondition tags and drops every other tag.
 * Breaks: nothing at core, where the precondition tags are what keeps the gate on the summary; at strict
 * a summary's tags are its sources' tags (docs/protocol.md §4), and the ordinary ones (`diff`,
 * `tool_output`) are what a runtime routes and reports by.
 * Must be caught by: summary-keeps-tags at strict; it must survive core.
 */
import { summarize } from "../../src/reference/index.ts";
import { isPreconditionTag } from "../../src/wire/tags.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";
import { retagSummary } from "./_internals/retag-summary.ts";

export const summaryKeepsOnlyPreconditionTags = defineMutant({
  id: "summary-keeps-only-precondition-tags",
  description: "keeps only the precondition tags of a summary's sources",
  level: "strict",
  expectedProperties: ["summary-keeps-tags"],
  breaks: ["p-summary-tags"],
  pruner: alterReference("summary-keeps-only-precondition-tags", {
    summarize(window: Window, spanIds: readonly string[], summaryId: string, summaryText: string, store: Store) {
      return retagSummary(summarize(window, spanIds, summaryId, summaryText, store), summaryId, (tags) => tags.filter(isPreconditionTag));
    },
  }),
});

/**
 * Fault: a compaction's summary carries no tags.
 * Breaks: strict's rule (docs/protocol.md §4): a summary's tags are its sources' tags. At core only
 * precondition tags are owed, and the reference never summarizes a precondition span in a compaction, so
 * the fault is legal there.
 * Must be caught by: summary-keeps-tags (strict).
 */
import { alteringSummaries } from "./_internals/model-compaction.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const compactSummaryUntagged = defineMutant({
  id: "compact-summary-untagged",
  description: "gives every summary a compaction writes an empty tag list",
  level: "strict",
  expectedProperties: ["summary-keeps-tags"],
  breaks: ["p-summary-tags"],
  // A compaction writes a summary only when its sources save more than it costs and the result fits, and at
  // the catalog's seed fast-check's shrinker stops at a tagged span, an empty one and a long one: three
  // spans, the bound issue 32 sets for the model-driven mutants.
  maxWindow: 3,
  pruner: alterModelReference("compact-summary-untagged", { compact: alteringSummaries((summary) => ({ ...summary, tags: [] })) }),
});

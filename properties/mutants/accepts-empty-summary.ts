/**
 * Fault: an empty summary from the model is accepted and replaces its sources.
 * Breaks: "If the window holds a summary without a resolvable key, the operation is a mutation" — an
 * empty summary keeps the keys but none of the meaning, and a compaction that dies on it (senpi 1067) or
 * takes it (openhuman 4461) leaves the model reasoning from nothing.
 * Must be caught by: model-failure-safe.
 */
import { summarizingWithEmptiness } from "./_internals/model-summary.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const acceptsEmptySummary = defineMutant({
  id: "accepts-empty-summary",
  description: "accepts an empty summary from the model as the summary of its sources",
  level: "core",
  expectedProperties: ["model-failure-safe"],
  breaks: ["p-model-failure"],
  pruner: alterModelReference("accepts-empty-summary", { summarizeWithModel: summarizingWithEmptiness(() => false) }),
});

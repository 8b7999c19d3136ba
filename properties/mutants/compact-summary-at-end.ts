/**
 * Fault: a compaction's summary is appended at the end of the window, not where its sources stood.
 * Breaks: strict's choice (docs/spec.md §4): a summary stands where its first source stood, so everything
 * the model saw after that source stays after the summary; at the end it reads as the latest word.
 * Must be caught by: summary-in-place (strict).
 */
import { alteringCompaction } from "./_internals/model-compaction.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const compactSummaryAtEnd = defineMutant({
  id: "compact-summary-at-end",
  description: "appends a compaction's summary at the end of the window",
  level: "strict",
  expectedProperties: ["summary-in-place"],
  breaks: ["s-summary-place"],
  pruner: alterModelReference("compact-summary-at-end", {
    compact: alteringCompaction((compacted, isNew) => ({
      ...compacted,
      spans: [...compacted.spans.filter((span) => !isNew(span)), ...compacted.spans.filter(isNew)],
    })),
  }),
});

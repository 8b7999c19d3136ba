/**
 * Fault: a compaction that writes a summary drops the summaries already in the window.
 * Breaks: "A *compaction* is a reversible reduction: the evicted material remains addressable" — the
 * field's report: earlier summaries dropped by a later compaction (anthropics/claude-code 92347), and with
 * them the only keys to what they replaced.
 * Must be caught by: summaries-kept.
 */
import { kindOf } from "../../src/wire/window.ts";
import { alteringCompaction } from "./_internals/model-compaction.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const dropsEarlierSummaries = defineMutant({
  id: "drops-earlier-summaries",
  description: "drops the summaries already in the window when a compaction writes a new one",
  level: "core",
  expectedProperties: ["summaries-kept"],
  breaks: ["p-compact-summaries"],
  pruner: alterModelReference("drops-earlier-summaries", {
    compact: alteringCompaction((compacted, isNew) =>
      compacted.spans.some(isNew) ? { ...compacted, spans: compacted.spans.filter((span) => isNew(span) || kindOf(span) !== "summary") } : compacted,
    ),
  }),
});

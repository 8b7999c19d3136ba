/**
 * Fault: a compaction that writes a summary drops the summaries already in the window.
 * Breaks: "A *compaction* is a reversible reduction: the evicted material remains addressable" — the
 * field's report: earlier summaries dropped by a later compaction (anthropics/claude-code 92347), and with
 * them the only keys to what they replaced.
 * Must be caught by: summaries-kept.
 * Needs 3 spans under short keys: a compaction writes a summary only where it is shorter than the pointers
 * it replaces, and a pointer under a counter or odd key ("[externalized: k0]") is shorter than a one-source
 * digest of a seed line (25 characters), so the fault shows with the earlier summary and two sources. The
 * key scheme does not shrink (it is drawn once a run), so a run drawn with short keys shrinks to three.
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
  maxWindow: 3,
  pruner: alterModelReference("drops-earlier-summaries", {
    compact: alteringCompaction((compacted, isNew) =>
      compacted.spans.some(isNew) ? { ...compacted, spans: compacted.spans.filter((span) => isNew(span) || kindOf(span) !== "summary") } : compacted,
    ),
  }),
});

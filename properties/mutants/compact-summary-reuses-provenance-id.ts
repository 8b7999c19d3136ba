/**
 * Fault: a compaction's summary takes the id of a span an earlier summary replaced (the first id an earlier
 * summary's provenance names that no span of the window has), as a compactor that only checks the window's
 * ids for a free one would.
 * Breaks: [p-new-span-id] — that provenance entry says whose text its key holds; with a new span under the
 * same id it names two spans, and which one a later reground or audit means is lost.
 * Must be caught by: provenance-resolves.
 */
import { kindOf } from "../../src/wire/window.ts";
import { alteringCompaction } from "./_internals/model-compaction.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const compactSummaryReusesProvenanceId = defineMutant({
  id: "compact-summary-reuses-provenance-id",
  description: "names a compaction's summary after a span an earlier summary replaced",
  level: "core",
  expectedProperties: ["provenance-resolves"],
  breaks: ["p-new-span-id"],
  pruner: alterModelReference("compact-summary-reuses-provenance-id", {
    compact: alteringCompaction((compacted, isNew) => {
      const inWindow = new Set(compacted.spans.map((span) => span.span_id));
      const replaced = compacted.spans
        .filter((span) => !isNew(span))
        .flatMap((span) => span.provenance ?? [])
        .find((entry) => !inWindow.has(entry.span_id));
      if (replaced === undefined) return compacted;
      let renamed = false;
      const spans = compacted.spans.map((span) => {
        if (renamed || !isNew(span) || kindOf(span) !== "summary") return span;
        renamed = true;
        return { ...span, span_id: replaced.span_id };
      });
      return { ...compacted, spans };
    }),
  }),
});

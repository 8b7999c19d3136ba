/**
 * Fault: a compaction's summary takes the id of the first span it replaces, as a name the model suggests
 * would ("the summary of s1"), instead of an id no span of the window has.
 * Breaks: "A summary must carry the set of source span-ids it compresses" — under a source's id, the
 * summary is indistinguishable from that source: what stood there seems to have been rewritten in place.
 * Must be caught by: kept-untouched (the span under that id came back changed), provenance-resolves.
 */
import { alteringCompaction } from "./_internals/model-compaction.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const compactSummaryTakesSourceId = defineMutant({
  id: "compact-summary-takes-source-id",
  description: "gives a compaction's summary the id of the first span it replaces",
  level: "core",
  expectedProperties: ["kept-untouched", "provenance-resolves"],
  breaks: ["p-compact-summary"],
  pruner: alterModelReference("compact-summary-takes-source-id", {
    compact: alteringCompaction((compacted, isNew) => ({
      ...compacted,
      spans: compacted.spans.map((span) =>
        isNew(span) && span.provenance !== undefined ? { ...span, span_id: span.provenance[0]?.span_id ?? span.span_id } : span,
      ),
    })),
  }),
});

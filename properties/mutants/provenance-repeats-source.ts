/**
 * Fault: a summary's provenance has an entry for each time the request names a source, so a source the
 * request names twice is named twice.
 * Breaks: docs/spec.md's `provenance-resolves` line, "a new summary names every source once" (issue 47: an
 * independently written summarize did exactly this and passed core, the line unchecked). Every entry
 * resolves; only a request naming a source twice shows it, as generated requests do in a default run.
 * Must be caught by: provenance-resolves.
 */
import { summarize } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const provenanceRepeatsSource = defineMutant({
  id: "provenance-repeats-source",
  description: "names a source in a summary's provenance once for each time the request names it",
  level: "core",
  expectedProperties: ["provenance-resolves"],
  breaks: ["s-provenance-once"],
  pruner: alterReference("provenance-repeats-source", {
    summarize(window: Window, spanIds: readonly string[], summaryId: string, summaryText: string, store: Store) {
      const summarized = summarize(window, spanIds, summaryId, summaryText, store);
      return {
        ...summarized,
        spans: summarized.spans.map((span) =>
          span.span_id === summaryId && span.provenance
            ? {
                ...span,
                provenance: span.provenance.flatMap((entry) => spanIds.filter((id) => id === entry.span_id).map(() => entry)),
              }
            : span,
        ),
      };
    },
  }),
});

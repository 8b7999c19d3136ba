/**
 * Fault: a compaction's summary lists its provenance in the order the model's choice named the spans, not
 * window order.
 * Breaks: docs/protocol.md §3 (provenance: "the sources a summary compresses, in window order"). The fault
 * an independently written compactor had and the suite did not catch (issue 47): over about 780 generated
 * choices not one named ids out of window order, so trusting the model's order behaved exactly like a
 * conforming compactor. Only a model that reorders (the sloppy answers) shows it.
 * Must be caught by: summary-in-place (strict); at core it conforms.
 */
import type { Model } from "../../src/llm/model.ts";
import { compactWithModel } from "../../src/reference/index.ts";
import { withModel } from "./_internals/model-compaction.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const compactProvenanceInModelOrder = defineMutant({
  id: "compact-provenance-in-model-order",
  description: "lists a compaction summary's provenance in the order the model's choice named the spans",
  level: "strict",
  expectedProperties: ["summary-in-place"],
  breaks: ["p-provenance-order"],
  // A compaction writes a summary only when its sources save more than it costs, and at the catalog's seed
  // fast-check's shrinker stops at three spans, two of them the reversed sources: the bound issue 32 sets
  // for the model-driven mutants.
  maxWindow: 3,
  pruner: alterModelReference("compact-provenance-in-model-order", {
    compact: withModel(async (window, store, budget, model) => {
      let chosen: readonly string[] = [];
      const listening: Model = {
        summarize: (spanIds, prompt) => model.summarize(spanIds, prompt),
        choose: async (spanIds, options) => (chosen = await model.choose(spanIds, options)),
      };
      const compacted = await compactWithModel(window, store, budget, listening);
      const had = new Set(window.spans.map((span) => span.span_id));
      const rank = (id: string) => (chosen.includes(id) ? chosen.indexOf(id) : chosen.length);
      return {
        ...compacted,
        spans: compacted.spans.map((span) =>
          had.has(span.span_id) || span.provenance === undefined
            ? span
            : { ...span, provenance: [...span.provenance].sort((a, b) => rank(a.span_id) - rank(b.span_id)) },
        ),
      };
    }),
  }),
});

/**
 * Fault: a compaction's summary names as its provenance the spans the model claims to have covered.
 * Breaks: "Provenance is carried, not asserted" — a model that claims a span it never saw, or leaves one
 * out, launders the summary's origin, and the compaction writes the claim down as fact.
 * Must be caught by: provenance-resolves.
 */
import type { Model } from "../../src/llm/model.ts";
import { compactWithModel } from "../../src/reference/index.ts";
import { withModel } from "./_internals/model-compaction.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const compactTrustsModelProvenance = defineMutant({
  id: "compact-trusts-model-provenance",
  description: "takes a compaction summary's provenance from the spans the model claims, keyed as the window has them",
  level: "core",
  expectedProperties: ["provenance-resolves"],
  breaks: ["p-compact-summary"],
  pruner: alterModelReference("compact-trusts-model-provenance", {
    compact: withModel(async (window, store, budget, model) => {
      let claimed: readonly string[] | undefined;
      const listening: Model = {
        choose: (spanIds, options) => model.choose(spanIds, options),
        summarize: async (spanIds, prompt) => {
          const answer = await model.summarize(spanIds, prompt);
          claimed = answer.provenance;
          return answer;
        },
      };
      const compacted = await compactWithModel(window, store, budget, listening);
      if (claimed === undefined || claimed.length === 0) return compacted;
      const keys = new Map(window.spans.map((span) => [span.span_id, span.externalized_key ?? ""]));
      const provenance = claimed.map((id) => ({ span_id: id, externalized_key: keys.get(id) ?? "" }));
      const had = new Set(keys.keys());
      return { ...compacted, spans: compacted.spans.map((span) => (had.has(span.span_id) || span.kind !== "summary" ? span : { ...span, provenance })) };
    }),
  }),
});

/**
 * Fault: the summary's provenance is the spans the model claims to have covered, not its sources.
 * Breaks: "Provenance is carried, not asserted. A summary must carry the set of source span-ids it
 * compresses" — a model that claims a span it never saw, or leaves one out, launders the summary's origin.
 * Must be caught by: provenance-resolves.
 */
import type { Model } from "../../src/llm/model.ts";
import { askModel, summaryTextOf } from "../../src/reference/ask-model.ts";
import { summarize } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const trustsModelProvenance = defineMutant({
  id: "trusts-model-provenance",
  description: "takes a model-written summary's provenance from the spans the model claims, keyed as the window has them",
  level: "core",
  expectedProperties: ["provenance-resolves"],
  breaks: ["s-destructive"],
  pruner: alterModelReference("trusts-model-provenance", {
    async summarizeWithModel(window: Window, spanIds: readonly string[], summaryId: string, store: Store, model: Model) {
      const answer = await askModel(() => model.summarize(spanIds));
      const result = summarize(window, spanIds, summaryId, summaryTextOf(answer), store);
      const claimed = answer.provenance;
      if (claimed === undefined || claimed.length === 0) return result;
      const keys = new Map(window.spans.map((span) => [span.span_id, span.externalized_key ?? ""]));
      const provenance = claimed.map((id) => ({ span_id: id, externalized_key: keys.get(id) ?? "" }));
      return { ...result, spans: result.spans.map((span) => (span.span_id === summaryId ? { ...span, provenance } : span)) };
    },
  }),
});

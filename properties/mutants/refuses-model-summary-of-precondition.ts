/**
 * Fault: a summarize without summary_text asks the model, then refuses its summary when a source carries a
 * precondition tag, though the span has a byte-exact copy: the pruner reads "never let the model paraphrase
 * a precondition span" as "never summarize one".
 * Breaks: [p-model-summarize-precondition] — the request, not the model, chose those sources, and a summary
 * whose provenance resolves keeps the exact text behind it ([s-summarize-precondition]); refusing it is a
 * refusal the boundary does not need.
 * Must be caught by: safe-prune-succeeds.
 */
import { UnrecoverablePruneError } from "../../src/errors/unrecoverable.ts";
import type { Model } from "../../src/llm/model.ts";
import { summarizeWithModel } from "../../src/reference/index.ts";
import { isPreconditionBearing } from "../../src/wire/tags.ts";
import type { Window } from "../../src/wire/window.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

/** The model, its summary refused once it has answered, when one of the spans it summarized is a precondition span. */
function refusingPreconditionSummaries(model: Model, window: Window): Model {
  return {
    choose: (spanIds, options) => model.choose(spanIds, options),
    summarize: async (spanIds, prompt) => {
      const answer = await model.summarize(spanIds, prompt);
      const guarded = window.spans.find((span) => spanIds.includes(span.span_id) && isPreconditionBearing(span));
      if (guarded !== undefined) throw new UnrecoverablePruneError("not_externalized", guarded.span_id, "the model paraphrased a precondition span");
      return answer;
    },
  };
}

export const refusesModelSummaryOfPrecondition = defineMutant({
  id: "refuses-model-summary-of-precondition",
  description: "refuses the model's summary of a precondition span, though the span has a byte-exact copy",
  level: "core",
  expectedProperties: ["safe-prune-succeeds"],
  breaks: ["p-model-summarize-precondition"],
  pruner: alterModelReference("refuses-model-summary-of-precondition", {
    summarizeWithModel: (window, spanIds, summaryId, store, model) =>
      summarizeWithModel(window, spanIds, summaryId, store, refusingPreconditionSummaries(model, window)),
  }),
});

/**
 * The README's "Model-driven pruners" example, whole: the model writes the summary, every guard stays the
 * pruner's, and it conforms at strict whatever the harness's model answers.
 * `npx prunecheck run --impl examples/typescript/model-pruner.ts --level strict`
 */
import { definePruner, isBlank, ModelFailure, prune, summarize, UnrecoverablePruneError } from "prunecheck";

export default definePruner({
  name: "model-summarizer",
  capabilities: ["prune", "summarize", "model"],
  prune,
  summarize,
  async summarizeWithModel(window, spanIds, summaryId, store, model) {
    // The request is checked as a summary with a given text would be, before a model call is spent on it.
    summarize(window, spanIds, summaryId, "", store);
    let text: string;
    try {
      ({ text } = await model.summarize(window.spans.filter((span) => spanIds.includes(span.span_id)).map((span) => span.span_id)));
    } catch (error) {
      // A failed model call changes nothing and says so; its message never becomes the summary.
      if (error instanceof ModelFailure) throw new UnrecoverablePruneError("model_failed", null, `the model failed (${error.code}), so nothing was changed`);
      throw error;
    }
    // Empty is the protocol's white space (isBlank), not trim's: "\ufeff" is text, "\u0085" is empty.
    if (isBlank(text)) throw new UnrecoverablePruneError("model_failed", null, "the model's summary was empty, so nothing was changed");
    // Provenance is the sources' own, with their keys: never the spans the model claims to have covered.
    return summarize(window, spanIds, summaryId, text, store);
  },
});

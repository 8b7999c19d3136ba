/**
 * Fault: the summary prompt leaves out the oldest of the spans it summarizes, and the summary replaces all
 * of them.
 * Breaks: "a summary replaces only spans a summarize call showed the model" ([p-model-shown]); LlamaIndex's
 * ChatSummaryMemoryBuffer drops the oldest messages from its summary prompt (issue 47), ADK's LlmSummarizer
 * leaves tool calls and results out of it: either way the summary stands for text no model read.
 * Must be caught by: model-saw-sources.
 */
import type { Model } from "../../src/llm/model.ts";
import { compactWithModel, summarizeWithModel } from "../../src/reference/index.ts";
import { withModel } from "./_internals/model-compaction.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

/** The model, with every summarize call's first (oldest) span left out of the prompt when there are two or more. */
function droppingOldest(model: Model): Model {
  return {
    choose: (spanIds, options) => model.choose(spanIds, options),
    summarize: (spanIds, prompt) => model.summarize(spanIds.length > 1 ? spanIds.slice(1) : spanIds, prompt),
  };
}

export const summaryPromptDropsOldest = defineMutant({
  id: "summary-prompt-drops-oldest",
  description: "leaves the oldest span out of the summary prompt, and replaces it with the summary anyway",
  level: "core",
  expectedProperties: ["model-saw-sources"],
  breaks: ["p-model-shown"],
  pruner: alterModelReference("summary-prompt-drops-oldest", {
    summarizeWithModel: (window, spanIds, summaryId, store, model) => summarizeWithModel(window, spanIds, summaryId, store, droppingOldest(model)),
    compact: withModel((window, store, budget, model) => compactWithModel(window, store, budget, droppingOldest(model))),
  }),
});

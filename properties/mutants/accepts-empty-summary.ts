/**
 * Fault: an empty summary from the model is accepted and replaces its sources.
 * Breaks: "If the window holds a summary without a resolvable key, the operation is a mutation" — an
 * empty summary keeps the keys but none of the meaning, and a compaction that dies on it (senpi 1067) or
 * takes it (openhuman 4461) leaves the model reasoning from nothing.
 * Must be caught by: model-failure-safe.
 */
import type { Model } from "../../src/llm/model.ts";
import { summarize } from "../../src/reference/index.ts";
import { askModel } from "../../src/reference/ask-model.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const acceptsEmptySummary = defineMutant({
  id: "accepts-empty-summary",
  description: "accepts an empty summary from the model as the summary of its sources",
  level: "core",
  expectedProperties: ["model-failure-safe"],
  breaks: ["p-model-failure"],
  pruner: alterModelReference("accepts-empty-summary", {
    async summarizeWithModel(window: Window, spanIds: readonly string[], summaryId: string, store: Store, model: Model) {
      summarize(window, spanIds, summaryId, "", store);
      const { text } = await askModel(() => model.summarize(window.spans.filter((span) => spanIds.includes(span.span_id)).map((span) => span.span_id)));
      return summarize(window, spanIds, summaryId, text, store);
    },
  }),
});

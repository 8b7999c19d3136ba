/**
 * Fault: when the model fails, the sources are dropped anyway, replaced by a placeholder summary.
 * Breaks: "The failure was not a crash; it was a confident, coherent, wrong trajectory" — the field's
 * report: history replaced by a placeholder when the model is never called or never answers (langchain
 * 39261), so the window forgets what the summary was meant to keep.
 * Must be caught by: model-failure-safe.
 */
import { ModelFailure } from "../../src/errors/model-failure.ts";
import type { Model } from "../../src/llm/model.ts";
import { summarize, summarizeWithModel } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const deletesHistoryOnModelFailure = defineMutant({
  id: "deletes-history-on-model-failure",
  description: "replaces the sources with a placeholder summary when the model call fails, instead of refusing",
  level: "core",
  expectedProperties: ["model-failure-safe"],
  breaks: ["p-model-failure"],
  pruner: alterModelReference("deletes-history-on-model-failure", {
    async summarizeWithModel(window: Window, spanIds: readonly string[], summaryId: string, store: Store, model: Model) {
      let failed = false;
      const noticing: Model = {
        ...model,
        summarize: (ids, prompt) =>
          model.summarize(ids, prompt).catch((error: unknown) => {
            if (!(error instanceof ModelFailure)) throw error;
            failed = true;
            return { text: "(earlier conversation summarized)" };
          }),
      };
      const result = await summarizeWithModel(window, spanIds, summaryId, store, noticing);
      return failed ? summarize(window, spanIds, summaryId, "(earlier conversation summarized)", store) : result;
    },
  }),
});

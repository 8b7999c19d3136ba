/**
 * Fault: when the model call fails, the error's message becomes the summary.
 * Breaks: "Enforcing the boundary converts a silent, unrecoverable divergence into a loud, recoverable
 * refusal" — the field's own report: the error text of a failed model call stored as the summary
 * (langchain 38867), history replaced by a sentence about a rate limit.
 * Must be caught by: model-failure-safe.
 */
import { ModelFailure } from "../../src/errors/model-failure.ts";
import type { Model } from "../../src/llm/model.ts";
import { summarize } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const storesModelError = defineMutant({
  id: "stores-model-error",
  description: "stores the model's error message as the summary when the model call fails",
  level: "core",
  expectedProperties: ["model-failure-safe"],
  breaks: ["p-model-failure"],
  pruner: alterModelReference("stores-model-error", {
    async summarizeWithModel(window: Window, spanIds: readonly string[], summaryId: string, store: Store, model: Model) {
      const text = await model.summarize(spanIds).then(
        (answer) => answer.text,
        (error: unknown) => {
          if (error instanceof ModelFailure) return error.message;
          throw error;
        },
      );
      return summarize(window, spanIds, summaryId, text, store);
    },
  }),
});

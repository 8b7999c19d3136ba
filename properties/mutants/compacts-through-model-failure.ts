/**
 * Fault: when the model fails, a compaction goes on as if it had answered: every span it was offered is
 * "redundant", and the summary reads "(summary unavailable)".
 * Breaks: "Enforcing the boundary converts a silent, unrecoverable divergence into a loud, recoverable
 * refusal" — the field's report: history replaced by a placeholder when the model never answers
 * (langchain 39261), here inside a budget-driven compaction.
 * Must be caught by: model-failure-safe.
 */
import { compactWithModel } from "../../src/reference/index.ts";
import { swallowingFailures, withModel } from "./_internals/model-compaction.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const compactsThroughModelFailure = defineMutant({
  id: "compacts-through-model-failure",
  description: "compacts on when the model fails, taking every span as redundant and a placeholder as the summary",
  level: "core",
  expectedProperties: ["model-failure-safe"],
  breaks: ["p-model-failure"],
  pruner: alterModelReference("compacts-through-model-failure", {
    compact: withModel((window, store, budget, model) =>
      compactWithModel(window, store, budget, swallowingFailures(model, { summary: "(summary unavailable)", choice: (spanIds) => [...spanIds] })),
    ),
  }),
});

/**
 * Fault: a compaction whose model failed is refused as budget_unreachable, naming the first span of the
 * window, whatever that span's copy: the failure is reported as the budget's.
 * Breaks: [p-model-failure-owed] — after a model failure a refusal fits when it is model_failed (naming no
 * span) or names a span at fault for that span's own reason; a span with a byte-exact copy is not what
 * stands in the way of a budget, and the operator is told to free room that is there.
 * Must be caught by: loud-refusal at strict; it must survive core, where only the type is required.
 */
import { UnrecoverablePruneError } from "../../src/errors/unrecoverable.ts";
import { referenceModelPruner } from "../../src/reference/index.ts";
import { mapRefusals } from "./_internals/refusals.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const modelFailureBlamesBudget = defineMutant({
  id: "model-failure-blames-budget",
  description: "refuses a compaction whose model failed as budget_unreachable, naming the window's first span",
  level: "strict",
  expectedProperties: ["loud-refusal"],
  breaks: ["p-model-failure-owed"],
  pruner: alterModelReference("model-failure-blames-budget", {
    compact: mapRefusals(referenceModelPruner, (error, window) =>
      error.code === "model_failed" ? new UnrecoverablePruneError("budget_unreachable", window.spans[0]?.span_id ?? null) : error,
    ).compact!,
  }),
});

/**
 * Fault: a compaction runs on every call, not when the window is over its budget: it always takes the
 * window at least one character below its current size.
 * Breaks: "An instance that assumes `prune(prune(ctx)) == prune(ctx)` will silently corrupt its own task
 * state" — the field's report: a compaction that re-runs on every call (tinyhumansai/openhuman 4461),
 * so its result, compacted again under the same budget, is compacted further.
 * Must be caught by: compaction-converges.
 */
import { UnrecoverablePruneError } from "../../src/errors/unrecoverable.ts";
import { compactWithModel } from "../../src/reference/index.ts";
import { windowSize } from "../../src/wire/budget.ts";
import { withModel } from "./_internals/model-compaction.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const compactsEveryCall = defineMutant({
  id: "compacts-every-call",
  description: "compacts on every call, below the window's current size, even when it already fits its budget",
  level: "core",
  expectedProperties: ["compaction-converges"],
  breaks: ["p-compact-fixed-point"],
  pruner: alterModelReference("compacts-every-call", {
    compact: withModel(async (window, store, budget, model) => {
      const below = { ...budget, limit: Math.min(budget.limit, windowSize(window, budget.unit) - 1) };
      try {
        return await compactWithModel(window, store, below, model);
      } catch (error) {
        // Where nothing more can go, it settles for the budget itself.
        if (!(error instanceof UnrecoverablePruneError) || error.code !== "budget_unreachable") throw error;
        return compactWithModel(window, store, budget, model);
      }
    }),
  }),
});

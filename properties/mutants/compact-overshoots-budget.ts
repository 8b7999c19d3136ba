/**
 * Fault: compact aims at twice the budget it is given: it evicts to pointers until the window fits double
 * the limit, and answers that as a success, over the budget it was asked to meet.
 * Breaks: "Enforcing the boundary converts a silent, unrecoverable divergence into a loud, recoverable
 * refusal" — a compaction that cannot meet its budget must say so; one that answers over it leaves the
 * runtime to overflow the context it was protecting.
 * Must be caught by: budget-respected.
 */
import { compact } from "../../src/reference/index.ts";
import type { Budget } from "../../src/wire/protocol.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const compactOvershootsBudget = defineMutant({
  id: "compact-overshoots-budget",
  description: "compacts to twice the budget it was given and answers that, over budget, as a success",
  level: "core",
  expectedProperties: ["budget-respected"],
  breaks: ["p-compact-fits"],
  pruner: alterReference("compact-overshoots-budget", {
    compact(window: Window, store: Store, budget: Budget) {
      return compact(window, store, { ...budget, limit: budget.limit * 2 });
    },
  }),
});

/**
 * Fault: compact refuses every window that does not already fit its budget (a typed `budget_unreachable`,
 * naming no span), instead of evicting what it safely can.
 * Breaks: "Enforcing the boundary converts a silent, unrecoverable divergence into a loud, recoverable
 * refusal" — a refusal is owed when the boundary is at stake, not whenever there is work to do. A
 * compaction that never compacts passes every safety property.
 * Must be caught by: budget-reachable.
 */
import { UnrecoverablePruneError } from "../../src/errors/unrecoverable.ts";
import { compact } from "../../src/reference/index.ts";
import { windowSize } from "../../src/wire/budget.ts";
import type { Budget } from "../../src/wire/protocol.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const compactGivesUp = defineMutant({
  id: "compact-gives-up",
  description: "refuses every compact whose window is over budget instead of evicting to pointers",
  level: "core",
  expectedProperties: ["budget-reachable"],
  breaks: ["p-compact-owed"],
  pruner: alterReference("compact-gives-up", {
    compact(window: Window, store: Store, budget: Budget) {
      if (windowSize(window, budget.unit) > budget.limit) throw new UnrecoverablePruneError("budget_unreachable", null, "over budget; not compacting");
      return compact(window, store, budget);
    },
  }),
});

/**
 * Fault: compact's fast path answers a window that already fits its budget with success before it checks
 * whether a derived window still resolves in the store: an ungrounded derived window comes back, one
 * derivation deeper, as if it were safe to build on.
 * Breaks: "[p-compact-derived] the derived-window rule comes first, even when the window fits" — the fast path
 * an independently written compactor took (issue 46), which depth-bound flagged while the docs said only
 * that such a compact "is owed a success".
 * Must be caught by: depth-bound.
 */
import { compact } from "../../src/reference/index.ts";
import { windowSize } from "../../src/wire/budget.ts";
import type { Budget } from "../../src/wire/protocol.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const compactFitsDerived = defineMutant({
  id: "compact-fits-derived",
  description: "answers a compact whose window already fits with success, before checking that a derived window resolves",
  level: "core",
  expectedProperties: ["depth-bound"],
  breaks: ["p-compact-derived"],
  pruner: alterReference("compact-fits-derived", {
    compact(window: Window, store: Store, budget: Budget) {
      if (windowSize(window, budget.unit) <= budget.limit) return { ...window, derivation_depth: window.derivation_depth + 1 };
      return compact(window, store, budget);
    },
  }),
});

/**
 * Fault: compact measures the window without its pointers, as if a pointer's marker took no room: it
 * evicts until the originals fit, and answers a window whose markers push it over the budget.
 * Breaks: "[s-pointer-size] pointer markers count toward the budget like any text" — they occupy the
 * window; a budget that ignored them would be a budget on something else.
 * Must be caught by: budget-respected.
 */
import { compact } from "../../src/reference/index.ts";
import { copyProblem, toPointer } from "../../src/reference/resolve.ts";
import { assertGroundedIfDerived } from "../../src/reference/derived.ts";
import { spanSize } from "../../src/wire/budget.ts";
import type { Budget } from "../../src/wire/protocol.ts";
import { kindOf, type Span, type Store, type Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

/** The size the fault sees: every span but the pointers. */
function withoutPointers(spans: readonly Span[], unit: Budget["unit"]): number {
  return spans.reduce((sum, span) => sum + (kindOf(span) === "pointer" ? 0 : spanSize(span, unit)), 0);
}

export const pointersCostNothing = defineMutant({
  id: "pointers-cost-nothing",
  description: "counts only the non-pointer text against a compact's budget, so the pointers it leaves can push the window over",
  level: "core",
  expectedProperties: ["budget-respected"],
  breaks: ["s-pointer-size"],
  pruner: alterReference("pointers-cost-nothing", {
    compact(window: Window, store: Store, budget: Budget) {
      assertGroundedIfDerived(window, store);
      const spans = [...window.spans];
      for (let index = 0; index < spans.length && withoutPointers(spans, budget.unit) > budget.limit; index++) {
        const span = spans[index]!;
        if (kindOf(span) !== "pointer" && copyProblem(span, store) === null) spans[index] = toPointer(span);
      }
      // What it cannot meet even by its own measure it refuses as the reference does.
      if (withoutPointers(spans, budget.unit) > budget.limit) return compact(window, store, budget);
      return { spans, derivation_depth: window.derivation_depth + 1 };
    },
  }),
});

import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import { spanSize, windowSize } from "../wire/budget.ts";
import type { Budget } from "../wire/protocol.ts";
import type { Store, Window } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import { assertGroundedIfDerived } from "./derived.ts";
import { copyProblem, toPointer } from "./resolve.ts";

/**
 * Budget-driven compaction, the way real runtimes prune: evict the oldest spans first, to pointers, until
 * the window fits. Only spans with a byte-exact copy are candidates, whatever their tags ("The boundary
 * is *not* token count, recency, or the model's own redundancy judgment"): recency orders the candidates,
 * it never decides what may be lost. If the candidates cannot make the window fit, it refuses and names
 * the first span that would have had to go without a copy.
 */
export function compact(window: Window, store: Store, budget: Budget): Window {
  assertGroundedIfDerived(window, store);
  let size = windowSize(window, budget.unit);
  const spans = [...window.spans];
  for (let index = 0; index < spans.length && size > budget.limit; index++) {
    const span = spans[index]!;
    if (kindOf(span) === "pointer" || copyProblem(span, store) !== null) continue;
    const pointer = toPointer(span);
    const saved = spanSize(span, budget.unit) - spanSize(pointer, budget.unit);
    if (saved <= 0) continue;
    spans[index] = pointer;
    size -= saved;
  }
  if (size > budget.limit) {
    const blocker = spans.find((span) => kindOf(span) !== "pointer" && copyProblem(span, store) !== null);
    throw new UnrecoverablePruneError(
      "budget_unreachable",
      blocker?.span_id ?? null,
      `the window needs ${size} ${budget.unit} after evicting every span that has a copy, over the budget of ${budget.limit}${blocker ? "; this span has no byte-exact copy" : ""}`,
    );
  }
  return { spans, derivation_depth: window.derivation_depth + 1 };
}

/**
 * Fault: when the pruned window would hold more than three spans, the last span that was not evicted is
 * dropped as well, without a word: a budget enforced behind the caller's back.
 * Breaks: "the pruned window is a projection over a still-intact source of truth" — and the seed's
 * warning that the boundary "is *not* token count".
 * Must be caught by: kept-untouched (also precondition-recoverable when the dropped span is tagged).
 * maxWindow 4: the fault is only there in a window of four spans or more, so no smaller counterexample
 * exists.
 */
import { prune } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

const BUDGET = 3;

export const silentTruncation = defineMutant({
  id: "silent-truncation",
  description: `drops the last kept span when the pruned window holds more than ${BUDGET} spans`,
  level: "core",
  expectedProperties: ["kept-untouched", "precondition-recoverable"],
  maxWindow: BUDGET + 1,
  pruner: alterReference("silent-truncation", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      const pruned = prune(window, evictIds, store);
      if (pruned.spans.length <= BUDGET) return pruned;
      const evict = new Set(evictIds);
      const last = pruned.spans.findLastIndex((span) => !evict.has(span.span_id));
      return last === -1 ? pruned : { ...pruned, spans: pruned.spans.filter((_, index) => index !== last) };
    },
  }),
});

/**
 * Fault: a pointer named again in a prune is dropped ("already evicted, nothing left to keep"), taking
 * its key out of the window.
 * Breaks: "An instance that assumes `prune(prune(ctx)) == prune(ctx)` will silently corrupt its own task
 * state" — the second prune loses what the first one kept recoverable.
 * Must be caught by: pointer-not-paraphrase and precondition-recoverable for a precondition pointer (at
 * core); reevict-idempotent and externalize-everything at strict.
 */
import { prune } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { kindOf } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const dropsReevictedPointers = defineMutant({
  id: "drops-reevicted-pointers",
  description: "drops a pointer when it is evicted again instead of leaving it as it is",
  level: "core",
  expectedProperties: ["pointer-not-paraphrase", "precondition-recoverable", "safe-prune-succeeds"],
  breaks: ["s-reevict"],
  pruner: alterReference("drops-reevicted-pointers", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      const evict = new Set(evictIds);
      const again = new Set(window.spans.filter((span) => evict.has(span.span_id) && kindOf(span) === "pointer").map((span) => span.span_id));
      const pruned = prune(window, evictIds, store);
      return { ...pruned, spans: pruned.spans.filter((span) => !again.has(span.span_id)) };
    },
  }),
});

/**
 * Fault: prune works in place: it writes the pruned spans and depth into the window it was given and
 * returns that same object.
 * Breaks: "Every span the pruner may evict has already been written to an immutable, addressable store"
 * — a caller that kept the old window to recover from finds it rewritten; the pre-prune state is the
 * evidence "exactly what was deleted".
 * Must be caught by: inputs-immutable.
 */
import { prune } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const mutatesInput = defineMutant({
  id: "mutates-input",
  description: "writes the pruned window into its input window in place",
  level: "core",
  expectedProperties: ["inputs-immutable"],
  breaks: ["p-refusal-nothing"],
  pruner: alterReference("mutates-input", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      const pruned = prune(window, evictIds, store);
      window.spans.splice(0, window.spans.length, ...pruned.spans);
      window.derivation_depth = pruned.derivation_depth;
      return window;
    },
  }),
});

/**
 * Fault: prune returns the window at the derivation depth it was given, however much it evicted.
 * Breaks: "must tag summaries with a monotonic `derivation_depth`" — a window that hides that it is
 * derived escapes the check on derived windows.
 * Must be caught by: depth-bound.
 */
import { prune } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const depthNotIncremented = defineMutant({
  id: "depth-not-incremented",
  description: "keeps the input's derivation_depth on the pruned window",
  level: "core",
  expectedProperties: ["depth-bound"],
  breaks: ["p-depth-up"],
  pruner: alterReference("depth-not-incremented", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      return { ...prune(window, evictIds, store), derivation_depth: window.derivation_depth };
    },
  }),
});

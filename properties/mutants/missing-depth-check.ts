/**
 * Fault: prune never checks whether a derived window (derivation_depth >= 1) still resolves in the store.
 * Breaks: "The runtime must reject a prune whose input window is itself the output of an un-externalized
 * prune".
 * Must be caught by: depth-bound.
 */
import { prune } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const missingDepthCheck = defineMutant({
  id: "missing-depth-check",
  description: "prunes a derived window although some of its spans no longer resolve in the store",
  level: "core",
  expectedProperties: ["depth-bound"],
  breaks: ["p-derived", "s-unexternalized"],
  pruner: alterReference("missing-depth-check", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      // Presenting the window as underived skips exactly the grounding check and nothing else.
      const pruned = prune({ ...window, derivation_depth: 0 }, evictIds, store);
      return { ...pruned, derivation_depth: window.derivation_depth + 1 };
    },
  }),
});

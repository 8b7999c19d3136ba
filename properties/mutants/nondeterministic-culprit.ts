/**
 * Fault: when several spans make a prune unsafe, which one the refusal names alternates from call to
 * call (a module-level counter: every other call looks at the window back to front). Each answer alone
 * is correct, even at strict; only asking twice shows the fault.
 * Breaks: "Because the pruner's decision is itself a function of the context it is about to destroy" —
 * it must be a function of that context and nothing else, or no runtime can reason about it.
 * Must be caught by: deterministic. Needs two culprits, hence two spans.
 */
import { prune } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

let calls = 0;

export const nondeterministicCulprit = defineMutant({
  id: "nondeterministic-culprit",
  description: "names the first or the last offending span in a refusal, alternately",
  level: "core",
  expectedProperties: ["deterministic"],
  breaks: ["p-stateless"],
  pruner: alterReference("nondeterministic-culprit", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      // Whether a prune is refused does not depend on span order, only which span the refusal names does.
      if (calls++ % 2 === 1) prune({ ...window, spans: [...window.spans].reverse() }, evictIds, store);
      return prune(window, evictIds, store);
    },
  }),
});

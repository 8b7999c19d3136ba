/**
 * Fault: reground checks the store like the reference, then returns the spans as they were (pointers
 * still pointers) at derivation depth 0.
 * Breaks: "refuse to summarize beyond depth 1 without re-grounding against the source store" — a depth
 * reset is only honest when the window once more holds its sources; this one launders depth.
 * Must be caught by: reground-restores.
 */
import { reground } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const regroundNoRehydrate = defineMutant({
  id: "reground-no-rehydrate",
  description: "reground resets depth to 0 but leaves pointers as pointers",
  level: "core",
  expectedProperties: ["reground-restores"],
  breaks: ["p-reground"],
  pruner: alterReference("reground-no-rehydrate", {
    reground(window: Window, store: Store) {
      reground(window, store);
      return { spans: window.spans, derivation_depth: 0 };
    },
  }),
});

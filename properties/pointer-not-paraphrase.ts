/**
 * Seed: "spans tagged `invariant` or `precondition` are evictable only to a side store, never to a
 * paraphrase."
 *
 * A successful prune leaves, for every evicted precondition span (pointers evicted again included), a
 * pointer with the same span_id and tags whose key resolves to the span's exact text.
 */
import type { Property } from "../src/models/property.ts";
import { evicted } from "../src/models/analysis.ts";
import { isProtected } from "../src/models/truth.ts";
import { pointerProblem } from "./evicted-outcome.ts";

export const pointerNotParaphrase: Property = {
  id: "pointer-not-paraphrase",
  level: "core",
  requires: [],
  title: "An evicted precondition span leaves a resolvable pointer, never a paraphrase",
  quote: "spans tagged `invariant` or `precondition` are evictable only to a side store, never to a paraphrase.",
  rules: ["p-precondition-evict", "p-pointer-fields", "p-extra-fields", "p-strings-exact", "s-pointer-form", "s-tag-set", "s-reevict"],
  check(step) {
    const { call, outcome, truth } = step;
    if (!outcome.ok) return null;
    for (const span of evicted(step)) {
      if (!isProtected(truth, span)) continue;
      const problem = pointerProblem(span, outcome.window, truth, call.store);
      if (problem !== null) return problem;
    }
    return null;
  },
};

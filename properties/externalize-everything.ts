/**
 * Seed: "Every span the pruner may evict has already been written to an immutable, addressable store keyed
 * by a stable identifier … If the window holds a summary without a resolvable key, the operation is a
 * mutation."
 *
 * Strict: every evicted span, tagged or not, leaves a pointer whose key resolves to its exact text. The
 * seed's snippet silently drops untagged spans; at strict level that counts as a mutation.
 */
import type { Property } from "../src/models/property.ts";
import { evicted } from "../src/models/analysis.ts";
import { pointerProblem } from "./evicted-outcome.ts";

export const externalizeEverything: Property = {
  id: "externalize-everything",
  level: "strict",
  requires: [],
  title: "Every evicted span, tagged or not, leaves a resolvable pointer",
  quote:
    "Every span the pruner may evict has already been written to an immutable, addressable store keyed by a stable identifier, and the pruned window retains that identifier (not a paraphrase of it).",
  rules: ["s-copy-all"],
  check(step) {
    const { call, outcome, truth } = step;
    if (!outcome.ok) return null;
    for (const span of evicted(step)) {
      const problem = pointerProblem(span, outcome.window, truth, call.store);
      if (problem !== null) return problem;
    }
    return null;
  },
};

/**
 * Seed: "An instance that assumes `prune(prune(ctx)) == prune(ctx)` will silently corrupt its own task
 * state" — so where the runtime *can* make re-eviction a fixed point, it must.
 *
 * Strict: evicting a pointer again returns that pointer unchanged, every field included.
 */
import type { Property } from "../src/models/property.ts";
import { byId, describeSpan, evicted, sameSpan } from "../src/models/analysis.ts";
import { kindOf } from "../src/wire/window.ts";

export const reevictIdempotent: Property = {
  id: "reevict-idempotent",
  level: "strict",
  requires: [],
  title: "Evicting a pointer again leaves it exactly as it was",
  quote:
    "An instance that assumes `prune(prune(ctx)) == prune(ctx)` will silently corrupt its own task state and will be unable to detect the corruption, because the evidence of the original spans is exactly what was deleted.",
  rules: ["s-reevict"],
  check(step) {
    const { call, outcome } = step;
    if (!outcome.ok) return null;
    const after = byId(outcome.window);
    for (const pointer of evicted(step).filter((span) => kindOf(span) === "pointer")) {
      const again = after.get(pointer.span_id);
      if (again === undefined || !sameSpan(pointer, again)) {
        return {
          span_id: pointer.span_id,
          message: `re-evicting pointer ${describeSpan(pointer)} changed it: ${JSON.stringify(pointer)} became ${again === undefined ? "nothing" : JSON.stringify(again)}`,
        };
      }
    }
    return null;
  },
};

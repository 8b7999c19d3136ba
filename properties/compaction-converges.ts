/**
 * Seed: "An instance that assumes `prune(prune(ctx)) == prune(ctx)` will silently corrupt its own task
 * state" and "Idempotence is enforced, not assumed." From the field: a compaction that re-runs on every
 * call (tinyhumansai/openhuman 4461), summarizing its own summary each time.
 *
 * Compacting a compaction's result again under the same budget changes no span: repeated compaction
 * converges instead of re-deriving the window on every call. Judged on a compact whose window is exactly
 * what the request before it, a compact under the same budget, returned (a runtime's next call).
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan, sameData, sameSpan } from "../src/models/analysis.ts";

export const compactionConverges: Property = {
  id: "compaction-converges",
  level: "core",
  requires: ["compact"],
  title: "Compacting a compaction's result again under the same budget changes nothing",
  quote:
    "An instance that assumes `prune(prune(ctx)) == prune(ctx)` will silently corrupt its own task state and will be unable to detect the corruption, because the evidence of the original spans is exactly what was deleted.",
  rules: ["p-compact-fixed-point"],
  check({ call, outcome, previous }) {
    if (call.op !== "compact" || !outcome.ok || previous?.call.op !== "compact" || !previous.outcome.ok) return null;
    if (!sameData(previous.call.budget, call.budget) || !sameData(previous.outcome.window, call.window)) return null;
    if (sameData(outcome.window.spans, call.window.spans)) return null;
    const changed = call.window.spans.find((span, index) => {
      const after = outcome.window.spans[index];
      return after === undefined || !sameSpan(span, after);
    });
    return {
      span_id: changed?.span_id ?? null,
      message: `compacting the result of a compaction again, under the same budget of ${call.budget.limit} ${call.budget.unit}, changed it${changed === undefined ? "" : ` from span ${describeSpan(changed)} on`}: compaction does not converge`,
    };
  },
};

/**
 * Seed: "Enforcing the boundary converts a silent, unrecoverable divergence into a loud, recoverable
 * refusal." — a refusal is owed only when the boundary is at stake, and a budget the implementation's own
 * pruning can meet puts nothing at stake.
 *
 * Liveness for `compact`: it refuses a budget only when no compaction could meet it. The harness asks the
 * implementation, beside each compact, to prune every span that has a byte-exact copy (the most any
 * compaction may evict, as pointers it chooses itself). If that prune is a correct compaction (nothing
 * at fault in the request; every span kept, each one it evicted as a pointer that resolves byte-exact)
 * and fits the budget, the budget was reachable, and refusing it is a compact that gives up instead of
 * compacting. A prune that drops spans (legal at core for untagged ones) or is itself wrong is no
 * evidence either way: its faults are other properties' findings.
 */
import type { Property } from "../src/models/property.ts";
import { evicted, isSafe, modelFailed } from "../src/models/analysis.ts";
import { PROBES } from "../src/models/probes.ts";
import { windowSize } from "../src/wire/budget.ts";
import { pointerProblem } from "./evicted-outcome.ts";

export const budgetReachable: Property = {
  id: "budget-reachable",
  level: "core",
  requires: ["compact"],
  title: "A compact refuses only a budget that its own pruning meets correctly",
  quote: "Enforcing the boundary converts a silent, unrecoverable divergence into a loud, recoverable refusal.",
  rules: ["p-compact-owed", "s-recency", "p-model-failure-owed"],
  probes: ["prune-copied"],
  check({ call, outcome, truth, probes, model }) {
    // A compactor whose model failed may refuse whatever the budget (model-failure-safe): nothing was lost.
    if (model.some(modelFailed)) return null;
    const pruned = probes["prune-copied"];
    const probe = PROBES["prune-copied"].build(call, truth);
    if (call.op !== "compact" || outcome.ok || pruned === undefined || !pruned.ok || probe === null) return null;
    const step = { call: probe, truth, outcome: pruned };
    if (!isSafe(step)) return null;
    const kept = new Set(pruned.window.spans.map((span) => span.span_id));
    if (call.window.spans.some((span) => !kept.has(span.span_id))) return null;
    if (evicted(step).some((span) => pointerProblem(span, pruned.window, truth, call.store) !== null)) return null;
    const size = windowSize(pruned.window, call.budget.unit);
    if (size > call.budget.limit) return null;
    return {
      span_id: outcome.error.span_id ?? null,
      message: `compact refused a budget of ${call.budget.limit} ${call.budget.unit} (${outcome.error.type}: ${outcome.error.message}), yet pruning every span that has a copy fits it at ${size} ${call.budget.unit}`,
    };
  },
};

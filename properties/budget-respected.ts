/**
 * Seed: "the runtime granted the model a `prune_context` tool constrained only by a token budget." — a
 * budget is what real runtimes compact to, so a compaction that claims success must have met it.
 *
 * A successful compact returns a window within its budget (in the budget's unit, see src/wire/budget.ts).
 */
import type { Property } from "../src/models/property.ts";
import { windowSize } from "../src/wire/budget.ts";

export const budgetRespected: Property = {
  id: "budget-respected",
  level: "core",
  requires: ["compact"],
  title: "A successful compaction fits its budget",
  quote: "the runtime granted the model a `prune_context` tool constrained only by a token budget.",
  rules: ["p-compact-fits", "s-pointer-size"],
  check({ call, outcome }) {
    if (call.op !== "compact" || !outcome.ok) return null;
    const size = windowSize(outcome.window, call.budget.unit);
    if (size <= call.budget.limit) return null;
    return { span_id: null, message: `compact succeeded with a window of ${size} ${call.budget.unit}, over its budget of ${call.budget.limit}` };
  },
};

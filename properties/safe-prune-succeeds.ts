/**
 * Seed: "Enforcing the boundary converts a silent, unrecoverable divergence into a loud, recoverable
 * refusal." — a refusal is only owed when the boundary is at stake.
 *
 * Liveness: when every span an operation touches is externalized byte-exact and the window is depth 0 or
 * grounded, the operation succeeds and does what was asked (every evicted span becomes a pointer, at core
 * an untagged one may instead be dropped; a summary replaces its sources). A pruner that always refuses is not safe, it is useless.
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan, evicted, isSafe, sources } from "../src/models/analysis.ts";
import { isProtected } from "../src/models/truth.ts";
import { kindOf } from "../src/wire/window.ts";

export const safePruneSucceeds: Property = {
  id: "safe-prune-succeeds",
  level: "core",
  requires: [],
  title: "A safe operation succeeds and does what was asked",
  quote: "Enforcing the boundary converts a silent, unrecoverable divergence into a loud, recoverable refusal.",
  rules: ["p-compact-owed", "s-absent-ids", "s-empty", "s-summarize-precondition", "p-model-failure-owed", "p-model-summarize-precondition"],
  check(step) {
    if (!isSafe(step)) return null;
    const { call, outcome, truth, level } = step;
    if (!outcome.ok) {
      return { span_id: outcome.error.span_id ?? null, message: `refused a safe ${call.op} (${outcome.error.type}: ${outcome.error.message})` };
    }
    const after = new Map(outcome.window.spans.map((span) => [span.span_id, span]));
    for (const span of evicted(step)) {
      const replaced = after.get(span.span_id);
      if (replaced === undefined ? level === "core" && !isProtected(truth, span) : kindOf(replaced) === "pointer") continue;
      const became = replaced === undefined ? "nothing" : kindOf(replaced) === "original" ? "an original" : `a ${kindOf(replaced)}`;
      return {
        span_id: span.span_id,
        message: `${call.op} succeeded but left ${describeSpan(span)}, which it ${call.op === "prune" ? "was asked to evict" : "evicted"}, as ${became} instead of a pointer`,
      };
    }
    if (call.op === "summarize") {
      const lingering = sources(call).find((span) => after.has(span.span_id));
      if (!after.has(call.summary_id) || lingering !== undefined) {
        return {
          span_id: lingering?.span_id ?? call.summary_id,
          message: `summarize succeeded but did not replace its sources with summary ${describeSpan({ span_id: call.summary_id })}`,
        };
      }
    }
    return null;
  },
};

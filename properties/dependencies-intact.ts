/**
 * Seed: "A span is precondition-bearing if a later action's correctness depends on its *content*, not
 * merely on the fact that it was consulted." — a tool result kept without the call it answers is exactly
 * such a dependency, broken.
 *
 * After a successful operation, no span left in the window depends (`depends_on`) on a span that was in
 * the input but is now gone without a resolvable pointer or provenance entry: no orphaned tool results,
 * no half-evicted parallel calls.
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan } from "../src/models/analysis.ts";
import { recoverability } from "../src/models/truth.ts";
import { kindOf } from "../src/wire/window.ts";

export const dependenciesIntact: Property = {
  id: "dependencies-intact",
  level: "core",
  requires: [],
  title: "No kept span depends on a span evicted without a resolvable pointer",
  quote: "A span is precondition-bearing if a later action's correctness depends on its *content*, not merely on the fact that it was consulted.",
  check({ call, outcome, truth }) {
    if (!outcome.ok) return null;
    const before = new Set(call.window.spans.map((span) => span.span_id));
    const recoverableBefore = recoverability(call.window, call.store);
    const recoverableAfter = recoverability(outcome.window, call.store);
    for (const span of outcome.window.spans) {
      if (kindOf(span) === "pointer") continue;
      for (const dependency of span.depends_on ?? []) {
        const fact = truth.get(dependency);
        if (!before.has(dependency) || fact === undefined || fact.lost || !recoverableBefore(fact)) continue;
        if (!recoverableAfter(fact)) {
          return {
            span_id: dependency,
            message: `${describeSpan(span)} stays in the window but the span it depends on, ${describeSpan(fact)}, was evicted with nothing that resolves to it: an orphan`,
          };
        }
      }
    }
    return null;
  },
};

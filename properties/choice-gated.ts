/**
 * Seed: "The decision to evict a span that establishes a *precondition* (constraints, invariants, scope
 * qualifiers, negative results) must be gated by a rule the model cannot override — e.g., spans tagged
 * `invariant` or `precondition` are evictable only to a side store, never to a paraphrase." And: "The
 * boundary is *not* token count, recency, or the model's own redundancy judgment."
 *
 * A compactor chooses what goes (a model-driven one asks its model, which may call everything
 * redundant): whatever it chose, a precondition span never goes into a summary it writes. It may only
 * leave as a resolvable pointer (pointer-not-paraphrase judges that). An explicit summarize is the
 * runtime's decision, not the pruner's, and stays summary-keeps-tags' business.
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan, summaryWrites } from "../src/models/analysis.ts";
import { isProtected } from "../src/models/truth.ts";

export const choiceGated: Property = {
  id: "choice-gated",
  level: "core",
  requires: ["compact"],
  title: "A compactor's own choice never paraphrases a precondition span into a summary",
  quote:
    "The decision to evict a span that establishes a *precondition* (constraints, invariants, scope qualifiers, negative results) must be gated by a rule the model cannot override — e.g., spans tagged `invariant` or `precondition` are evictable only to a side store, never to a paraphrase.",
  rules: ["p-compact-summary-gate"],
  check(step) {
    if (step.call.op !== "compact") return null;
    for (const { summary, sources } of summaryWrites(step)) {
      const gated = sources.find((span) => isProtected(step.truth, span));
      if (summary !== undefined && gated !== undefined) {
        return {
          span_id: gated.span_id,
          message: `compact replaced precondition span ${describeSpan(gated)} (tags ${JSON.stringify(gated.tags)}) with summary ${describeSpan(summary)}, a paraphrase: it may leave only as a pointer`,
        };
      }
    }
    return null;
  },
};

/**
 * Seed: "spans tagged `invariant` or `precondition` are evictable only to a side store, never to a
 * paraphrase." — a summary is the paraphrase that stands in for its sources, so the gate must still apply
 * to it: a summary that sheds its sources' precondition tags can later be dropped as an ordinary span,
 * and with it the only key to their exact text.
 *
 * Core: a new summary (summarize's, or one a compactor writes) carries every precondition tag of every
 * source it compresses. Strict: its tags are
 * exactly its sources' tags, as a set (the union; docs/protocol.md §4).
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan, summaryWrites } from "../src/models/analysis.ts";
import { isPreconditionTag } from "../src/wire/tags.ts";

export const summaryKeepsTags: Property = {
  id: "summary-keeps-tags",
  level: "core",
  requires: [["summarize", "compact"]],
  title: "A summary keeps its sources' precondition tags (strict: exactly their tags)",
  quote: "spans tagged `invariant` or `precondition` are evictable only to a side store, never to a paraphrase.",
  rules: ["p-summary-tags"],
  check(step) {
    for (const { summary, sources } of summaryWrites(step)) {
      if (summary === undefined) continue; // no summary at all is safe-prune-succeeds' finding
      const carried = new Set(summary.tags);
      const owed = new Set(sources.flatMap((span) => span.tags));
      const missing = [...owed].filter((tag) => !carried.has(tag) && (step.level === "strict" || isPreconditionTag(tag)));
      if (missing.length > 0) {
        return {
          span_id: summary.span_id,
          message: `summary ${describeSpan(summary)} dropped its sources' tags ${JSON.stringify(missing)}: it has ${JSON.stringify(summary.tags)}`,
        };
      }
      const invented = step.level === "strict" ? summary.tags.filter((tag) => !owed.has(tag)) : [];
      if (invented.length > 0) {
        return { span_id: summary.span_id, message: `summary ${describeSpan(summary)} carries tags ${JSON.stringify(invented)} that none of its sources has` };
      }
    }
    return null;
  },
};

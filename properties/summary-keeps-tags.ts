/**
 * Seed: "spans tagged `invariant` or `precondition` are evictable only to a side store, never to a
 * paraphrase." — a summary is the paraphrase that stands in for its sources, so the gate must still apply
 * to it: a summary that sheds its sources' precondition tags can later be dropped as an ordinary span,
 * and with it the only key to their exact text.
 *
 * Core: a new summary carries every precondition tag of every source it compresses. Strict: its tags are
 * exactly its sources' tags, as a set (the union; docs/protocol.md §4).
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan, sources } from "../src/models/analysis.ts";
import { isPreconditionTag } from "../src/wire/tags.ts";

export const summaryKeepsTags: Property = {
  id: "summary-keeps-tags",
  level: "core",
  requires: ["summarize"],
  title: "A summary keeps its sources' precondition tags (strict: exactly their tags)",
  quote: "spans tagged `invariant` or `precondition` are evictable only to a side store, never to a paraphrase.",
  rules: ["p-summary-tags"],
  check({ call, outcome, level }) {
    if (call.op !== "summarize" || !outcome.ok) return null;
    const summary = outcome.window.spans.find((span) => span.span_id === call.summary_id);
    if (summary === undefined) return null; // no summary at all is safe-prune-succeeds' finding
    const carried = new Set(summary.tags);
    const owed = new Set(sources(call).flatMap((span) => span.tags));
    const missing = [...owed].filter((tag) => !carried.has(tag) && (level === "strict" || isPreconditionTag(tag)));
    if (missing.length > 0) {
      return {
        span_id: summary.span_id,
        message: `summary ${describeSpan(summary)} dropped its sources' tags ${JSON.stringify(missing)}: it has ${JSON.stringify(summary.tags)}`,
      };
    }
    const invented = level === "strict" ? summary.tags.filter((tag) => !owed.has(tag)) : [];
    if (invented.length > 0) {
      return { span_id: summary.span_id, message: `summary ${describeSpan(summary)} carries tags ${JSON.stringify(invented)} that none of its sources has` };
    }
    return null;
  },
};

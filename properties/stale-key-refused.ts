/**
 * Seed: "the re-read returned the *current* schema, which had already been mutated by the bad edits. The
 * original precondition was permanently unrecoverable from any source reachable by the instance."
 *
 * A key that is missing from the store, or under which the store holds different text, never counts as
 * externalized: no successful operation turns such a span into a pointer or a provenance entry.
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan, evicted, isSummaryLike, summarized } from "../src/models/analysis.ts";
import { noCopyReason } from "../src/models/truth.ts";
import { kindOf } from "../src/wire/window.ts";

export const staleKeyRefused: Property = {
  id: "stale-key-refused",
  level: "core",
  requires: [],
  title: "A missing or stale key never counts as externalized",
  quote:
    'When a downstream test failed, the instance attempted to "restore" context by re-reading the schema — but the re-read returned the *current* schema, which had already been mutated by the bad edits.',
  rules: ["p-evict-copy", "p-summary-source-copy", "s-byte-exact", "p-pointer-kind", "s-pointer-kind", "s-recency"],
  check(step) {
    const { call, outcome, truth } = step;
    if (!outcome.ok) return null;
    const store = call.store;
    const after = new Map(outcome.window.spans.map((span) => [span.span_id, span]));
    for (const span of evicted(step)) {
      const replaced = after.get(span.span_id);
      const why = replaced !== undefined && kindOf(replaced) === "pointer" ? noCopyReason(span, truth, store) : null;
      if (why !== null) return { span_id: span.span_id, message: `span ${describeSpan(span)} became a pointer although ${why}` };
    }
    // Summaries as sources are depth-bound's business: their own key is not what makes them recoverable.
    for (const span of summarized(step)) {
      const why = isSummaryLike(span) ? null : noCopyReason(span, truth, store);
      if (why !== null) return { span_id: span.span_id, message: `span ${describeSpan(span)} was summarized away although ${why}` };
    }
    return null;
  },
};

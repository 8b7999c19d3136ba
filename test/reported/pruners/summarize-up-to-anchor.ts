/**
 * The fault pattern anthropics/claude-code 92347 reports of "Summarize up to here" (Claude Code is an
 * application, not a library on npm): the messages before the anchor are summarized, and of the messages
 * after it, the ones that are earlier compact summaries are filtered out with them, so what those
 * summaries stood for is gone from the live context for good (the session file still has them).
 *
 * Not Claude Code's code: a fixture that shows the suite catches this pattern.
 */
import { definePruner, freshId, prune, windowSize } from "prunecheck";
import type { Span } from "prunecheck";

/** The anchor: everything but the latest KEEP messages is summarized. */
const KEEP = 3;

export default definePruner({
  name: "pattern:summarize-up-to-anchor",
  capabilities: ["compact"],
  prune,
  compact(window, _store, budget) {
    if (windowSize(window, budget.unit) <= budget.limit || window.spans.length <= KEEP) return window;
    const before = window.spans.slice(0, -KEEP);
    const isSummary = (span: Span) => span.kind === "summary";
    const summary: Span = {
      span_id: freshId(`${before[0]!.span_id}~summary`, window),
      kind: "summary",
      text: `Summary: ${before.map((span) => span.text.slice(0, 16)).join(" / ")}`,
      tags: [...new Set(before.flatMap((span) => span.tags))],
      externalized_key: null,
      provenance: before.map((span) => ({ span_id: span.span_id, externalized_key: span.externalized_key ?? `no-copy:${span.span_id}` })),
      derivation_depth: 1 + Math.max(0, ...before.map((span) => span.derivation_depth ?? 0)),
    };
    // The fault: the "up to here" filter also drops the summaries that stand after the anchor.
    return { spans: [summary, ...window.spans.slice(-KEEP).filter((span) => !isSummary(span))], derivation_depth: window.derivation_depth + 1 };
  },
});

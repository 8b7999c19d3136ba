/**
 * Seed: "A *compaction* is a reversible reduction: the evicted material remains addressable … and the
 * pruned window is a projection over a still-intact source of truth."
 *
 * A projection changes only what it was asked to change: spans not evicted (not summarized, not
 * rehydrated) come back identical, every field included, in the same order; no span is invented,
 * duplicated or lost, and a new summary is exactly the text that was asked for (when one was). A summary a
 * compactor writes (issue 32) replaces exactly the spans it names as its sources; the spans it evicts and
 * the summaries it writes are the only changes it may make.
 */
import type { Property, Step } from "../src/models/property.ts";
import { byId, describeSpan, evicted, sameSpan, spanChanges, summarized, summaryWrites } from "../src/models/analysis.ts";
import { kindOf } from "../src/wire/window.ts";

export const keptUntouched: Property = {
  id: "kept-untouched",
  level: "core",
  requires: [],
  title: "Spans not operated on come back identical and in order; nothing invented or lost",
  quote:
    "A *compaction* is a reversible reduction: the evicted material remains addressable (on disk, in a side channel, in an index) and the pruned window is a projection over a still-intact source of truth.",
  rules: ["p-compact-summary", "p-extra-fields", "p-strings-exact", "s-reground-originals", "s-empty"],
  check(step) {
    const { call, outcome } = step;
    if (!outcome.ok) return null;
    const touched = touchedIds(step);
    const before = call.window.spans;
    const after = outcome.window.spans;
    const afterById = byId(outcome.window);
    for (const span of before) {
      const kept = afterById.get(span.span_id);
      if (touched.has(span.span_id)) continue;
      if (kept === undefined) return { span_id: span.span_id, message: `span ${describeSpan(span)} was not operated on, yet it is gone` };
      if (!sameSpan(span, kept)) {
        return {
          span_id: span.span_id,
          message: `span ${describeSpan(span)} was not operated on, yet it came back changed: ${spanChanges(span, kept)}`,
        };
      }
    }
    const written = new Set(summaryWrites(step).map((write) => write.summary_id));
    const known = new Set([...before.map((span) => span.span_id), ...written]);
    const invented = after.find((span) => !known.has(span.span_id));
    if (invented !== undefined) return { span_id: invented.span_id, message: `span ${describeSpan(invented)} appeared from nowhere` };
    const order = before.map((span) => span.span_id).filter((id) => afterById.has(id));
    const returned = after.map((span) => span.span_id).filter((id) => !written.has(id));
    if (order.join("\u0000") !== returned.join("\u0000")) {
      return { span_id: null, message: `spans came back reordered: ${JSON.stringify(order)} became ${JSON.stringify(returned)}` };
    }
    if (call.op === "summarize") {
      const summary = afterById.get(call.summary_id);
      // A summary written with the harness's model (no text asked for) has the pruner's text; model-failure-safe judges it.
      if (summary === undefined || kindOf(summary) !== "summary" || (call.summary_text !== undefined && summary.text !== call.summary_text)) {
        return {
          span_id: call.summary_id,
          message: `the summary ${describeSpan({ span_id: call.summary_id })} is not a summary span with exactly the requested text`,
        };
      }
    }
    return null;
  },
};

/** Spans the operation is allowed to change: evicted, summarized away, or rehydrated pointers. */
function touchedIds(step: Step): Set<string> {
  const { call } = step;
  switch (call.op) {
    case "prune":
    case "compact":
    case "summarize":
      return new Set([...evicted(step), ...summarized(step)].map((span) => span.span_id));
    case "reground":
      return new Set(call.window.spans.filter((span) => kindOf(span) === "pointer").map((span) => span.span_id));
  }
}

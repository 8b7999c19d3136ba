/**
 * Seed: "A summary must carry the set of source span-ids it compresses."
 *
 * Strict: where the seed leaves room, prunecheck decided (docs/spec.md §4): a summary stands where the
 * first of its sources stood in window order, whatever order the request named them in, so everything
 * the model saw after that source stays after the summary; and its provenance lists each source once, in
 * window order, so two implementations give the same summary for the same request.
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan, sources } from "../src/models/analysis.ts";

export const summaryInPlace: Property = {
  id: "summary-in-place",
  level: "strict",
  requires: ["summarize"],
  title: "A summary stands at its first source's place, with provenance in window order",
  quote: "A summary must carry the set of source span-ids it compresses.",
  rules: ["p-summary-place", "s-summary-place", "p-provenance-order", "s-provenance-order"],
  check(step) {
    const { call, outcome } = step;
    if (call.op !== "summarize" || !outcome.ok) return null;
    const at = outcome.window.spans.findIndex((span) => span.span_id === call.summary_id);
    const ordered = sources(call).map((span) => span.span_id);
    if (at === -1 || ordered.length === 0) return null;
    const first = call.window.spans.findIndex((span) => span.span_id === ordered[0]);
    const before = call.window.spans.slice(0, first).map((span) => span.span_id);
    const after = outcome.window.spans.slice(0, at).map((span) => span.span_id);
    if (before.join("\u0000") !== after.join("\u0000")) {
      return {
        span_id: call.summary_id,
        message: `summary ${describeSpan({ span_id: call.summary_id })} stands after ${JSON.stringify(after)}, not where its first source in window order, ${describeSpan({ span_id: ordered[0] as string })}, stood (after ${JSON.stringify(before)})`,
      };
    }
    const provenance = (outcome.window.spans[at]?.provenance ?? []).map((entry) => entry.span_id);
    if (provenance.join("\u0000") !== ordered.join("\u0000")) {
      return {
        span_id: call.summary_id,
        message: `summary ${describeSpan({ span_id: call.summary_id })} lists its provenance as ${JSON.stringify(provenance)}, not each source once in window order: ${JSON.stringify(ordered)}`,
      };
    }
    return null;
  },
};

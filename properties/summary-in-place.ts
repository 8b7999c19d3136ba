/**
 * Seed: "A summary must carry the set of source span-ids it compresses."
 *
 * Strict: where the seed leaves room, prunecheck decided (docs/spec.md §4): a summary stands where the
 * first of its sources stood in window order, whatever order the request named them in, so everything
 * the model saw after that source stays after the summary; and its provenance lists each source once, in
 * window order, so two implementations give the same summary for the same request.
 */
import type { Finding, Property } from "../src/models/property.ts";
import type { Span, Window } from "../src/wire/window.ts";
import { describeSpan, summaryWrites, type SummaryWrite } from "../src/models/analysis.ts";

export const summaryInPlace: Property = {
  id: "summary-in-place",
  level: "strict",
  requires: [["summarize", "compact"]],
  title: "A summary stands at its first source's place, with provenance in window order",
  quote: "A summary must carry the set of source span-ids it compresses.",
  rules: ["p-summary-place", "s-summary-place", "p-provenance-order", "s-provenance-order"],
  check(step) {
    const { call, outcome } = step;
    if (!outcome.ok) return null;
    for (const write of summaryWrites(step)) {
      const finding = placeProblem(write, call.window, outcome.window);
      if (finding !== null) return finding;
    }
    return null;
  },
};

/**
 * Where one summary stands and how it lists its sources. Place is judged by the spans both windows hold
 * (a compactor may turn others into pointers or summaries of their own around it): those before the
 * summary are exactly those that stood before its first source.
 */
function placeProblem({ summary_id, summary, sources }: SummaryWrite, input: Window, output: Window): Finding | null {
  const ordered = sources.map((span) => span.span_id);
  const at = output.spans.findIndex((span) => span.span_id === summary_id);
  if (summary === undefined || at === -1 || ordered.length === 0) return null;
  const inBoth = (ids: Set<string>) => (span: Span) => ids.has(span.span_id);
  const first = input.spans.findIndex((span) => span.span_id === ordered[0]);
  const before = input.spans
    .slice(0, first)
    .filter(inBoth(new Set(output.spans.map((span) => span.span_id))))
    .map((span) => span.span_id);
  const after = output.spans
    .slice(0, at)
    .filter(inBoth(new Set(input.spans.map((span) => span.span_id))))
    .map((span) => span.span_id);
  if (before.join("\u0000") !== after.join("\u0000")) {
    return {
      span_id: summary_id,
      message: `summary ${describeSpan(summary)} stands after ${JSON.stringify(after)}, not where its first source in window order, ${describeSpan({ span_id: ordered[0] as string })}, stood (after ${JSON.stringify(before)})`,
    };
  }
  const provenance = (summary.provenance ?? []).map((entry) => entry.span_id);
  if (provenance.join("\u0000") !== ordered.join("\u0000")) {
    return {
      span_id: summary_id,
      message: `summary ${describeSpan(summary)} lists its provenance as ${JSON.stringify(provenance)}, not each source once in window order: ${JSON.stringify(ordered)}`,
    };
  }
  return null;
}

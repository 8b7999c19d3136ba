/**
 * Seed: "A summary must carry the set of source span-ids it compresses. A summary with an empty or
 * unresolvable provenance set is treated as unverified and cannot justify a destructive action."
 *
 * A new summary names every source it replaced, once, each with a key that resolves to that source's exact text,
 * under an id no span of the window had (else its provenance cannot tell the summary from that span, its
 * own source included) and, for a compactor's, that no provenance entry of the window names (else that
 * entry names two spans); and no operation evicts, re-grounds or re-summarizes a summary whose provenance
 * does not resolve. The same holds of every summary a compactor writes (issue 32): its provenance names
 * what it replaced, with keys the pruner computed, whatever the model claimed.
 */
import type { Finding, Property, Step } from "../src/models/property.ts";
import { describeSpan, evicted, isSummaryLike, summarized, summaryWrites, type SummaryWrite } from "../src/models/analysis.ts";
import { provenanceResolves, storedText } from "../src/models/truth.ts";

export const provenanceResolvesProperty: Property = {
  id: "provenance-resolves",
  level: "core",
  requires: [["summarize", "compact"]],
  title: "Summaries carry provenance that resolves byte-exact",
  quote:
    "A summary must carry the set of source span-ids it compresses. A summary with an empty or unresolvable provenance set is treated as unverified and cannot justify a destructive action.",
  rules: [
    "p-compact-summary",
    "p-summary-id",
    "s-summary-id",
    "s-destructive",
    "p-summary-source-copy",
    "p-reground-check",
    "s-provenance-once",
    "p-new-span-id",
  ],
  check(step) {
    const { call, outcome, truth } = step;
    if (!outcome.ok) return null;
    const store = call.store;
    const used = call.op === "reground" ? call.window.spans : [...evicted(step), ...summarized(step)];
    const unverified = used.find((span) => isSummaryLike(span) && !provenanceResolves(span, truth, store));
    if (unverified !== undefined) {
      return {
        span_id: unverified.span_id,
        message: `${call.op} succeeded although summary ${describeSpan(unverified)} has provenance that does not resolve in the store`,
      };
    }
    if (call.op === "summarize") {
      const taken = call.window.spans.find((span) => span.span_id === call.summary_id);
      if (taken !== undefined) {
        const whose = call.span_ids.includes(taken.span_id) ? "one of its own sources" : "a span it did not compress";
        return {
          span_id: call.summary_id,
          message: `summarize succeeded under summary_id ${describeSpan(taken)}, the id of ${whose}: its provenance cannot tell the summary from that span`,
        };
      }
    }
    for (const write of summaryWrites(step)) {
      const finding = writeProblem(write, call.op, step);
      if (finding !== null) return finding;
    }
    return null;
  },
};

/** What is wrong with the provenance of one summary written: each source named once with a key to its exact text, no one else. */
function writeProblem({ summary_id, summary, sources }: SummaryWrite, op: string, { call, truth }: Step): Finding | null {
  if (summary === undefined) return { span_id: summary_id, message: `${op} succeeded but no span ${describeSpan({ span_id: summary_id })} is in the window` };
  // A provenance entry says whose text its key holds: under that id, a new span would make it name two ([p-new-span-id]).
  const namer = op === "compact" ? call.window.spans.find((span) => span.provenance?.some((entry) => entry.span_id === summary_id) === true) : undefined;
  if (namer !== undefined) {
    return {
      span_id: summary_id,
      message: `${op} wrote summary ${describeSpan(summary)} under an id the provenance of ${describeSpan(namer)} already names for a span it replaced: that entry would name two spans`,
    };
  }
  const provenance = summary.provenance ?? [];
  if (provenance.length === 0) return { span_id: summary.span_id, message: `summary ${describeSpan(summary)} carries no provenance` };
  for (const source of sources) {
    const entries = provenance.filter((entry) => entry.span_id === source.span_id);
    if (entries.length === 0)
      return { span_id: source.span_id, message: `summary ${describeSpan(summary)} compresses ${describeSpan(source)} but its provenance does not name it` };
    // Once, however often the request names it ([s-provenance-once]): a second entry is a second claim of one span.
    if (entries.length > 1)
      return {
        span_id: source.span_id,
        message: `summary ${describeSpan(summary)} names ${describeSpan(source)} ${entries.length} times in its provenance, where each source is named once`,
      };
    const text = truth.get(source.span_id)?.text;
    const bad = entries.find((entry) => storedText(call.store, entry.externalized_key) !== text);
    if (bad !== undefined) {
      return {
        span_id: source.span_id,
        message: `the provenance entry for ${describeSpan(source)} has key ${JSON.stringify(bad.externalized_key)}, which does not resolve to its exact text`,
      };
    }
  }
  const named = new Set(sources.map((span) => span.span_id));
  const stranger = provenance.find((entry) => !named.has(entry.span_id));
  if (stranger !== undefined) {
    return {
      span_id: stranger.span_id,
      message: `summary ${describeSpan(summary)} claims provenance from ${describeSpan(stranger)}, which it did not compress`,
    };
  }
  return null;
}

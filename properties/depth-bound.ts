/**
 * Seed: "The runtime must reject a prune whose input window is itself the output of an un-externalized
 * prune, or must tag summaries with a monotonic `derivation_depth` and refuse to summarize beyond depth 1
 * without re-grounding against the source store."
 *
 * No successful prune or summarize of a derived (depth >= 1) window that does not resolve in the store; no
 * summary of a summary; no depth laundering: an operation that changed the window reports a depth above its
 * input's, one that did not never reports a lower one, and every summary says it is at least depth 1.
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan, isSummaryLike, sameData, summarized } from "../src/models/analysis.ts";
import { ungroundedSpans } from "../src/models/truth.ts";
import { kindOf } from "../src/wire/window.ts";

export const depthBound: Property = {
  id: "depth-bound",
  level: "core",
  requires: [],
  title: "Derivation depth is bounded, monotonic and never laundered",
  quote:
    "The runtime must reject a prune whose input window is itself the output of an un-externalized prune, or must tag summaries with a monotonic `derivation_depth` and refuse to summarize beyond depth 1 without re-grounding against the source store.",
  rules: ["p-derived", "p-compact-derived", "p-depth-up", "p-summary-depth", "s-unexternalized", "s-depth-one", "s-derived-summarize"],
  check(step) {
    const { call, outcome, truth } = step;
    if (!outcome.ok || call.op === "reground") return null;
    const before = call.window.derivation_depth;
    if (before >= 1) {
      const ungrounded = ungroundedSpans(call.window, truth, call.store)[0];
      if (ungrounded !== undefined) {
        return {
          span_id: ungrounded.span_id,
          message: `${call.op} succeeded on a derived window (derivation_depth ${before}) although span ${describeSpan(ungrounded)} does not resolve in the store`,
        };
      }
    }
    const nested = summarized(step).find(isSummaryLike);
    if (nested !== undefined) {
      return { span_id: nested.span_id, message: `${call.op} summarized ${describeSpan(nested)}, itself a summary: a summary of a summary is depth 2` };
    }
    const after = outcome.window.derivation_depth;
    const changed = !sameData(outcome.window.spans, call.window.spans);
    if (changed ? after <= before : after < before) {
      return {
        span_id: null,
        message: `${call.op} ${changed ? "changed" : "returned"} a window of derivation_depth ${before} and reported depth ${after}: depth laundering (expected at least ${changed ? before + 1 : before})`,
      };
    }
    const shallow = outcome.window.spans.find((span) => kindOf(span) === "summary" && (span.derivation_depth ?? 0) < 1);
    if (shallow !== undefined) {
      return {
        span_id: shallow.span_id,
        message: `summary ${describeSpan(shallow)} reports derivation_depth ${shallow.derivation_depth}: a summary is at least depth 1`,
      };
    }
    return null;
  },
};

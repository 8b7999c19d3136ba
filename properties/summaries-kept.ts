/**
 * Seed: "A *compaction* is a reversible reduction: the evicted material remains addressable (on disk, in
 * a side channel, in an index) and the pruned window is a projection over a still-intact source of truth."
 * From the field: earlier summaries dropped by a later compaction (anthropics/claude-code 92347), a summary
 * lost while what it replaced stays excluded (microsoft/agent-framework 7744).
 *
 * A summary in the window is the only thing that still addresses what it replaced: its provenance keys. A
 * compaction that writes a summary of its own never drops an earlier one: it leaves it, or a pointer that
 * resolves to it. (Summarizing it again is depth-bound's finding.) A compaction that writes none is held
 * to the rule for any span: at core an untagged summary may be dropped, as the seed's snippet drops
 * untagged spans, and at strict externalize-everything wants a pointer.
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan, evicted, isSummaryLike, summaryWrites } from "../src/models/analysis.ts";
import { pointerProblem } from "./evicted-outcome.ts";

export const summariesKept: Property = {
  id: "summaries-kept",
  level: "core",
  requires: ["compact"],
  title: "A compaction that writes a summary never drops an earlier one; it leaves it, or a pointer to it",
  quote:
    "A *compaction* is a reversible reduction: the evicted material remains addressable (on disk, in a side channel, in an index) and the pruned window is a projection over a still-intact source of truth.",
  rules: ["p-compact-summaries"],
  check(step) {
    const { call, outcome, truth } = step;
    if (call.op !== "compact" || !outcome.ok || summaryWrites(step).length === 0) return null;
    for (const summary of evicted(step).filter(isSummaryLike)) {
      const problem = pointerProblem(summary, outcome.window, truth, call.store);
      if (problem !== null) {
        const names = (summary.provenance ?? []).map((entry) => entry.span_id);
        return { span_id: summary.span_id, message: `${problem.message}; it was the summary of ${JSON.stringify(names)}` };
      }
    }
    return null;
  },
};

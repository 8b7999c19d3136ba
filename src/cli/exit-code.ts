import { runVerdict, type RunSummary } from "../reports/summary.ts";

/**
 * The CLI's verdict: 2 when the run was stopped by an error (whatever it found before), 1 when anything
 * was violated, 2 when not every property was judged (the harness failed one, or a merged shard was
 * interrupted), else 0: 0 only where the summary says "conforms" (runVerdict).
 */
export function exitCodeOf(summary: Pick<RunSummary, "violations" | "results" | "error" | "interrupted">): number {
  const verdict = runVerdict(summary);
  if (verdict.kind === "stopped") return 2;
  if (summary.violations.length > 0) return 1;
  return verdict.kind === "checked" ? 0 : 2;
}

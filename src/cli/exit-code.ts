import type { RunSummary } from "../reports/summary.ts";

/**
 * The CLI's verdict: 2 when the run was stopped by an error (whatever it found before), 1 when anything
 * was violated, 2 when the harness itself failed a property, else 0.
 */
export function exitCodeOf(summary: Pick<RunSummary, "violations" | "results" | "error">): number {
  if (summary.error !== undefined) return 2;
  if (summary.violations.length > 0) return 1;
  return summary.results.some((result) => result.status === "error") ? 2 : 0;
}

import { constants } from "node:os";
import { runVerdict, type RunSummary } from "../reports/summary.ts";

/**
 * The CLI's verdict: 2 when the run was stopped by an error (whatever it found before), 1 when anything
 * was violated, 2 when not every property was judged (the harness failed one, or a merged shard was
 * interrupted) or none was (every one skipped), else 0: 0 only where the summary says "conforms" (runVerdict).
 */
export function exitCodeOf(summary: Pick<RunSummary, "violations" | "results" | "error" | "interrupted">): number {
  const verdict = runVerdict(summary);
  if (verdict.kind === "stopped") return 2;
  if (summary.violations.length > 0) return 1;
  return verdict.kind === "checked" ? 0 : 2;
}

/**
 * What a command stopped by `signal` exits with, by the shell's convention, 128 + the signal's number: 130
 * for SIGINT, 143 for SIGTERM, 129 for SIGHUP. The signal is the abort's reason when that names one (as the
 * CLI's own handler and a caller forwarding a signal do), else SIGINT's 130.
 */
export function interruptedCode(signal: AbortSignal | undefined): number {
  const reason: unknown = signal?.reason;
  const number = typeof reason === "string" && Object.hasOwn(constants.signals, reason) ? constants.signals[reason as NodeJS.Signals] : undefined;
  return 128 + (number ?? constants.signals.SIGINT);
}

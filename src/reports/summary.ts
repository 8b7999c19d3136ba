import type { PropertyResult } from "../models/run.ts";
import type { Level } from "../models/property.ts";
import { quoteName } from "./escape/name.ts";

export interface ResultLine {
  readonly property: string;
  readonly status: PropertyResult["status"] | "skipped";
  readonly runs: number;
  readonly requests: number;
  readonly ms: number;
  /** Path stem of the report files (without .json/.md), for failed properties. */
  readonly report?: string;
  /** For failures: the property actually violated (adapter-protocol when the transport broke). */
  readonly violated?: string;
  readonly message?: string;
  readonly reason?: string;
}

/** `<out>/summary.json`: what CI and the matrix read. */
export interface RunSummary {
  readonly implementation: string;
  readonly level: Level;
  readonly capabilities: readonly string[];
  readonly runs: number;
  readonly requests: number;
  /** Ids of violated properties, each once, in catalog order. */
  readonly violations: readonly string[];
  readonly seconds: number;
  readonly seed: number;
  /** Stopped early (Ctrl-C): `results` holds what finished, so no violation is not a verdict. */
  readonly interrupted: boolean;
  readonly results: readonly ResultLine[];
  /** Set when the run ended without verdicts (exit 2): the implementation could not be started, or prunecheck failed. */
  readonly error?: RunError;
}

/** Why a run has no verdicts, as data: the same code and message the CLI prints. */
export interface RunError {
  /** `input`: a flag, file or module (InputError codes); `adapter`: the adapter failed before any property (AdapterFault codes); `internal`: a bug in prunecheck. */
  readonly kind: "input" | "adapter" | "internal";
  readonly code: string;
  readonly message: string;
  readonly hint?: string;
}

export function summarizeRun(input: Omit<RunSummary, "runs" | "requests" | "violations">): RunSummary {
  const violations = [...new Set(input.results.flatMap((result) => (result.status === "failed" && result.violated ? [result.violated] : [])))];
  return {
    ...input,
    runs: input.results.reduce((sum, result) => sum + result.runs, 0),
    requests: input.results.reduce((sum, result) => sum + result.requests, 0),
    violations,
  };
}

export function summaryLine(summary: RunSummary): string {
  const violates = `VIOLATES ${summary.violations.join(", ")}`;
  const verdict = summary.error !== undefined
    ? `was STOPPED by an error [${summary.error.code}]`
    : summary.interrupted
    ? `was INTERRUPTED${summary.violations.length === 0 ? "" : ` and so far ${violates}`}`
    : summary.violations.length === 0
      ? "conforms"
      : violates;
  return `prunecheck: ${quoteName(summary.implementation)} ${verdict} at ${summary.level} (${propertyCount(summary.results)}, ${summary.runs} runs, ${summary.requests} requests, ${summary.seconds.toFixed(1)} s)`;
}

/** "15 properties checked, 2 skipped": the same numbers as JUnit's test cases and skips. */
function propertyCount(results: readonly ResultLine[]): string {
  const skipped = results.filter((result) => result.status === "skipped").length;
  const checked = results.length - skipped;
  return `${checked} ${checked === 1 ? "property" : "properties"} checked${skipped === 0 ? "" : `, ${skipped} skipped`}`;
}

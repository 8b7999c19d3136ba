import { z } from "zod";
import { Level } from "../models/property.ts";
import { quoteName } from "./escape/name.ts";

/** How a property's check ended (a PropertyResult's status), or `skipped`: it does not apply at this level or to these capabilities. */
export const ResultStatus = z.enum(["passed", "failed", "error", "interrupted", "skipped"]);

export const ResultLine = z.object({
  property: z.string(),
  status: ResultStatus,
  runs: z.number(),
  requests: z.number(),
  ms: z.number(),
  /** Path stem of the report files (without .json/.md), for failed properties. */
  report: z.string().optional(),
  /** For failures: the property actually violated (adapter-protocol when the transport broke). */
  violated: z.string().optional(),
  message: z.string().optional(),
  reason: z.string().optional(),
});
export type ResultLine = z.infer<typeof ResultLine>;

/** Why a run has no verdicts, as data: the same code and message the CLI prints. */
export const RunError = z.object({
  /** `input`: a flag, file or module (InputError codes); `adapter`: the adapter failed before any property (AdapterFault codes); `internal`: a bug in prunecheck. */
  kind: z.enum(["input", "adapter", "internal"]),
  code: z.string(),
  message: z.string(),
  hint: z.string().optional(),
});
export type RunError = z.infer<typeof RunError>;

/** `<out>/summary.json`: what CI and the matrix read, and what `merge` reads back. */
export const RunSummary = z.object({
  implementation: z.string(),
  level: Level,
  capabilities: z.array(z.string()).readonly(),
  /** Runs made: properties share them (each run is judged by every property still in play), so not the sum of `results`' runs. */
  runs: z.number(),
  /** Requests sent, probes and shrinking included. */
  requests: z.number(),
  /** Ids of violated properties, each once, in catalog order. */
  violations: z.array(z.string()).readonly(),
  seconds: z.number(),
  seed: z.int(),
  /** Stopped early (Ctrl-C): `results` holds what finished, so no violation is not a verdict. */
  interrupted: z.boolean(),
  results: z.array(ResultLine).readonly(),
  /** Set when the run ended without verdicts (exit 2): the implementation could not be started, or prunecheck failed. */
  error: RunError.optional(),
});
export type RunSummary = z.infer<typeof RunSummary>;

/** The summary of results; runs and requests are the results' sums unless the caller counted them (shared runs). */
export function summarizeRun(input: Omit<RunSummary, "runs" | "requests" | "violations"> & Partial<Pick<RunSummary, "runs" | "requests">>): RunSummary {
  const violations = [...new Set(input.results.flatMap((result) => (result.status === "failed" && result.violated ? [result.violated] : [])))];
  return {
    ...input,
    runs: input.runs ?? input.results.reduce((sum, result) => sum + result.runs, 0),
    requests: input.requests ?? input.results.reduce((sum, result) => sum + result.requests, 0),
    violations,
  };
}

/**
 * The properties whose check itself went wrong: until each is checked, the run has no verdict on it, so
 * "conforms" is never said of a run that has one (issue 33: a false green).
 */
export function erroredProperties(summary: Pick<RunSummary, "results">): string[] {
  return summary.results.filter((result) => result.status === "error").map((result) => result.property);
}

export function summaryLine(summary: RunSummary): string {
  const violates = `VIOLATES ${summary.violations.join(", ")}`;
  const errored = erroredProperties(summary);
  const verdict = summary.error !== undefined
    ? `was STOPPED by an error [${summary.error.code}]`
    : summary.interrupted
    ? `was INTERRUPTED${summary.violations.length === 0 ? "" : ` and so far ${violates}`}`
    : errored.length > 0
      ? `was NOT fully checked (${errored.join(", ")} stopped by an error)${summary.violations.length === 0 ? "" : ` and ${violates}`}`
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

import { z } from "zod";
import { Level } from "../models/property.ts";
import { IMPLEMENTATION_NAME_MAX } from "../wire/protocol.ts";
import { quoteName } from "./escape/name.ts";

/** How a property's check ended (a PropertyResult's status), or `skipped`: it does not apply at this level or to these capabilities. */
export const ResultStatus = z.enum(["passed", "failed", "error", "interrupted", "skipped"]);
export type ResultStatus = z.infer<typeof ResultStatus>;

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
  /**
   * For an adapter fault met by several properties on the same run: the property whose check shrank it and
   * wrote its report, which `report` then names too (one fault, one report).
   */
  same_fault_as: z.string().optional(),
  /**
   * For a failure that shrank to the very counterexample an earlier property's did (the same run, so the same
   * failing request): that property, whose report tells this finding too and which `report` then names.
   */
  same_counterexample_as: z.string().optional(),
  message: z.string().optional(),
  reason: z.string().optional(),
});
export type ResultLine = z.infer<typeof ResultLine>;

/** The verdict of a property that was not checked, and why (a front end's own reason, or notApplicableReason's). */
export function skippedLine(property: string, reason: string): ResultLine {
  return { property, status: "skipped", runs: 0, requests: 0, ms: 0, reason };
}

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
  implementation: z.string().max(IMPLEMENTATION_NAME_MAX),
  level: Level,
  capabilities: z.array(z.string()).readonly(),
  /** Runs made: properties share them (each run is judged by every property still in play), so not the sum of `results`' runs. */
  runs: z.number(),
  /** Requests sent, probes and shrinking included. */
  requests: z.number(),
  /** Ids of violated properties, each once, in catalog order. */
  violations: z.array(z.string()).readonly(),
  seconds: z.number(),
  /** The fast-check seed the runs were drawn from; absent for an audit, whose exchanges were recorded, not drawn. */
  seed: z.int().optional(),
  /** The commit the seed was derived from (`--seed commit`, a CI run's default): a rerun of that commit draws the same runs. */
  seed_commit: z.string().optional(),
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
 * What a run's summary lets one say of it, the one place that decides whether "conforms" may be said:
 * `checked` only when the run ended by itself with every property it ran judged, so a run with a property
 * whose check went wrong never reads "conforms" anywhere (issue 33: a false green). `checked` with no
 * violation is "conforms".
 */
export type RunVerdict =
  | { readonly kind: "stopped"; readonly code: string }
  | { readonly kind: "interrupted" }
  /**
   * Some properties were not judged: their check went wrong (`errored`), or a campaign's budget ran out
   * before their first round (`unjudged`). Until each is, the run has no verdict on them.
   */
  | { readonly kind: "unchecked"; readonly errored: readonly string[]; readonly unjudged: readonly string[] }
  /**
   * No property was judged at all: each was skipped (none applies to the capabilities, the level, the
   * chosen properties, or what a trace holds), or none was chosen. Nothing checked is no "conforms" (issue 45).
   */
  | { readonly kind: "empty"; readonly skipped: number }
  | { readonly kind: "checked" };

export function runVerdict(summary: Pick<RunSummary, "error" | "interrupted" | "results">): RunVerdict {
  if (summary.error !== undefined) return { kind: "stopped", code: summary.error.code };
  if (summary.interrupted) return { kind: "interrupted" };
  const having = (status: ResultLine["status"]) => summary.results.filter((result) => result.status === status).map((result) => result.property);
  // A line that says interrupted in a run that was not is no verdict either (fuzz: no round in the budget).
  const [errored, unjudged] = [having("error"), having("interrupted")];
  if (errored.length + unjudged.length > 0) return { kind: "unchecked", errored, unjudged };
  const judged = summary.results.some((result) => result.status === "passed" || result.status === "failed");
  return judged ? { kind: "checked" } : { kind: "empty", skipped: having("skipped").length };
}

export function summaryLine(summary: RunSummary): string {
  const said = verdictWords(runVerdict(summary), summary.violations);
  return `prunecheck: ${quoteName(summary.implementation)} ${said} at ${summary.level} (${propertyCount(summary.results)}, ${summary.runs} runs, ${summary.requests} requests, ${summary.seconds.toFixed(1)} s)`;
}

function verdictWords(verdict: RunVerdict, violations: readonly string[]): string {
  const violates = violations.length === 0 ? "" : `VIOLATES ${violations.join(", ")}`;
  switch (verdict.kind) {
    case "stopped":
      return `was STOPPED by an error [${verdict.code}]`;
    case "interrupted":
      return `was INTERRUPTED${violates && ` and so far ${violates}`}`;
    case "unchecked":
      return `was NOT fully checked (${uncheckedWords(verdict)})${violates && ` and ${violates}`}`;
    case "empty":
      return `was checked for NOTHING (${emptyWords(verdict.skipped)})`;
    case "checked":
      return violates || "conforms";
  }
}

function uncheckedWords(verdict: { readonly errored: readonly string[]; readonly unjudged: readonly string[] }): string {
  const errored = verdict.errored.length === 0 ? [] : [`${verdict.errored.join(", ")} stopped by an error`];
  const unjudged = verdict.unjudged.length === 0 ? [] : [`${verdict.unjudged.join(", ")} not judged`];
  return [...errored, ...unjudged].join("; ");
}

function emptyWords(skipped: number): string {
  if (skipped === 0) return "no property was chosen";
  return skipped === 1 ? "the one property chosen was skipped, for the reason shown" : `all ${skipped} properties were skipped, each for the reason shown`;
}

/** "15 properties checked, 2 skipped": the same numbers as JUnit's test cases and skips. */
function propertyCount(results: readonly ResultLine[]): string {
  const skipped = results.filter((result) => result.status === "skipped").length;
  const checked = results.length - skipped;
  return `${checked} ${checked === 1 ? "property" : "properties"} checked${skipped === 0 ? "" : `, ${skipped} skipped`}`;
}

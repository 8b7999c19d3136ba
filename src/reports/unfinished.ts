import { ADAPTER_FAULTS, AdapterFault } from "../errors/adapter-fault.ts";
import { InputError } from "../errors/input.ts";
import type { Level } from "../models/property.ts";
import { summarizeRun, type RunError, type RunSummary } from "./summary.ts";

/** What an error that ended a run is, as summary.json records it; the stack stays on stderr. */
export function describeFailure(error: unknown): RunError {
  if (error instanceof InputError) return { kind: "input", code: error.code, message: error.message, ...(error.hint === undefined ? {} : { hint: error.hint }) };
  if (error instanceof AdapterFault) return { kind: "adapter", code: error.code, message: `${ADAPTER_FAULTS[error.code]}: ${error.detail}` };
  return { kind: "internal", code: "internal", message: error instanceof Error ? error.message : String(error), hint: "This is a bug in prunecheck; please report it with the stack printed on stderr." };
}

export interface UnfinishedRun {
  readonly level: Level;
  readonly seed: number;
  /** The properties the run was to check: each gets a line, so JUnit and summary.md show none passed. */
  readonly properties: readonly string[];
  readonly seconds: number;
}

/**
 * The summary of a run that ended before the implementation was ready: interrupted (Ctrl-C during the
 * handshake), or stopped by `error`. Every property reads interrupted or error, never passed.
 */
export function unfinishedSummary(run: UnfinishedRun, ended: { readonly interrupted: true } | { readonly interrupted: false; readonly error: RunError }): RunSummary {
  const message = ended.interrupted ? "interrupted before the implementation was ready, so no verdict" : `not checked: ${ended.error.message}`;
  return summarizeRun({
    implementation: "(not started)",
    level: run.level,
    capabilities: [],
    seconds: run.seconds,
    seed: run.seed,
    interrupted: ended.interrupted,
    results: run.properties.map((property) => ({ property, status: ended.interrupted ? "interrupted" : "error", runs: 0, requests: 0, ms: 0, message })),
    ...(ended.interrupted ? {} : { error: ended.error }),
  });
}

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
  /** Absent for an audit, whose exchanges were recorded, not drawn. */
  readonly seed?: number;
  readonly seed_commit?: string;
  /** The properties the run was to check: each gets a line, so JUnit and summary.md show none passed. */
  readonly properties: readonly string[];
  readonly seconds: number;
}

/** How a run ended without verdicts. */
export type Ended =
  /** Ctrl-C before the implementation was ready. */
  | { readonly kind: "interrupted" }
  /** A second signal: the process exits at once, before the command wrote what had finished. */
  | { readonly kind: "forced" }
  | { readonly kind: "error"; readonly error: RunError };

const ENDED_MESSAGE = {
  interrupted: "interrupted before the implementation was ready, so no verdict",
  forced: "stopped at once by a second signal before the results were written, so no verdict",
} as const;

/**
 * The summary of a run that ended without verdicts (see Ended). Every property reads interrupted or error,
 * never passed.
 */
export function unfinishedSummary(run: UnfinishedRun, ended: Ended): RunSummary {
  const interrupted = ended.kind !== "error";
  const message = ended.kind === "error" ? `not checked: ${ended.error.message}` : ENDED_MESSAGE[ended.kind];
  return summarizeRun({
    // After a forced exit the implementation may have been running, but its hello was not kept.
    implementation: ended.kind === "forced" ? "(not recorded)" : "(not started)",
    level: run.level,
    capabilities: [],
    seconds: run.seconds,
    ...(run.seed === undefined ? {} : { seed: run.seed }),
    ...(run.seed_commit === undefined ? {} : { seed_commit: run.seed_commit }),
    interrupted,
    results: run.properties.map((property) => ({ property, status: interrupted ? "interrupted" : "error", runs: 0, requests: 0, ms: 0, message })),
    ...(ended.kind === "error" ? { error: ended.error } : {}),
  });
}

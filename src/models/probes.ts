import type { OperationCall } from "../wire/protocol.ts";
import type { Truth } from "./truth.ts";

/** Builds a probe from a request and what the harness knows; null sends nothing. */
type Probe = (call: OperationCall, truth: Truth) => OperationCall | null;
const probe = (build: Probe): Probe => build;

/**
 * Extra requests the harness sends beside a request, for properties that judge an answer against another
 * answer of the same implementation.
 */
export const PROBES = {
  /** The same request again: the same request must get the same answer. */
  repeat: probe((call) => call),
} as const;

export type ProbeName = keyof typeof PROBES;

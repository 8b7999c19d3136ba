import type { Capability, OperationCall, OperationRequest, Outcome } from "../wire/protocol.ts";
import type { Truth } from "./truth.ts";

export const LEVELS = ["core", "strict"] as const;
export type Level = (typeof LEVELS)[number];

/** Everything a property may look at for one request: plain data, so properties are pure functions. */
export interface Step {
  /** The request as the harness built it: never handed to the pruner, so it is the pristine input. */
  readonly call: OperationCall;
  /** The request as sent; an in-process pruner got these very objects and may have scribbled on them. */
  readonly sent: OperationRequest;
  readonly outcome: Outcome;
  /** A second answer to the same request, for properties that probe `repeat`. */
  readonly repeat?: Outcome;
  /** What the harness knows about every span ever seen, as of the request. */
  readonly truth: Truth;
  readonly level: Level;
}

export interface Finding {
  readonly message: string;
  /** The span the finding is about, when one is to blame. */
  readonly span_id?: string | null;
}

export interface PropertyInfo {
  /** Stable id: used in reports, JUnit, README and docs. */
  readonly id: string;
  /** The lowest level the property applies at. */
  readonly level: Level;
  /** Capabilities the implementation must declare for the property to apply (prune is always declared). */
  readonly requires: readonly Capability[];
  readonly title: string;
  /** The seed sentence the property enforces, verbatim. */
  readonly seed: string;
}

export interface Property extends PropertyInfo {
  /** Extra work the harness does per request only for this property. */
  readonly probe?: "repeat";
  check(step: Step): Finding | null;
}

export function appliesTo(property: PropertyInfo, level: Level, capabilities: readonly Capability[]): boolean {
  return (level === "strict" || property.level === "core") && property.requires.every((c) => capabilities.includes(c));
}

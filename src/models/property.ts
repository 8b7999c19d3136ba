import { z } from "zod";
import type { Capability, OperationCall, OperationRequest, Outcome } from "../wire/protocol.ts";
import type { ProbeName } from "./probes.ts";
import type { ModelExchange } from "../llm/scripted-model.ts";
import type { Truth } from "./truth.ts";

export const LEVELS = ["core", "strict"] as const;
/** The conformance levels, as the wire (reports, summaries, matrix data) spells them. */
export const Level = z.enum(LEVELS);
export type Level = z.infer<typeof Level>;
/** What every front end checks at when no level is named. */
export const DEFAULT_LEVEL: Level = "core";

/** Everything a property may look at for one request: plain data, so properties are pure functions. */
export interface Step {
  /** The request as the harness built it: never handed to the pruner, so it is the pristine input. */
  readonly call: OperationCall;
  /** The request as sent; an in-process pruner got these very objects and may have scribbled on them. */
  readonly sent: OperationRequest;
  readonly outcome: Outcome;
  /** The answers to the probes the property asked for (see probes.ts), by probe; a probe that sent nothing has none. */
  readonly probes: Readonly<Partial<Record<ProbeName, Outcome>>>;
  /** The calls the pruner made to the harness's model while it answered, each with its answer (none for most). */
  readonly model: readonly ModelExchange[];
  /**
   * The request the harness sent just before this one in the run (probes aside) and its outcome: what a
   * property about repeating an operation on its own result compares with. Absent for a run's first.
   */
  readonly previous?: Pick<Step, "call" | "outcome">;
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
  readonly requires: readonly Requirement[];
  readonly title: string;
  /** The sentence of the design note (docs/seed.md) the property enforces, verbatim. */
  readonly quote: string;
  /** Ids of the documented rules it enforces (docs/protocol.md, docs/spec.md; see docs/traceability.md). */
  readonly rules?: readonly string[];
}

export interface Property extends PropertyInfo {
  /** Extra requests the harness sends beside each request, only for this property (see probes.ts). */
  readonly probes?: readonly ProbeName[];
  check(step: Step): Finding | null;
}

/**
 * A capability the implementation must declare, or several of which it must declare one: a summary can be
 * written by summarize or, by a compactor that writes its own (issue 32), by compact, and is judged alike.
 */
export type Requirement = Capability | readonly Capability[];

export function appliesTo(property: PropertyInfo, level: Level, capabilities: readonly Capability[]): boolean {
  return notApplicableReason(property, level, capabilities) === null;
}

/** Why a property is not checked at this level against these capabilities, as its skipped verdict says; null when it is. */
export function notApplicableReason(property: PropertyInfo, level: Level, capabilities: readonly Capability[]): string | null {
  if (level === "core" && property.level === "strict") return "strict-level property";
  if (property.requires.every((requirement) => meets(requirement, capabilities))) return null;
  return `needs capability ${showRequirements(property.requires)}`;
}

function meets(requirement: Requirement, capabilities: readonly Capability[]): boolean {
  return typeof requirement === "string" ? capabilities.includes(requirement) : requirement.some((capability) => capabilities.includes(capability));
}

/** What a property needs, as reports and docs say it: `summarize or compact, model`. */
export function showRequirements(requires: readonly Requirement[]): string {
  return requires.map((requirement) => (typeof requirement === "string" ? requirement : requirement.join(" or "))).join(", ");
}

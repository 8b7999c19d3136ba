import type { Exchange } from "../transport/driver.ts";
import type { Request } from "../wire/protocol.ts";
import type { Finding, PropertyInfo } from "./property.ts";
import { hasBrand } from "../errors/brand.ts";
import { capText } from "../errors/cap-text.ts";

/**
 * One thing that happened in a run, in order: the harness changing the world, a request answered, or a
 * probe a property asked for beside the request before it (see probes.ts), answered.
 */
export type TraceEntry =
  | { readonly kind: "env"; readonly label: string }
  | { readonly kind: "request"; readonly label: string; readonly exchange: Exchange }
  | { readonly kind: "probe"; readonly label: string; readonly exchange: Exchange };

const VIOLATION = Symbol.for("prunecheck.PropertyViolation");

/**
 * Thrown inside a run when a property fails, so fast-check shrinks towards it; carries everything a report
 * needs, because fast-check hands back the error of the smallest failing run. Every finding passes here,
 * so here its message (which may quote whatever the adapter answered) is capped, for the verdict line,
 * summary.json and the report alike.
 */
export class PropertyViolation extends Error {
  override readonly name = "PropertyViolation";
  readonly [VIOLATION] = true;
  readonly finding: Finding;

  constructor(
    /** The property violated: what a report names, so it needs no catalog to look it up in. */
    readonly property: PropertyInfo,
    finding: Finding,
    readonly trace: readonly TraceEntry[],
    /** The request that failed, when the fault came with one the harness never got an answer to. */
    readonly pending: Request | null = null,
    readonly stderrTail = "",
    options?: { cause?: unknown },
  ) {
    const message = capText(finding.message);
    super(`${property.id}: ${message}`, options);
    this.finding = finding.span_id ? { message, span_id: capText(finding.span_id) } : { ...finding, message };
  }
}

export function isPropertyViolation(value: unknown): value is PropertyViolation {
  return hasBrand(value, VIOLATION);
}

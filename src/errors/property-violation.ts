import type { Finding, PropertyInfo } from "../models/property.ts";
import type { TraceEntry } from "../models/trace-entry.ts";
import type { Request } from "../wire/protocol.ts";
import { capText } from "./cap-text.ts";
import { PrunecheckError } from "./prunecheck-error.ts";

/**
 * Thrown inside a run when a property fails, so fast-check shrinks towards it; carries everything a report
 * needs, because fast-check hands back the error of the smallest failing run. Every finding passes here,
 * so here its message (which may quote whatever the adapter answered) is capped, for the verdict line,
 * summary.json and the report alike.
 */
export class PropertyViolation extends PrunecheckError {
  static override readonly kind = "PropertyViolation";
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
    // Its code is the property's id: the condition broken is the reason, as a report names it.
    super(property.id, `${property.id}: ${message}`, options);
    this.finding = finding.span_id ? { message, span_id: capText(finding.span_id) } : { ...finding, message };
    // Until its stack is read, V8 keeps the frames it was thrown through, and their receivers: the run's
    // harness, with its last window and store, for as long as fast-check keeps the smallest violation
    // (issue 45: with answers of a line each, two more windows of 64 MiB). Reading it keeps only the text.
    void this.stack;
  }
}

import type { OperationCall } from "../wire/protocol.ts";
import type { Property } from "./property.ts";
import { kindOf } from "../wire/window.ts";
import { hasExactCopy, type Truth } from "./truth.ts";

/** Builds a probe from a request and what the harness knows; null sends nothing. */
type Build = (call: OperationCall, truth: Truth) => OperationCall | null;
interface Probe {
  /** What the probe asks, for the story a report tells ("… was asked to <label>"). */
  readonly label: string;
  readonly build: Build;
}
const probe = (label: string, build: Build): Probe => ({ label, build });

/**
 * Extra requests the harness sends beside a request, for properties that judge an answer against another
 * answer of the same implementation.
 */
export const PROBES = {
  /** The same request again: the same request must get the same answer. */
  repeat: probe("answer the same request again", (call) => call),
  /**
   * Beside a compact, a prune of every span that has a byte-exact copy: the most any compaction of that
   * window may evict, so what the implementation's own pruning can reach within the budget.
   */
  "prune-copied": probe("prune every span that has a byte-exact copy, the most a compaction may evict", (call, truth) => {
    if (call.op !== "compact") return null;
    const evict_ids = call.window.spans.filter((span) => kindOf(span) !== "pointer" && hasExactCopy(span, truth, call.store)).map((span) => span.span_id);
    return { op: "prune", window: call.window, evict_ids, store: call.store };
  }),
} as const;

export type ProbeName = keyof typeof PROBES;

/** Every probe the properties ask for, once each: what is sent beside a request they judge. */
export function probesOf(properties: readonly Property[]): readonly ProbeName[] {
  return [...new Set(properties.flatMap((property) => property.probes ?? []))];
}

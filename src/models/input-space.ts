import { OPERATIONS, type Capability } from "../wire/protocol.ts";
import type { Span } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";

/**
 * What the harness sends an implementation, by what it declares: the one definition `run`, `fuzz`'s random
 * rounds and its bounded-exhaustive phase all draw from (docs/protocol.md, "Input space by capability").
 *
 * A window is not the pruner's alone: another component of the runtime may have summarized or pruned it
 * before, so every window may hold each of these forms, whatever the implementation declares. What it
 * declares decides only which operations it is asked for.
 */
export const SPAN_FORMS = ["original", "pointer", "summary", "summary-pointer"] as const;
export type SpanForm = (typeof SPAN_FORMS)[number];

export function spanForm(span: Span): SpanForm {
  const kind = kindOf(span);
  if (kind !== "pointer") return kind;
  return span.provenance === undefined ? "pointer" : "summary-pointer";
}

/** `prune` always; every other operation only when declared. */
export function operationsFor(capabilities: readonly Capability[]): Capability[] {
  return OPERATIONS.filter((op) => op === "prune" || capabilities.includes(op));
}

/**
 * Who writes the summaries a run's windows hold: the implementation when it declares `summarize`
 * (and is judged on them), otherwise the runtime around it, as the reference summarizes.
 */
export function summarizer(capabilities: readonly Capability[]): "implementation" | "runtime" {
  return operationsFor(capabilities).includes("summarize") ? "implementation" : "runtime";
}

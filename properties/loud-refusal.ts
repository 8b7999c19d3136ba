/**
 * Seed: "the failure mode shifts from \"agent confidently completes the wrong task after 40 turns\" to
 * \"agent halts at prune time with a typed error and a resolvable span-id,\" which is the only acceptable
 * trade in long-horizon work."
 *
 * Core: every refusal is typed `UnrecoverablePruneError`. Strict: it also names a span that is actually at
 * fault (one the oracle finds unsafe), so the operator knows what to re-externalize.
 */
import type { Property } from "../src/models/property.ts";
import { culprits } from "../src/models/analysis.ts";

export const loudRefusal: Property = {
  id: "loud-refusal",
  level: "core",
  requires: [],
  title: "A refusal is a typed UnrecoverablePruneError (strict: naming the span at fault)",
  seed: "agent halts at prune time with a typed error and a resolvable span-id,\" which is the only acceptable trade in long-horizon work.",
  check(step) {
    const { outcome, level } = step;
    if (outcome.ok) return null;
    const { error } = outcome;
    if (error.type !== "UnrecoverablePruneError") {
      return { span_id: error.span_id ?? null, message: `refused with ${error.type} (${JSON.stringify(error.message)}), not a typed UnrecoverablePruneError` };
    }
    if (level !== "strict") return null;
    const atFault = culprits(step).map((span) => span.span_id);
    if (atFault.length === 0) return null; // a refusal of a safe request is safe-prune-succeeds' finding
    if (error.span_id === null || error.span_id === undefined) {
      return { span_id: null, message: `the refusal names no span; expected one of ${JSON.stringify(atFault)}` };
    }
    if (!atFault.includes(error.span_id)) {
      return { span_id: error.span_id, message: `the refusal names span ${JSON.stringify(error.span_id)}, which is not at fault; expected one of ${JSON.stringify(atFault)}` };
    }
    return null;
  },
};

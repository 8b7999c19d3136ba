/**
 * Seed: "the failure mode shifts from \"agent confidently completes the wrong task after 40 turns\" to
 * \"agent halts at prune time with a typed error and a resolvable span-id,\" which is the only acceptable
 * trade in long-horizon work."
 *
 * Core: every refusal is typed `UnrecoverablePruneError`. Strict: it also names a span that is actually at
 * fault (one the oracle finds unsafe), so the operator knows what to re-externalize, and gives a reason
 * code (docs/protocol.md §5) that fits that span's fault, so the operator knows how.
 */
import type { Property } from "../src/models/property.ts";
import { culprits, describeSpan, faults } from "../src/models/analysis.ts";

export const loudRefusal: Property = {
  id: "loud-refusal",
  level: "core",
  requires: [],
  title: "A refusal is a typed UnrecoverablePruneError (strict: naming the span at fault and why)",
  quote: 'agent halts at prune time with a typed error and a resolvable span-id," which is the only acceptable trade in long-horizon work.',
  rules: ["p-refusal-typed", "p-refusal-code", "p-model-failed-span", "p-model-failure-owed"],
  check(step) {
    const { outcome, level } = step;
    if (outcome.ok) return null;
    const { error } = outcome;
    if (error.type !== "UnrecoverablePruneError") {
      return { span_id: error.span_id ?? null, message: `refused with ${error.type} (${JSON.stringify(error.message)}), not a typed UnrecoverablePruneError` };
    }
    if (level !== "strict") return null;
    const atFault = faults(step);
    if (atFault.size === 0) return null; // a refusal of a safe request is safe-prune-succeeds' finding
    const named = error.span_id ?? null;
    const reasons: ReadonlySet<string> | undefined = atFault.get(named);
    const expected = JSON.stringify(culprits(step));
    if (reasons === undefined) {
      if (named === null) return { span_id: null, message: `the refusal names no span; expected one of ${expected}` };
      return { span_id: named, message: `the refusal names span ${JSON.stringify(named)}, which is not at fault; expected one of ${expected}` };
    }
    if (error.code === undefined || !reasons.has(error.code)) {
      const given = error.code === undefined ? "gives no reason code" : `gives reason code ${JSON.stringify(error.code)}`;
      const subject = named === null ? "the refusal of the request" : `the refusal of ${describeSpan({ span_id: named })}`;
      return { span_id: named, message: `${subject} ${given}; its fault is ${[...reasons].join(" or ")}` };
    }
    return null;
  },
};

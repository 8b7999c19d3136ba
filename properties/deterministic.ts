/**
 * Seed: "re-running the pruner on the post-prune window does not reproduce the same window … There is no
 * fixed point." — which a runtime can only reason about if the same request gives the same answer.
 *
 * The same request, sent twice, gets the same answer: the same window, or a refusal of the same type naming
 * the same span with the same reason code (messages may differ).
 */
import { sameData } from "../src/models/analysis.ts";
import type { Property } from "../src/models/property.ts";
import type { Outcome } from "../src/wire/protocol.ts";

export const deterministic: Property = {
  id: "deterministic",
  level: "core",
  requires: [],
  title: "The same request gives the same answer",
  quote: "Because the pruner's decision is itself a function of the context it is about to destroy, the operation is **non-idempotent and self-referential**",
  rules: ["p-stateless"],
  probes: ["repeat"],
  check({ call, outcome, probes: { repeat } }) {
    if (repeat === undefined || sameData(answer(outcome), answer(repeat))) return null;
    return { span_id: null, message: `the same ${call.op} request answered ${JSON.stringify(answer(outcome))}, then ${JSON.stringify(answer(repeat))}` };
  },
};

function answer(outcome: Outcome): unknown {
  return outcome.ok ? outcome : { ok: false, type: outcome.error.type, span_id: outcome.error.span_id ?? null, code: outcome.error.code ?? null };
}

/**
 * Seed: "Every span the pruner may evict has already been written to an immutable, addressable store keyed
 * by a stable identifier, and the pruned window retains that identifier (not a paraphrase of it)."
 *
 * After every successful operation, the exact text of every precondition-tagged span ever seen is in the
 * window, or behind a key the window still holds for that span (a pointer, or a provenance entry).
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan } from "../src/models/analysis.ts";
import { isPreconditionBearing } from "../src/wire/tags.ts";
import { recoverability } from "../src/models/truth.ts";

export const preconditionRecoverable: Property = {
  id: "precondition-recoverable",
  level: "core",
  requires: [],
  title: "Every precondition span stays recoverable byte-exact",
  quote:
    "Every span the pruner may evict has already been written to an immutable, addressable store keyed by a stable identifier, and the pruned window retains that identifier (not a paraphrase of it).",
  rules: ["p-precondition-evict"],
  check({ call, outcome, truth }) {
    if (!outcome.ok) return null;
    const before = recoverability(call.window, call.store);
    const after = recoverability(outcome.window, call.store);
    for (const fact of truth.values()) {
      if (fact.lost || !isPreconditionBearing(fact)) continue;
      if (!before(fact)) continue; // already gone before this request
      if (!after(fact)) {
        return {
          span_id: fact.span_id,
          message: `after ${call.op}, the exact text of precondition span ${describeSpan(fact)} is neither in the window nor behind a key the window holds for it`,
        };
      }
    }
    return null;
  },
};

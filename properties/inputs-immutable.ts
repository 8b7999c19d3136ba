/**
 * Seed: "Externalization precedes eviction. Every span the pruner may evict has already been written to an
 * immutable, addressable store" — and a store the pruner can edit is not immutable.
 *
 * The pruner never mutates the window, store or arguments it was given: it returns a new window.
 */
import { sameData } from "../src/models/analysis.ts";
import type { Property } from "../src/models/property.ts";

export const inputsImmutable: Property = {
  id: "inputs-immutable",
  level: "core",
  requires: [],
  title: "The pruner never mutates its inputs",
  quote: "Every span the pruner may evict has already been written to an immutable, addressable store keyed by a stable identifier",
  rules: ["p-refusal-nothing"],
  check({ call, sent }) {
    const { id: _id, ...received } = sent;
    if (sameData(received, call)) return null;
    for (const field of Object.keys(call) as (keyof typeof call)[]) {
      if (!sameData((received as typeof call)[field], call[field])) {
        return { span_id: null, message: `${call.op} mutated its input \`${String(field)}\` in place` };
      }
    }
    return { span_id: null, message: `${call.op} added fields to its request in place` };
  },
};

/**
 * Seed: "must tag summaries with a monotonic `derivation_depth` and refuse to summarize beyond depth 1
 * without re-grounding against the source store."
 *
 * A successful reground gives every pointer back its exact original text in place (same id, tags and key,
 * no longer a pointer) and resets the window to depth 0. A reground that cannot resolve a pointer must
 * refuse: succeeding anyway is claiming a restoration that has no source.
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan, sameData } from "../src/models/analysis.ts";
import { kindOf } from "../src/wire/window.ts";

export const regroundRestores: Property = {
  id: "reground-restores",
  level: "core",
  requires: ["reground"],
  title: "Reground restores every pointer byte-exact and resets depth to 0",
  quote: "must tag summaries with a monotonic `derivation_depth` and refuse to summarize beyond depth 1 without re-grounding against the source store.",
  rules: ["p-reground", "p-reground-check"],
  check({ call, outcome, truth }) {
    if (call.op !== "reground" || !outcome.ok) return null;
    const after = new Map(outcome.window.spans.map((span) => [span.span_id, span]));
    for (const pointer of call.window.spans.filter((span) => kindOf(span) === "pointer")) {
      const restored = after.get(pointer.span_id);
      const text = truth.get(pointer.span_id)?.text;
      if (restored === undefined || kindOf(restored) === "pointer" || restored.text !== text) {
        return {
          span_id: pointer.span_id,
          message: `reground succeeded but pointer ${describeSpan(pointer)} was not restored to its exact text (${restored === undefined ? "it is gone" : kindOf(restored) === "pointer" ? "still a pointer" : `got ${JSON.stringify(restored.text)}`})`,
        };
      }
      if (restored.externalized_key !== pointer.externalized_key || !sameData(restored.tags, pointer.tags)) {
        return { span_id: pointer.span_id, message: `reground restored ${describeSpan(pointer)} with a different key or tags` };
      }
    }
    if (outcome.window.derivation_depth !== 0) {
      return { span_id: null, message: `reground succeeded but reported derivation_depth ${outcome.window.derivation_depth}, not 0` };
    }
    return null;
  },
};

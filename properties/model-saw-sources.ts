/**
 * Seed: "The summary was true at the token level and false at the semantic level — an invariant violation
 * that no local check on the window can catch, because the window no longer contains the counterexample."
 * And from the field (issue 47): a summarizer that leaves tool calls and results out of its prompt, one that
 * drops the oldest messages from it, and one that writes a placeholder without asking at all: each summary
 * then stands for text no model read, and nothing in the window can tell.
 *
 * A summary a model-driven pruner writes from its model's words (a compact's, or a summarize's without
 * `summary_text`) replaces only spans that a summarize call of the same request showed the model and that
 * the model answered. A choose call does not count: the model judged those spans redundant, the seed's very
 * failure, it did not summarize them. A summarize with `summary_text` replaces what its request names.
 */
import type { Property } from "../src/models/property.ts";
import { describeSpan, summaryWrites } from "../src/models/analysis.ts";

export const modelSawSources: Property = {
  id: "model-saw-sources",
  level: "core",
  requires: ["model", ["summarize", "compact"]],
  title: "A summary the model wrote replaces only spans a summarize call showed the model",
  quote:
    "The summary was true at the token level and false at the semantic level — an invariant violation that no local check on the window can catch, because the window no longer contains the counterexample.",
  rules: ["p-model-shown"],
  check(step) {
    const { call, outcome, model } = step;
    if (!outcome.ok || (call.op !== "summarize" && call.op !== "compact")) return null;
    if (call.op === "summarize" && call.summary_text !== undefined) return null;
    const summarizeCalls = model.filter((exchange) => exchange.call.kind === "summarize" && exchange.answer.ok);
    const shown = new Set(summarizeCalls.flatMap((exchange) => exchange.call.span_ids));
    for (const { summary, sources } of summaryWrites(step)) {
      const unseen = summary === undefined ? undefined : sources.find((span) => !shown.has(span.span_id));
      if (summary === undefined || unseen === undefined) continue;
      const calls =
        summarizeCalls.length === 0
          ? "no summarize call of this request was answered"
          : `its summarize calls showed the model ${[...shown].map((id) => JSON.stringify(id)).join(", ")} only`;
      return {
        span_id: unseen.span_id,
        message: `${call.op} replaced ${describeSpan(unseen)} with summary ${describeSpan(summary)}, but ${calls}: the summary stands for text no model read`,
      };
    }
    return null;
  },
};

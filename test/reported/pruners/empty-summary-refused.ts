/**
 * The fault pattern code-yeongyu/senpi 1067 reports (senpi is a coding agent, not a library on npm): its
 * compaction forwards the agent's tools to the summarizer, a model that prefers tools answers with a tool
 * call and no text, and the empty summary is refused with the agent's own `SummaryGenerationError`
 * ("empty-summary"). Refusing the empty summary is right; the fault is what the refusal is: untyped, naming
 * no span, and the only answer, so the context stays over its threshold and the next turn dies, where
 * evicting to pointers would have fit.
 *
 * Not senpi's code: a fixture that shows the suite catches this pattern.
 */
import { definePruner, prune, windowSize } from "prunecheck";

class SummaryGenerationError extends Error {
  override readonly name = "SummaryGenerationError";
}

const KEEP = 2;

export default definePruner({
  name: "pattern:empty-summary-refused",
  capabilities: ["compact", "model"],
  prune,
  async compact(window, _store, budget, model) {
    if (windowSize(window, budget.unit) <= budget.limit || window.spans.length <= KEEP || model === undefined) return window;
    const older = window.spans.slice(0, -KEEP);
    const { text } = await model.summarize(older.map((span) => span.span_id));
    if (text === "") throw new SummaryGenerationError("empty-summary: summarization response contained no text (stopReason: toolUse)");
    const summary = { span_id: `${older[0]!.span_id}~summary`, text, tags: [], externalized_key: null };
    return { spans: [summary, ...window.spans.slice(-KEEP)], derivation_depth: window.derivation_depth + 1 };
  },
});

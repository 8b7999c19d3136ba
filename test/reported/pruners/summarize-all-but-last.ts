/**
 * The fault pattern of LangChain's Python `SummarizationMiddleware` that langchain-ai/langchain 33856
 * reports (Python only: it cannot run here): over budget, every message but the last `KEEP` is replaced by
 * one summary message, the system prompt included (`RemoveMessage(id=REMOVE_ALL_MESSAGES)`, then the
 * summary, then the kept messages), so the agent loses its instructions after its first summarization.
 * The summary here is the start of what it replaces; the middleware asks a model for one.
 *
 * Not LangChain's code: a fixture that shows the suite catches this pattern.
 */
import { definePruner, prune, windowSize } from "prunecheck";

const KEEP = 2;

export default definePruner({
  name: "pattern:summarize-all-but-last",
  capabilities: ["compact"],
  prune,
  compact(window, _store, budget) {
    if (windowSize(window, budget.unit) <= budget.limit || window.spans.length <= KEEP) return window;
    const summarized = window.spans.slice(0, -KEEP);
    const text = `Here is a summary of the conversation to date: ${summarized.map((span) => span.text.slice(0, 12)).join(" / ")}`;
    const summary = { span_id: "summary", text, tags: [], externalized_key: null, role: "user" };
    return { spans: [summary, ...window.spans.slice(-KEEP)], derivation_depth: window.derivation_depth + 1 };
  },
});

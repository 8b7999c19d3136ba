/**
 * The fault pattern of Cline's context truncation before cline/cline 7225 (Cline is a VS Code extension,
 * not a library on npm, so its `ContextManager` cannot run here): the first user/assistant pair (the task)
 * is always kept, and whole user/assistant pairs are removed right after it until the conversation fits,
 * with nothing that checks the first message kept after the removed range: a user message that holds the
 * `tool_result` for a `tool_use` of a removed assistant message stays, an orphan the API rejects
 * ("unexpected `tool_use_id` found in `tool_result` blocks").
 *
 * Not Cline's code: a fixture that shows the suite catches this pattern.
 */
import { definePruner, prune, windowSize } from "prunecheck";

export default definePruner({
  name: "pattern:truncate-after-first-pair",
  capabilities: ["compact"],
  prune,
  compact(window, _store, budget) {
    const spans = [...window.spans];
    while (spans.length > 2 && windowSize({ ...window, spans }, budget.unit) > budget.limit) spans.splice(2, Math.min(2, spans.length - 2));
    return { spans, derivation_depth: window.derivation_depth + 1 };
  },
});

/**
 * The fault pattern microsoft/agent-framework 7744 reports in its Python compaction (Python only: it cannot
 * run here): the compaction marks the older messages excluded and writes a summary in their place, but with
 * any chat middleware attached the summary is written to a copy of the message list that is thrown away,
 * while the exclusion marks, set on the shared messages, stay. The next call sends the latest messages
 * alone: the older ones are gone, with neither a summary nor a pointer.
 *
 * Not the framework's code: a fixture that shows the suite catches this pattern.
 */
import { definePruner, prune, windowSize } from "prunecheck";

const KEEP = 2;

export default definePruner({
  name: "pattern:summary-dropped",
  capabilities: ["compact"],
  prune,
  compact(window, _store, budget) {
    if (windowSize(window, budget.unit) <= budget.limit || window.spans.length <= KEEP) return window;
    // The summary goes to the copy the middleware got; what survives is the exclusion of everything older.
    return { spans: window.spans.slice(-KEEP), derivation_depth: window.derivation_depth + 1 };
  },
});

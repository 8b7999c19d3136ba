import type { OperationCall } from "../wire/protocol.ts";
import { showIds } from "./commands/selector.ts";

/** What a call asks, as a story tells it ("prune ["s1"]"): one wording for every place a call is staged or read back. */
export function callLabel(call: OperationCall): string {
  switch (call.op) {
    case "prune":
      return `prune ${showIds(call.evict_ids)}`;
    case "summarize":
      // A summarize without a text asks the pruner to write it with the model.
      return `summarize ${showIds(call.span_ids)} as ${JSON.stringify(call.summary_id)}${call.summary_text === undefined ? " with the model" : ""}`;
    case "reground":
      return "reground";
    case "compact":
      return `compact to ${call.budget.limit} ${call.budget.unit}`;
  }
}

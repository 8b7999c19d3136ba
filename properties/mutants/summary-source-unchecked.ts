/**
 * Fault: summarize believes every source that has a key is copied, without looking in the store; prune
 * stays correct.
 * Breaks: docs/protocol.md §7, summarize step 5, "a source without an exact copy is refused with that
 * code": a summary whose provenance points at a missing or stale copy launders its sources.
 * Must be caught by: stale-key-refused or provenance-resolves; precondition-recoverable for a tagged source.
 */
import { trusting } from "./_internals/trusting-lookup.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const summarySourceUnchecked = defineMutant({
  id: "summary-source-unchecked",
  description: "summarizes sources whose key is missing from the store or holds another text",
  level: "core",
  expectedProperties: ["stale-key-refused", "provenance-resolves", "precondition-recoverable"],
  breaks: ["p-summary-source-copy"],
  pruner: alterReference("summary-source-unchecked", { summarize: trusting(() => true).summarize }),
});

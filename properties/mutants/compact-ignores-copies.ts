/**
 * Fault: compact evicts oldest first whether or not a span's key holds its exact text; prune stays correct.
 * Breaks: the decided ambiguity of docs/spec.md §7, "What recency decides": recency only orders the
 * candidates, a span's copy decides whether it may go.
 * Must be caught by: stale-key-refused; precondition-recoverable or pointer-not-paraphrase for a tagged span.
 */
import { trusting } from "./_internals/trusting-lookup.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const compactIgnoresCopies = defineMutant({
  id: "compact-ignores-copies",
  description: "compacts by evicting the oldest spans that have a key, whatever text the store holds under it",
  level: "core",
  expectedProperties: ["stale-key-refused", "precondition-recoverable", "pointer-not-paraphrase"],
  breaks: ["s-recency"],
  pruner: alterReference("compact-ignores-copies", { compact: trusting(() => true).compact }),
});

/**
 * Fault: the store lookup checks only that the key is present, not that it holds the span's text
 * (wherever the pruner consults the store: prune, summarize, compact, the check on derived windows).
 * Breaks: "the re-read returned the *current* schema, which had already been mutated by the bad edits" —
 * a key whose text changed is not a copy.
 * Must be caught by: stale-key-refused; for a precondition span also pointer-not-paraphrase and
 * precondition-recoverable.
 */
import { alterReference, defineMutant } from "./mutant.ts";
import { trusting } from "./_internals/trusting-lookup.ts";

export const staleKeyAccepted = defineMutant({
  id: "stale-key-accepted",
  description: "accepts an externalized_key that is present in the store whatever text it holds",
  level: "core",
  expectedProperties: ["stale-key-refused", "pointer-not-paraphrase", "precondition-recoverable"],
  breaks: ["p-evict-copy"],
  pruner: alterReference(
    "stale-key-accepted",
    trusting((stored) => stored !== undefined),
  ),
});

/**
 * Fault: the store is never consulted; any non-null `externalized_key` counts as an externalized copy,
 * even one the store does not hold (in prune, summarize, compact and the check on derived windows).
 * Breaks: "Every span the pruner may evict has already been written to an immutable, addressable store
 * keyed by a stable identifier".
 * Must be caught by: stale-key-refused (a missing key became a pointer); for a precondition span also
 * pointer-not-paraphrase and precondition-recoverable.
 */
import { alterReference, defineMutant } from "./mutant.ts";
import { trusting } from "./_internals/trusting-lookup.ts";

export const uncheckedStoreLookup = defineMutant({
  id: "unchecked-store-lookup",
  description: "treats any non-null externalized_key as externalized, without looking it up in the store",
  level: "core",
  expectedProperties: ["stale-key-refused", "pointer-not-paraphrase", "precondition-recoverable"],
  breaks: ["p-evict-copy"],
  pruner: alterReference(
    "unchecked-store-lookup",
    trusting(() => true),
  ),
});

/**
 * Fault: the store lookup compares only the first 4096 characters (a fixed buffer, a "fast path" hash of
 * a prefix), so a copy that differs further on, truncated or appended to, passes for the span's text.
 * Breaks: "Externalization precedes eviction" with a copy that is exact: long tool output is what gets
 * evicted first, and its copy must give back all of it.
 * Must be caught by: stale-key-refused; for a precondition span also pointer-not-paraphrase and
 * precondition-recoverable.
 */
import { alterReference, defineMutant } from "./mutant.ts";
import { trusting } from "./_internals/trusting-lookup.ts";

const PREFIX = 4096;

export const comparesPrefix = defineMutant({
  id: "compares-prefix",
  description: `compares the store's text with the span's on their first ${PREFIX} characters only`,
  level: "core",
  expectedProperties: ["stale-key-refused", "pointer-not-paraphrase", "precondition-recoverable"],
  pruner: alterReference("compares-prefix", trusting((stored, span) => stored !== undefined && stored.slice(0, PREFIX) === span.text.slice(0, PREFIX))),
});

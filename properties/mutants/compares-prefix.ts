/**
 * Fault: the store lookup compares only the first 4096 characters (a page, a common read buffer), so a
 * copy that differs further on, truncated or appended to, passes for the span's text.
 * Breaks: "Externalization precedes eviction" with a copy that is exact: long tool output is what gets
 * evicted first, and its copy must give back all of it.
 * Must be caught by: stale-key-refused; for a precondition span also pointer-not-paraphrase and
 * precondition-recoverable.
 */
import { comparesPrefixMutant } from "./_internals/prefix-lookup.ts";

export const comparesPrefix = comparesPrefixMutant("compares-prefix", 4096);

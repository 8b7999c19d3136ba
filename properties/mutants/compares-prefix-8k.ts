/**
 * Fault: the store lookup compares only the first 8192 characters (8 KiB), so a copy that differs
 * further on passes for the span's text. Caught only by a text of at least 8192 characters whose copy
 * differs after them; one of the compares-prefix family (see compares-prefix.ts), kept to show that the
 * generators reach that size in a default run.
 * Must be caught by: stale-key-refused; for a precondition span also pointer-not-paraphrase and
 * precondition-recoverable.
 */
import { comparesPrefixMutant } from "./_internals/prefix-lookup.ts";

export const comparesPrefix8k = comparesPrefixMutant("compares-prefix-8k", 8192);

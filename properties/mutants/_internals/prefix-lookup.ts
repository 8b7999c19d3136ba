import type { Mutant } from "../mutant.ts";
import { alterReference, defineMutant } from "../mutant.ts";
import { trusting } from "./trusting-lookup.ts";

/**
 * Fault shared by the compares-prefix mutants: the store lookup compares only the first `chars` characters
 * (a fixed buffer, a "fast path" hash of a prefix), so a copy that differs further on, cut short or
 * appended to, passes for the span's text. One mutant per size, so the table shows which sizes of text
 * the generators reach often enough.
 */
export function comparesPrefixMutant(id: string, chars: number): Mutant {
  return defineMutant({
    id,
    description: `compares the store's text with the span's on their first ${chars} characters only`,
    level: "core",
    expectedProperties: ["stale-key-refused", "pointer-not-paraphrase", "precondition-recoverable"],
    breaks: ["s-byte-exact"],
    pruner: alterReference(
      id,
      trusting((stored, span) => stored !== undefined && stored.slice(0, chars) === span.text.slice(0, chars)),
    ),
  });
}

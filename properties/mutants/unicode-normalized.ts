/**
 * Fault: the store lookup compares NFC-normalized texts, so a copy in another normalization form (same
 * glyphs, other code points) passes for the span's text (wherever the pruner consults the store).
 * Breaks: "Externalization precedes eviction" with a copy that is exact: a store key must give back the
 * very text, not one that renders alike.
 * Must be caught by: stale-key-refused; for a precondition span also pointer-not-paraphrase and
 * precondition-recoverable.
 */
import { alterReference, defineMutant } from "./mutant.ts";
import { trusting } from "./_internals/trusting-lookup.ts";

export const unicodeNormalized = defineMutant({
  id: "unicode-normalized",
  description: "compares the store's text with the span's after NFC-normalizing both",
  level: "core",
  expectedProperties: ["stale-key-refused", "pointer-not-paraphrase", "precondition-recoverable"],
  breaks: ["s-byte-exact"],
  pruner: alterReference(
    "unicode-normalized",
    trusting((stored, span) => stored !== undefined && stored.normalize("NFC") === span.text.normalize("NFC")),
  ),
});

/**
 * Fault: the store lookup compares trimmed texts, so a copy that differs only in leading or trailing
 * whitespace passes for the span's text (wherever the pruner consults the store).
 * Breaks: "Scope qualifiers … → precondition-bearing, because summarization reliably drops them" — the
 * copy must be byte-exact, or the pointer gives back something the span never said.
 * Must be caught by: stale-key-refused; for a precondition span also pointer-not-paraphrase and
 * precondition-recoverable.
 */
import { alterReference, defineMutant } from "./mutant.ts";
import { trusting } from "./_internals/trusting-lookup.ts";

export const whitespaceNormalized = defineMutant({
  id: "whitespace-normalized",
  description: "compares the store's text with the span's after trimming both",
  level: "core",
  expectedProperties: ["stale-key-refused", "pointer-not-paraphrase", "precondition-recoverable"],
  breaks: ["s-byte-exact"],
  pruner: alterReference(
    "whitespace-normalized",
    trusting((stored, span) => stored !== undefined && stored.trim() === span.text.trim()),
  ),
});

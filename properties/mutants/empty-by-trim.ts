/**
 * Fault: a summary is taken for empty when JavaScript's `trim` empties it, as most hand-written checks do
 * (`if (!text.trim())`): a summary of U+FEFF, which is text, is refused; one of U+0085, which is white
 * space, replaces its sources.
 * Breaks: [p-model-failure] — "empty" is Unicode White_Space only, one definition the harness and the
 * Python kit share; `trim` (and Python's `strip`, the other way round) disagree with it on exactly these.
 * Must be caught by: safe-prune-succeeds (the text refused) or model-failure-safe (the white space kept).
 */
import { summarizingWithEmptiness } from "./_internals/model-summary.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const emptyByTrim = defineMutant({
  id: "empty-by-trim",
  description: "takes a summary for empty when String.prototype.trim empties it (refuses U+FEFF, keeps U+0085)",
  level: "core",
  expectedProperties: ["safe-prune-succeeds", "model-failure-safe"],
  breaks: ["p-model-failure"],
  pruner: alterModelReference("empty-by-trim", { summarizeWithModel: summarizingWithEmptiness((text) => text.trim() === "") }),
});

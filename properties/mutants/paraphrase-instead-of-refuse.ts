/**
 * Fault: an evicted precondition span that has no byte-exact copy is not refused but replaced in place by
 * an original-kind span reading "(summarized)".
 * Breaks: "spans tagged `invariant` or `precondition` are evictable only to a side store, never to a
 * paraphrase" — the seed's provenance laundering ("schema constraints verified").
 * Must be caught by: pointer-not-paraphrase (a paraphrase where a pointer was owed), also
 * precondition-recoverable (the exact text is gone).
 */
import { prune } from "../../src/reference/index.ts";
import { copyProblem } from "../../src/reference/resolve.ts";
import { isPreconditionBearing } from "../../src/wire/tags.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { kindOf } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const paraphraseInsteadOfRefuse = defineMutant({
  id: "paraphrase-instead-of-refuse",
  description: 'replaces an uncopied precondition span with "(summarized)" instead of refusing to evict it',
  level: "core",
  expectedProperties: ["pointer-not-paraphrase", "precondition-recoverable"],
  breaks: ["p-precondition-evict"],
  pruner: alterReference("paraphrase-instead-of-refuse", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      const evict = new Set(evictIds);
      const paraphrased = new Set(
        window.spans
          .filter((span) => evict.has(span.span_id) && kindOf(span) === "original" && isPreconditionBearing(span) && copyProblem(span, store) !== null)
          .map((span) => span.span_id),
      );
      const pruned = prune(
        window,
        evictIds.filter((id) => !paraphrased.has(id)),
        store,
      );
      return { ...pruned, spans: pruned.spans.map((span) => (paraphrased.has(span.span_id) ? { ...span, text: "(summarized)" } : span)) };
    },
  }),
});

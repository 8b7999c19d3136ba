/**
 * Fault: evicting any precondition-tagged span is refused, even when it is externalized byte-exact.
 * Breaks: "spans tagged `invariant` or `precondition` are evictable only to a side store" — evictable to
 * a side store they are; the gate is externalization, not the tag.
 * Must be caught by: safe-prune-succeeds.
 */
import { UnrecoverablePruneError } from "../../src/errors/unrecoverable.ts";
import { prune } from "../../src/reference/index.ts";
import { isPreconditionBearing } from "../../src/wire/tags.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const refusesExternalizedPrecondition = defineMutant({
  id: "refuses-externalized-precondition",
  description: "refuses to evict a precondition span even when it has a byte-exact copy in the store",
  level: "core",
  expectedProperties: ["safe-prune-succeeds"],
  breaks: ["s-summarize-precondition"],
  pruner: alterReference("refuses-externalized-precondition", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      const evict = new Set(evictIds);
      const tagged = window.spans.find((span) => evict.has(span.span_id) && isPreconditionBearing(span));
      if (tagged !== undefined) throw new UnrecoverablePruneError("not_externalized", tagged.span_id, "precondition spans are never evicted");
      return prune(window, evictIds, store);
    },
  }),
});

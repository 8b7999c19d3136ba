/**
 * Fault: a prune that names an id the window does not hold is refused (`unknown_span`) instead of ignoring it.
 * Breaks: the decided ambiguity of docs/spec.md §1, "Evict ids absent from the window": evicting nothing
 * loses nothing, so the rest of the request is still a valid compaction and is owed a success.
 * Must be caught by: safe-prune-succeeds.
 */
import { UnrecoverablePruneError } from "../../src/errors/unrecoverable.ts";
import { prune } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const refusesAbsentEvictId = defineMutant({
  id: "refuses-absent-evict-id",
  description: "refuses a prune that names an id the window does not hold, as unknown_span",
  level: "core",
  expectedProperties: ["safe-prune-succeeds"],
  breaks: ["s-absent-ids"],
  pruner: alterReference("refuses-absent-evict-id", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      const absent = evictIds.find((id) => !window.spans.some((span) => span.span_id === id));
      if (absent !== undefined) throw new UnrecoverablePruneError("unknown_span", absent);
      return prune(window, evictIds, store);
    },
  }),
});

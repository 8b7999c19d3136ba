import type { Pruner } from "../../../src/transport/pruner.ts";
import { prune } from "../../../src/reference/index.ts";
import type { Span, Store, Window } from "../../../src/wire/window.ts";
import { kindOf } from "../../../src/wire/window.ts";

/**
 * The reference prune with every pointer it creates passed through `alter`: for mutants whose one fault
 * is how a pointer is built. Pointers it was given stay as they are, so re-eviction stays correct.
 */
export function pruneAlteringNewPointers(alter: (pointer: Span) => Span): Pruner["prune"] {
  return (window: Window, evictIds: readonly string[], store: Store) => {
    const given = new Set(window.spans.filter((span) => kindOf(span) === "pointer").map((span) => span.span_id));
    const pruned = prune(window, evictIds, store);
    return { ...pruned, spans: pruned.spans.map((span) => (kindOf(span) === "pointer" && !given.has(span.span_id) ? alter(span) : span)) };
  };
}

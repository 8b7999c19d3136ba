import type { Pruner } from "../../../src/transport/pruner.ts";
import { prune } from "../../../src/reference/index.ts";
import type { Span, Store, Window } from "../../../src/wire/window.ts";

/**
 * The seed snippet's eviction: a span it takes for precondition-bearing becomes a pointer, any other
 * evicted span is simply dropped (`# else: safely evictable, drop`). A span that a span left in the window
 * depends on is precondition-bearing by the seed's own definition ("a later action's correctness depends
 * on its *content*"), so it keeps its pointer too. Everything else is the reference's, refusals included,
 * so a mutant built on this differs from the reference only in what it drops.
 */
export function pruneDroppingUntagged(isPreconditionBearing: (span: Span) => boolean): Pruner["prune"] {
  return (window: Window, evictIds: readonly string[], store: Store) => {
    const evict = new Set(evictIds);
    const pruned = prune(window, evictIds, store);
    const needed = new Set(pruned.spans.filter((span) => !evict.has(span.span_id)).flatMap((span) => span.depends_on ?? []));
    const droppable = (span: Span) => evict.has(span.span_id) && !isPreconditionBearing(span) && !needed.has(span.span_id);
    return { ...pruned, spans: pruned.spans.filter((span) => !droppable(span)) };
  };
}

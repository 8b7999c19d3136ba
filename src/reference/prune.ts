import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import type { Store, Window } from "../wire/window.ts";
import { assertGroundedIfDerived } from "./derived.ts";
import { copyProblem, toPointer } from "./resolve.ts";

/**
 * Evicts the named spans to pointers. Every evicted span, precondition-tagged or not, must already have a
 * byte-exact copy in the store: the reference is strict, so it never needs to judge which spans are
 * load-bearing ("The boundary is *not* … the model's own redundancy judgment"). Ids absent from the
 * window are ignored: evicting nothing loses nothing. Evicting a pointer again leaves it as it is.
 */
export function prune(window: Window, evictIds: readonly string[], store: Store): Window {
  assertGroundedIfDerived(window, store);
  const evict = new Set(evictIds);
  for (const span of window.spans) {
    if (!evict.has(span.span_id)) continue;
    const problem = copyProblem(span, store);
    if (problem !== null) throw new UnrecoverablePruneError(problem, span.span_id);
  }
  return {
    spans: window.spans.map((span) => (evict.has(span.span_id) ? toPointer(span) : span)),
    derivation_depth: window.derivation_depth + 1,
  };
}

import { definePruner } from "prunecheck";
import type { Budget, Model, Window } from "prunecheck";

/**
 * The prune a library adapter answers with when the library takes a budget, not an evict set: what an
 * application does when told to drop given messages. Evicted spans just go (there is no store), which is
 * why each such adapter has a compact-only twin (adapters/compact-only.ts).
 */
export function dropEvicted(window: Window, evictIds: readonly string[]): Window {
  const evict = new Set(evictIds);
  return { spans: window.spans.filter((span) => !evict.has(span.span_id)), derivation_depth: window.derivation_depth + 1 };
}

/**
 * A library that summarizes with a model as its `compact`, the harness being that model (the harness hands
 * every pruner declaring `model` one). The library sees the window and the budget, never the store, which
 * it has no notion of; its prune is dropEvicted.
 */
export function librarySummarizer(name: string, compact: (window: Window, budget: Budget, model: Model) => Promise<Window>) {
  return definePruner({
    name,
    capabilities: ["compact", "model"],
    prune: dropEvicted,
    compact: (window, _store, budget, model) => compact(window, budget, model as Model),
  });
}

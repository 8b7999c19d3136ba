import type { Window } from "prunecheck";

/**
 * The prune a library adapter answers with when the library takes a budget, not an evict set: what an
 * application does when told to drop given messages. Evicted spans just go (there is no store), which is
 * why each such adapter has a compact-only twin (adapters/compact-only.ts).
 */
export function dropEvicted(window: Window, evictIds: readonly string[]): Window {
  const evict = new Set(evictIds);
  return { spans: window.spans.filter((span) => !evict.has(span.span_id)), derivation_depth: window.derivation_depth + 1 };
}

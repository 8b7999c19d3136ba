import type { Window } from "../../../src/wire/window.ts";

/** The prune these libraries' adapters answer with: they only choose, so evicted spans just go (no store). */
export function dropEvicted(window: Window, evictIds: readonly string[]): Window {
  const evict = new Set(evictIds);
  return { spans: window.spans.filter((span) => !evict.has(span.span_id)), derivation_depth: window.derivation_depth + 1 };
}

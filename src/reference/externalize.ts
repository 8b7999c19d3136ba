import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import type { Window } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import type { ContentStore } from "./content-store.ts";

/**
 * Writes the named spans to the store and sets their keys. Write-ahead: every store write happens before
 * the new window exists, so no window ever names a key the store does not hold. Pointers already are
 * externalized and are left alone.
 */
export function externalize(window: Window, spanIds: readonly string[], store: ContentStore): Window {
  const wanted = new Set(spanIds);
  const present = new Set(window.spans.map((span) => span.span_id));
  for (const id of wanted) {
    if (!present.has(id)) throw new UnrecoverablePruneError("unknown_span", id);
  }
  const keys = new Map<string, string>();
  for (const span of window.spans) {
    if (wanted.has(span.span_id) && kindOf(span) !== "pointer") keys.set(span.span_id, store.put(span.text));
  }
  return {
    spans: window.spans.map((span) => {
      const key = keys.get(span.span_id);
      return key === undefined ? span : { ...span, externalized_key: key };
    }),
    derivation_depth: window.derivation_depth,
  };
}

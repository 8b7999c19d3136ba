/**
 * The README's "Check your own pruner" example, whole: a prune-only pruner that conforms at strict level.
 * `npx prunecheck run --impl examples/typescript/my-pruner.ts --level strict`
 */
import { definePruner, UnrecoverablePruneError } from "prunecheck";
import type { Span, Store } from "prunecheck";

export default definePruner({
  name: "my-pruner",
  capabilities: ["prune"],
  prune(window, evictIds, store) {
    // A derived window may be pruned again only while every span in it still resolves in the store.
    if (window.derivation_depth > 0) {
      const ungrounded = window.spans.find((span) => !resolves(span, store));
      if (ungrounded) throw new UnrecoverablePruneError("derived_ungrounded", ungrounded.span_id);
    }
    const evict = new Set(evictIds);
    for (const span of window.spans) {
      if (evict.has(span.span_id) && !resolves(span, store)) {
        throw new UnrecoverablePruneError(span.externalized_key === null ? "not_externalized" : "stale_key", span.span_id);
      }
    }
    return {
      spans: window.spans.map((span) =>
        evict.has(span.span_id) && span.kind !== "pointer" ? { ...span, kind: "pointer" as const, text: `[externalized: ${span.externalized_key}]` } : span,
      ),
      derivation_depth: window.derivation_depth + 1,
    };
  },
});

/** Originals need a byte-exact copy; a pointer needs its key in the store. */
function resolves(span: Span, store: Store): boolean {
  const key = span.externalized_key;
  if (key === null || !Object.hasOwn(store, key)) return false;
  return span.kind === "pointer" || store[key] === span.text;
}

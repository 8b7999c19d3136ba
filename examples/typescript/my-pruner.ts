/**
 * The README's "Check your own pruner" example, whole: a prune-only pruner that conforms at strict level.
 * `npx prunecheck run --impl examples/typescript/my-pruner.ts --level strict`
 */
import { definePruner, UnrecoverablePruneError } from "prunecheck";
import type { RefusalReason, Span, Store } from "prunecheck";

export default definePruner({
  name: "my-pruner",
  capabilities: ["prune"],
  prune(window, evictIds, store) {
    // A derived window may be pruned again only while every span in it still resolves in the store. Its
    // summaries (another component may have written them) resolve through their provenance.
    if (window.derivation_depth > 0) {
      const ungrounded = window.spans.find((span) => (span.kind === "summary" ? provenanceProblem(span, store) : copyProblem(span, store)) !== null);
      if (ungrounded) throw new UnrecoverablePruneError("derived_ungrounded", ungrounded.span_id);
    }
    const evict = new Set(evictIds);
    for (const span of window.spans) {
      const problem = evict.has(span.span_id) ? copyProblem(span, store) : null;
      if (problem !== null) throw new UnrecoverablePruneError(problem, span.span_id);
    }
    return {
      spans: window.spans.map((span) =>
        evict.has(span.span_id) && span.kind !== "pointer" ? { ...span, kind: "pointer" as const, text: `[externalized: ${span.externalized_key}]` } : span,
      ),
      derivation_depth: window.derivation_depth + 1,
    };
  },
});

/** Why a span has no byte-exact copy in the store (the refusal's reason code), or null when it has one. */
function copyProblem(span: Span, store: Store): RefusalReason | null {
  const key = span.externalized_key;
  if (span.kind === "pointer") return key !== null && Object.hasOwn(store, key) ? provenanceProblem(span, store) : "unresolvable_pointer";
  if (key === null) return "not_externalized";
  if (!Object.hasOwn(store, key)) return "key_missing";
  return store[key] === span.text ? provenanceProblem(span, store) : "stale_key";
}

/** A summary, or a pointer to one, stands for its sources: each must still be in the store. */
function provenanceProblem(span: Span, store: Store): RefusalReason | null {
  return span.provenance?.every((source) => Object.hasOwn(store, source.externalized_key)) === false ? "unresolvable_provenance" : null;
}

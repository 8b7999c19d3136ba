import type { Span, Store, Window } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import type { RefusalReason } from "../errors/unrecoverable.ts";

/** What stands between a span and a byte-exact externalized copy of it, or null when it has one. */
export function copyProblem(span: Span, store: Store): RefusalReason | null {
  if (kindOf(span) === "pointer") {
    if (!hasKey(store, span.externalized_key)) return "unresolvable_pointer";
    return provenanceProblem(span, store);
  }
  if (span.externalized_key === null) return "not_externalized";
  if (!hasKey(store, span.externalized_key)) return "key_missing";
  // Byte-exact on purpose: a store that holds a *similar* text is the seed's "re-read returned the
  // current schema" failure, and normalizing here would hide exactly that.
  if (store[span.externalized_key] !== span.text) return "stale_key";
  return provenanceProblem(span, store);
}

/**
 * Whether a span can be recovered from the store without trusting the window: originals by an exact copy,
 * pointers by their key, summaries by their provenance (their own text is a derivation, not a source).
 */
export function groundingProblem(span: Span, store: Store): RefusalReason | null {
  return kindOf(span) === "summary" ? provenanceProblem(span, store) : copyProblem(span, store);
}

export function firstUngrounded(window: Window, store: Store): { span: Span; reason: RefusalReason } | null {
  for (const span of window.spans) {
    const reason = groundingProblem(span, store);
    if (reason !== null) return { span, reason };
  }
  return null;
}

function provenanceProblem(span: Span, store: Store): RefusalReason | null {
  const unresolved = span.provenance?.some((entry) => !hasKey(store, entry.externalized_key)) ?? false;
  return unresolved ? "unresolvable_provenance" : null;
}

/** Own-property lookup, so keys such as `__proto__` or `toString` are ordinary keys. */
export function hasKey(store: Store, key: string | null): key is string {
  return key !== null && Object.hasOwn(store, key);
}

export function pointerText(key: string): string {
  return `[externalized: ${key}]`;
}

/** A pointer is the span with its text replaced by a marker; every other field, key and tags included, stays. */
export function toPointer(span: Span): Span {
  if (kindOf(span) === "pointer") return span;
  return { ...span, kind: "pointer", text: pointerText(span.externalized_key as string) };
}

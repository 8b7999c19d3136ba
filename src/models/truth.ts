import type { Span, Store, Window } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import { isPreconditionBearing } from "../wire/tags.ts";
import { describeDifference } from "./text-difference.ts";

/** What the harness knows about a span whatever the pruner did to it: the content it was last given. */
export interface Fact {
  readonly span_id: string;
  readonly text: string;
  readonly tags: readonly string[];
  /** Set when the environment (not the pruner) destroyed the last copy, so no pruner can be blamed. */
  readonly lost: boolean;
}

export type Truth = ReadonlyMap<string, Fact>;

export function isProtected(truth: Truth, span: Pick<Span, "span_id" | "tags">): boolean {
  return isPreconditionBearing(truth.get(span.span_id) ?? span);
}

/** Byte-exact lookup; own properties only, so `__proto__` is an ordinary key. */
export function storedText(store: Store, key: string | null): string | undefined {
  return key !== null && Object.hasOwn(store, key) ? store[key] : undefined;
}

/** The key resolves to exactly the text the harness knows for that span. */
export function resolvesTo(store: Store, key: string | null, text: string | undefined): boolean {
  return text !== undefined && storedText(store, key) === text;
}

export function provenanceResolves(span: Span, truth: Truth, store: Store): boolean {
  return (span.provenance ?? []).every((entry) => resolvesTo(store, entry.externalized_key, truth.get(entry.span_id)?.text));
}

/**
 * Whether the span, as it stands in a window, has a byte-exact copy the store can give back: the oracle's
 * independent notion of "externalized", judged against the truth, not against what the window claims.
 */
export function hasExactCopy(span: Span, truth: Truth, store: Store): boolean {
  const text = kindOf(span) === "pointer" ? truth.get(span.span_id)?.text : span.text;
  return resolvesTo(store, span.externalized_key, text) && provenanceResolves(span, truth, store);
}

/**
 * Why the span has no byte-exact copy (hasExactCopy is false), in words for a finding, or null when it has
 * one: the first of no key, a missing key, a stale one (shown around the first difference), and a provenance
 * entry that does not resolve, so that a summary whose own key is fine is not called stale (issue 46).
 */
export function noCopyReason(span: Span, truth: Truth, store: Store): string | null {
  const key = span.externalized_key;
  if (key === null) return "it has no key (never externalized)";
  const stored = storedText(store, key);
  if (stored === undefined) return `its key ${JSON.stringify(key)} is not in the store (missing)`;
  const text = kindOf(span) === "pointer" ? truth.get(span.span_id)?.text : span.text;
  if (text === undefined) return `its key ${JSON.stringify(key)} holds text the harness was never given for it`;
  if (stored !== text) return `its key ${JSON.stringify(key)} holds different text in the store (stale): ${describeDifference(text, stored, "the store")}`;
  const entry = (span.provenance ?? []).find((source) => !resolvesTo(store, source.externalized_key, truth.get(source.span_id)?.text));
  if (entry === undefined) return null;
  const source = storedText(store, entry.externalized_key) === undefined ? "is not in the store" : `holds other text than ${JSON.stringify(entry.span_id)}'s`;
  return `its key ${JSON.stringify(key)} holds exactly its text, but its provenance names key ${JSON.stringify(entry.externalized_key)} for ${JSON.stringify(entry.span_id)}, which ${source}: a summary counts as externalized only while its sources resolve`;
}

/** Every span in the window can be recovered from the store (summaries through their sources). */
export function ungroundedSpans(window: Window, truth: Truth, store: Store): Span[] {
  return window.spans.filter((span) => (kindOf(span) === "summary" ? !provenanceResolves(span, truth, store) : !hasExactCopy(span, truth, store)));
}

/**
 * Whether a fact's exact text can still be had from a window and a store: a span under its id holds it (an
 * original by its text, a pointer by its key), or some span's provenance names it under a key that does.
 * Indexed once per window, so that checking every fact of a window of thousands of spans stays linear.
 */
export function recoverability(window: Window, store: Store): (fact: Fact) => boolean {
  const texts = new Map<string, string[]>();
  const add = (spanId: string, text: string | undefined) => {
    if (text !== undefined) texts.set(spanId, [...(texts.get(spanId) ?? []), text]);
  };
  for (const span of window.spans) {
    for (const entry of span.provenance ?? []) add(entry.span_id, storedText(store, entry.externalized_key));
    add(span.span_id, kindOf(span) === "pointer" ? storedText(store, span.externalized_key) : span.text);
  }
  return (fact) => texts.get(fact.span_id)?.includes(fact.text) ?? false;
}

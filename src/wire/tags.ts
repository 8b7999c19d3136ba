/**
 * The tags that make a span precondition-bearing. Matching is exact and case-sensitive: the wire format
 * preserves tag spelling, so `Invariant` is an ordinary tag. The seed's prose names `precondition`
 * ("spans tagged `invariant` or `precondition`"); its code forgot it, we do not.
 */
export const PRECONDITION_TAGS = Object.freeze(["invariant", "constraint", "negative_result", "scope_qualifier", "precondition"] as const);

export type PreconditionTag = (typeof PRECONDITION_TAGS)[number];

const preconditionTagSet: ReadonlySet<string> = new Set(PRECONDITION_TAGS);

export function isPreconditionTag(tag: string): tag is PreconditionTag {
  return preconditionTagSet.has(tag);
}

export function preconditionTagsOf(span: { readonly tags: readonly string[] }): PreconditionTag[] {
  return [...new Set(span.tags.filter(isPreconditionTag))];
}

export function isPreconditionBearing(span: { readonly tags: readonly string[] }): boolean {
  return span.tags.some(isPreconditionTag);
}

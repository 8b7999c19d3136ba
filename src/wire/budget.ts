import type { Budget } from "./protocol.ts";
import type { Span, Window } from "./window.ts";

/**
 * How big a span is under a budget's unit. Code points, not UTF-16 units, so an emoji costs the same in
 * every language; the token estimate is the common 4-characters-per-token rule, per span.
 */
export function spanSize(span: Pick<Span, "text">, unit: Budget["unit"]): number {
  const points = codePoints(span.text);
  return unit === "chars" ? points : Math.ceil(points / 4);
}

/** Without the u flag this sees UTF-16 units: a surrogate pair, which is one code point in two units. */
const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/**
 * Code points as `for…of` counts them (a lone surrogate is one), by the regex engine rather than a loop:
 * texts can be tens of kilobytes long, and sizes are taken for every span of every request.
 */
export function codePoints(text: string): number {
  return text.length - (text.match(SURROGATE_PAIR)?.length ?? 0);
}

export function windowSize(window: Window, unit: Budget["unit"]): number {
  return window.spans.reduce((sum, span) => sum + spanSize(span, unit), 0);
}

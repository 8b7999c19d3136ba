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

/** Without the u flag this sees UTF-16 units: a high surrogate, the first unit of a pair. */
const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/**
 * Code points as `for…of` counts them (a lone surrogate is one). Texts can be tens of kilobytes long and
 * sizes are taken for every span of every request, so a text with no high surrogate (most of them) is
 * told by one regex scan; the others are walked unit by unit, which allocates nothing (a global match
 * built an array of every pair: a tenth of a mutant catalog run went there, profiled).
 */
export function codePoints(text: string): number {
  if (!HIGH_SURROGATE.test(text)) return text.length;
  let points = text.length;
  for (let at = 0; at < text.length - 1; at++) {
    const unit = text.charCodeAt(at);
    if (unit < 0xd800 || unit > 0xdbff) continue;
    const next = text.charCodeAt(at + 1);
    if (next >= 0xdc00 && next <= 0xdfff) {
      points--;
      at++;
    }
  }
  return points;
}

export function windowSize(window: Window, unit: Budget["unit"]): number {
  return window.spans.reduce((sum, span) => sum + spanSize(span, unit), 0);
}

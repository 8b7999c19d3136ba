import type { Budget } from "./protocol.ts";
import type { Span, Window } from "./window.ts";

/**
 * How big a span is under a budget's unit. Code points, not UTF-16 units, so an emoji costs the same in
 * every language; the token estimate is the common 4-characters-per-token rule, per span.
 */
export function spanSize(span: Pick<Span, "text">, unit: Budget["unit"]): number {
  let points = 0;
  for (const _ of span.text) points++;
  return unit === "chars" ? points : Math.ceil(points / 4);
}

export function windowSize(window: Window, unit: Budget["unit"]): number {
  return window.spans.reduce((sum, span) => sum + spanSize(span, unit), 0);
}

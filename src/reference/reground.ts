import { UnrecoverablePruneError } from "../errors/unrecoverable.ts";
import type { Span, Store, Window } from "../wire/window.ts";
import { kindOf } from "../wire/window.ts";
import { groundingProblem } from "./resolve.ts";

/**
 * Re-grounds a window against the store: every pointer and every provenance entry must resolve (else the
 * refusal names the span), pointers get their exact text back, and the depth returns to 0 because the
 * window is once more a projection over an intact source of truth. Originals and summaries are kept as
 * they are; a summary stays depth 1 (re-grounding a summary means rebuilding it from its sources).
 */
export function reground(window: Window, store: Store): Window {
  for (const span of window.spans) {
    if (kindOf(span) === "original") continue;
    const problem = groundingProblem(span, store);
    if (problem !== null) throw new UnrecoverablePruneError(problem, span.span_id);
  }
  return { spans: window.spans.map((span) => rehydrate(span, store)), derivation_depth: 0 };
}

function rehydrate(span: Span, store: Store): Span {
  if (kindOf(span) !== "pointer") return span;
  const key = span.externalized_key as string;
  return { ...span, kind: span.provenance === undefined ? "original" : "summary", text: store[key] as string };
}

/**
 * Fault: reground restores what it can span by span and passes the rest through (a pointer whose key is
 * gone stays a pointer, a summary whose provenance is gone stays a summary), then reports depth 0
 * without refusing.
 * Breaks: "refuse to summarize beyond depth 1 without re-grounding against the source store" — and "A
 * summary with an empty or unresolvable provenance set is treated as unverified".
 * Must be caught by: reground-restores (an unresolvable pointer "restored"); provenance-resolves (an
 * unresolvable summary re-grounded).
 */
import { reground } from "../../src/reference/index.ts";
import type { Span, Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

function regroundOne(span: Span, store: Store): Span {
  try {
    return reground({ spans: [span], derivation_depth: 0 }, store).spans[0] as Span;
  } catch {
    return span;
  }
}

export const regroundUnchecked = defineMutant({
  id: "reground-unchecked",
  description: "reground swallows unresolvable pointers and provenance and resets depth to 0 anyway",
  level: "core",
  expectedProperties: ["reground-restores", "provenance-resolves"],
  breaks: ["p-reground-check"],
  pruner: alterReference("reground-unchecked", {
    reground(window: Window, store: Store) {
      return { spans: window.spans.map((span) => regroundOne(span, store)), derivation_depth: 0 };
    },
  }),
});

/**
 * Fault: the pruned window lists its pointers after every other span, so the spans come back reordered.
 * Breaks: "the pruned window is a projection over a still-intact source of truth" — the order of a
 * context is part of its causal history (a diff after the schema read is not one before it).
 * Must be caught by: kept-untouched. Needs two spans: a pointer before a kept span.
 */
import { prune } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { kindOf } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const pointersMovedToEnd = defineMutant({
  id: "pointers-moved-to-end",
  description: "returns the pruned window with every pointer moved after the other spans",
  level: "core",
  expectedProperties: ["kept-untouched"],
  pruner: alterReference("pointers-moved-to-end", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      const pruned = prune(window, evictIds, store);
      const isPointer = (span: Window["spans"][number]) => kindOf(span) === "pointer";
      return { ...pruned, spans: [...pruned.spans.filter((span) => !isPointer(span)), ...pruned.spans.filter(isPointer)] };
    },
  }),
});

/**
 * Fault: summarize never checks whether a derived window (derivation_depth >= 1) still resolves in the
 * store, as prune does: it summarizes a window that is already the output of an un-externalized pass.
 * Breaks: "[s-derived-summarize] refused with derived_ungrounded, like prune" — a summary is a reduction
 * too, and the seed's second failure is a second pass over an already-laundered window.
 * Must be caught by: depth-bound.
 */
import { summarize } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const summarizesDerivedWindow = defineMutant({
  id: "summarizes-derived-window",
  description: "summarizes a derived window although some of its spans no longer resolve in the store",
  level: "core",
  expectedProperties: ["depth-bound"],
  breaks: ["s-derived-summarize"],
  pruner: alterReference("summarizes-derived-window", {
    summarize(window: Window, spanIds: readonly string[], summaryId: string, summaryText: string, store: Store) {
      // Presenting the window as underived skips exactly the grounding check and nothing else.
      const summarized = summarize({ ...window, derivation_depth: 0 }, spanIds, summaryId, summaryText, store);
      return { ...summarized, derivation_depth: window.derivation_depth + 1 };
    },
  }),
});

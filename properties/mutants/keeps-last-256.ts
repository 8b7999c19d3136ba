/**
 * Fault: the pruner works on a fixed-size buffer of the newest 256 spans, and the spans before them are
 * silently left out of the pruned window. Correct on every window a unit test builds by hand.
 * Breaks: "the pruned window is a projection over a still-intact source of truth": spans nobody asked to
 * evict are gone, with no pointer and no copy the window can name.
 * Must be caught by: kept-untouched (or, when a dropped span held a precondition, precondition-recoverable).
 * Needs 257 spans: the fault does not exist below that, which is why the harness sends big windows.
 */
import { prune } from "../../src/reference/index.ts";
import type { Store, Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

const BUFFER = 256;

export const keepsLast256 = defineMutant({
  id: "keeps-last-256",
  description: "prunes only the newest 256 spans of the window and leaves the older ones out",
  level: "core",
  expectedProperties: ["kept-untouched", "precondition-recoverable"],
  maxWindow: BUFFER + 1,
  needsBigWindows: true,
  pruner: alterReference("keeps-last-256", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      return prune({ ...window, spans: window.spans.slice(-BUFFER) }, evictIds, store);
    },
  }),
});

/**
 * Fault: a span whose text looks like a pointer marker ("[externalized: …]") is taken for a pointer
 * whatever its kind: asked to evict it, the pruner marks it a pointer as it stands, never checking that
 * its key holds its text, as if it had been evicted before.
 * Breaks: "[p-pointer-kind] kind: "pointer" marks a pointer, and nothing else does" (and the spec's
 * [s-pointer-kind]: pointer text carries no meaning) — a tool result can print that marker too.
 * Must be caught by: stale-key-refused.
 */
import { prune } from "../../src/reference/index.ts";
import { kindOf, type Store, type Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

const MARKER = "[externalized:";

export const pointerByText = defineMutant({
  id: "pointer-by-text",
  description: "takes a span whose text looks like a pointer marker for a pointer, evicting it without checking its copy",
  level: "core",
  expectedProperties: ["stale-key-refused"],
  breaks: ["p-pointer-kind", "s-pointer-kind"],
  pruner: alterReference("pointer-by-text", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      const lookalike = (id: string) => window.spans.some((span) => span.span_id === id && kindOf(span) !== "pointer" && span.text.startsWith(MARKER));
      const pruned = prune(
        window,
        evictIds.filter((id) => !lookalike(id)),
        store,
      );
      const taken = new Set(evictIds.filter(lookalike));
      return { ...pruned, spans: pruned.spans.map((span) => (taken.has(span.span_id) ? { ...span, kind: "pointer" as const } : span)) };
    },
  }),
});

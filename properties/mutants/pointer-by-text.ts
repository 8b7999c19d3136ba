/**
 * Fault: a span whose text looks like a pointer marker ("[externalized: …]") is taken for a pointer
 * whatever its kind: it is resolved as a pointer is (its key is in the store), so asked to evict it the
 * pruner keeps it as the pointer it takes it for, never checking that its key holds its text.
 * Breaks: "[p-pointer-kind] kind: "pointer" marks a pointer, and nothing else does" (and the spec's
 * [s-pointer-kind]: pointer text carries no meaning) — a tool result can print that marker too.
 * Must be caught by: stale-key-refused.
 */
import { prune } from "../../src/reference/index.ts";
import { kindOf, type Span, type Store, type Window } from "../../src/wire/window.ts";
import { alterReference, defineMutant } from "./mutant.ts";

const MARKER = "[externalized:";

const looksLikePointer = (span: Span) => kindOf(span) !== "pointer" && span.text.startsWith(MARKER);

export const pointerByText = defineMutant({
  id: "pointer-by-text",
  description: "takes a span whose text looks like a pointer marker for a pointer, evicting it without checking its copy",
  level: "core",
  // In a derived window the lookalike it takes for a pointer leaves a span no store entry can restore,
  // which is depth-bound's to see as well.
  expectedProperties: ["stale-key-refused", "depth-bound"],
  breaks: ["p-pointer-kind", "s-pointer-kind"],
  pruner: alterReference("pointer-by-text", {
    prune(window: Window, evictIds: readonly string[], store: Store) {
      // Read as the pruner reads it: every lookalike a pointer, in the derivation check too.
      const seen = { ...window, spans: window.spans.map((span) => (looksLikePointer(span) ? { ...span, kind: "pointer" as const } : span)) };
      const pruned = prune(seen, evictIds, store);
      // Written back as it was unless evicted: only what it was asked to evict comes out marked a pointer.
      const named = new Set(evictIds);
      const before = new Map(window.spans.map((span) => [span.span_id, span]));
      return {
        ...pruned,
        spans: pruned.spans.map((span) => {
          const original = before.get(span.span_id);
          return original !== undefined && looksLikePointer(original) && !named.has(span.span_id) ? original : span;
        }),
      };
    },
  }),
});

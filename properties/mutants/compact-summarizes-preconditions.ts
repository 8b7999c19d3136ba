/**
 * Fault: a compaction summarizes whatever the model calls redundant, precondition spans included.
 * Breaks: "The boundary is *not* token count, recency, or the model's own redundancy judgment. A model asked
 * 'is this redundant?' will answer from the same context that makes the span load-bearing" — the seed's
 * own incident: the schema's column constraints evicted as "redundant, already summarized".
 * Must be caught by: choice-gated.
 */
import { compactWithModel } from "../../src/reference/index.ts";
import { isPreconditionTag } from "../../src/wire/tags.ts";
import type { Span } from "../../src/wire/window.ts";
import { withModel } from "./_internals/model-compaction.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const compactSummarizesPreconditions = defineMutant({
  id: "compact-summarizes-preconditions",
  description: "lets the model's choice put precondition spans into a compaction's summary",
  level: "core",
  expectedProperties: ["choice-gated"],
  breaks: ["p-compact-summary-gate"],
  pruner: alterModelReference("compact-summarizes-preconditions", {
    // The reference, blind to precondition tags while it chooses; every span gets its own tags back after.
    compact: withModel(async (window, store, budget, model) => {
      const tagsOf = new Map(window.spans.map((span) => [span.span_id, span.tags]));
      const blind = { ...window, spans: window.spans.map((span) => ({ ...span, tags: span.tags.filter((tag) => !isPreconditionTag(tag)) })) };
      const compacted = await compactWithModel(blind, store, budget, model);
      const retag = (span: Span): Span => {
        const own = tagsOf.get(span.span_id);
        if (own !== undefined) return { ...span, tags: [...own] };
        return { ...span, tags: [...new Set((span.provenance ?? []).flatMap((entry) => tagsOf.get(entry.span_id) ?? []))] };
      };
      return { ...compacted, spans: compacted.spans.map(retag) };
    }),
  }),
});

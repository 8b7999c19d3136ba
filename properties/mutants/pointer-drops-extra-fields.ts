/**
 * Fault: a pointer is built from the core span fields only (id, text, tags, key, kind, provenance, depth),
 * so whatever else the evicted span carried is lost with its text: a runtime's extra fields (`x_meta` and
 * the like) and its `depends_on`.
 * Breaks: "the pruned window retains that identifier (not a paraphrase of it)" — and the wire contract
 * that extra fields "must survive every operation untouched": a pointer is the span with its text set
 * aside, not a new span.
 * Must be caught by: pointer-not-paraphrase for a precondition span (externalize-everything at strict for
 * any span).
 */
import type { Span } from "../../src/wire/window.ts";
import { pruneAlteringNewPointers } from "./_internals/new-pointers.ts";
import { alterReference, defineMutant } from "./mutant.ts";

function coreFieldsOnly(span: Span): Span {
  const { span_id, text, tags, externalized_key, kind, provenance, derivation_depth } = span;
  return { span_id, text, tags, externalized_key, kind, ...(provenance === undefined ? {} : { provenance, derivation_depth }) };
}

export const pointerDropsExtraFields = defineMutant({
  id: "pointer-drops-extra-fields",
  description: "builds pointers from the core span fields only, dropping extra fields and depends_on",
  level: "core",
  expectedProperties: ["pointer-not-paraphrase"],
  breaks: ["p-extra-fields", "s-pointer-form"],
  pruner: alterReference("pointer-drops-extra-fields", { prune: pruneAlteringNewPointers(coreFieldsOnly) }),
});

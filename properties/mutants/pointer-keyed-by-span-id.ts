/**
 * Fault: a new pointer's externalized_key is the span's id instead of the key the span was externalized
 * under. The pointer is schema-valid; it just points somewhere else (usually nowhere).
 * Breaks: "the pruned window retains that identifier (not a paraphrase of it)".
 * Must be caught by: pointer-not-paraphrase and precondition-recoverable for a precondition span;
 * externalize-everything and reground-restores for any span.
 */
import { pointerText } from "../../src/reference/index.ts";
import { pruneAlteringNewPointers } from "./_internals/new-pointers.ts";
import { alterReference, defineMutant } from "./mutant.ts";

export const pointerKeyedBySpanId = defineMutant({
  id: "pointer-keyed-by-span-id",
  description: "gives each new pointer its span_id as externalized_key instead of the span's store key",
  level: "core",
  expectedProperties: ["pointer-not-paraphrase", "precondition-recoverable", "reground-restores"],
  breaks: ["p-pointer-fields"],
  pruner: alterReference("pointer-keyed-by-span-id", {
    prune: pruneAlteringNewPointers((pointer) => ({ ...pointer, externalized_key: pointer.span_id, text: pointerText(pointer.span_id) })),
  }),
});

/**
 * Fault: refusals are typed and name the right span, but always give the reason `not_externalized`,
 * whatever is actually wrong (a stale copy, a missing key, an ungrounded derived window, …).
 * Breaks: "agent halts at prune time with a typed error and a resolvable span-id" — the reason is what
 * tells the operator how to make the span resolvable: re-externalize, re-read, or reground.
 * Must be caught by: loud-refusal at strict; it must survive core, where only the type is required.
 */
import { UnrecoverablePruneError } from "../../src/errors/unrecoverable.ts";
import { referencePruner } from "../../src/reference/index.ts";
import { alterReference, defineMutant } from "./mutant.ts";
import { mapRefusals } from "./_internals/refusals.ts";

export const wrongRefusalCode = defineMutant({
  id: "wrong-refusal-code",
  description: "gives every refusal the reason code not_externalized, whatever the span's fault",
  level: "strict",
  expectedProperties: ["loud-refusal"],
  breaks: ["p-refusal-code"],
  pruner: alterReference(
    "wrong-refusal-code",
    mapRefusals(referencePruner, (error) => new UnrecoverablePruneError("not_externalized", error.span_id)),
  ),
});

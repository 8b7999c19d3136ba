/**
 * Fault: refusals are typed but never name the span at fault.
 * Breaks: "agent halts at prune time with a typed error and a resolvable span-id" — the span id is what
 * tells the operator what to re-externalize.
 * Must be caught by: loud-refusal at strict; it must survive core, where only the type is required.
 */
import { UnrecoverablePruneError } from "../../src/errors/unrecoverable.ts";
import { referencePruner } from "../../src/reference/index.ts";
import { alterReference, defineMutant } from "./mutant.ts";
import { mapRefusals } from "./_internals/refusals.ts";

export const refusalWithoutSpanId = defineMutant({
  id: "refusal-without-span-id",
  description: "refuses with a typed UnrecoverablePruneError whose span_id is always null",
  level: "strict",
  expectedProperties: ["loud-refusal"],
  breaks: ["p-refusal-code"],
  pruner: alterReference(
    "refusal-without-span-id",
    mapRefusals(referencePruner, (error) => new UnrecoverablePruneError(error.code, null)),
  ),
});

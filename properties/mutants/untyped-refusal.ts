/**
 * Fault: refusals are thrown as a plain `Error`, so the caller sees "something went wrong" rather than
 * an `UnrecoverablePruneError` it can act on.
 * Breaks: "agent halts at prune time with a typed error and a resolvable span-id".
 * Must be caught by: loud-refusal (at core already: the type is the core requirement).
 */
import { alterReference, defineMutant } from "./mutant.ts";
import { referencePruner } from "../../src/reference/index.ts";
import { mapRefusals } from "./_internals/refusals.ts";

export const untypedRefusal = defineMutant({
  id: "untyped-refusal",
  description: "refuses with a plain Error instead of an UnrecoverablePruneError",
  level: "core",
  expectedProperties: ["loud-refusal"],
  breaks: ["p-refusal-typed"],
  pruner: alterReference(
    "untyped-refusal",
    mapRefusals(referencePruner, (error) => new Error(error.message)),
  ),
});

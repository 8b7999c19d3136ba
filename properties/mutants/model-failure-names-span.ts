/**
 * Fault: a refusal for a failed model names the first span of the window, as if that span were at fault.
 * Breaks: "agent halts at prune time with a typed error and a resolvable span-id" — the span id tells the
 * operator what to re-externalize; when the model failed, nothing is to be re-externalized, and naming a
 * span sends them to fix what is not broken ([p-model-failed-span]: a model_failed refusal names no span).
 * Must be caught by: loud-refusal at strict; it must survive core, where only the type is required.
 */
import { UnrecoverablePruneError } from "../../src/errors/unrecoverable.ts";
import { referenceModelPruner } from "../../src/reference/index.ts";
import { mapRefusals } from "./_internals/refusals.ts";
import { alterModelReference, defineMutant } from "./mutant.ts";

export const modelFailureNamesSpan = defineMutant({
  id: "model-failure-names-span",
  description: "names the window's first span in a refusal for a failed model",
  level: "strict",
  expectedProperties: ["loud-refusal"],
  breaks: ["p-model-failed-span"],
  pruner: alterModelReference(
    "model-failure-names-span",
    mapRefusals(referenceModelPruner, (error, window) =>
      error.code === "model_failed" ? new UnrecoverablePruneError("model_failed", window.spans[0]?.span_id ?? null) : error,
    ),
  ),
});

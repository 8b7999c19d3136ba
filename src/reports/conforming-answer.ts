import { referenceModelPruner, referencePruner } from "../reference/index.ts";
import type { ModelAnswerSpec } from "../model/answer.ts";
import { scriptedModel } from "../model/scripted-model.ts";
import { callPruner, toWireError, usesModel } from "../transport/in-process.ts";
import type { OperationRequest, Outcome } from "../wire/protocol.ts";
import type { Window } from "../wire/window.ts";

/**
 * One conforming answer to `request`: the reference's. A report tells it beside the answer that broke the
 * condition, so a reader sees what should have come back, not only what did ("refused with key_missing",
 * "a pointer whose key resolves"). Null where the reference's answer is not the request's alone: a summary
 * or compaction the model writes depends on the model's answers, which the reference would not ask alike.
 */
export function conformingAnswer(request: OperationRequest, usedModel: boolean): Outcome | null {
  if (usedModel) return null;
  try {
    // The reference answers at once: its methods return a window, never a promise.
    return { ok: true, window: callPruner(referencePruner, request, undefined) as Window };
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}


/**
 * One conforming answer to a request a model-driven pruner answered: the model-driven reference's, handed a
 * model that answers its calls from the same script (src/model/answer.ts), so it meets the same model. Where
 * the model's words decide the answer (a summary's text), the reference's is one a conforming pruner could
 * give facing that model; where they do not (a refusal owed, a compact that never needed the model), it is
 * the answer any conforming pruner owed (issue 46: no report on a model-driven pruner said either).
 */
export async function conformingModelAnswer(request: OperationRequest, script: readonly ModelAnswerSpec[]): Promise<Outcome> {
  const model = usesModel(request, referenceModelPruner.capabilities) ? scriptedModel(script, request.window).model : undefined;
  try {
    return { ok: true, window: (await callPruner(referenceModelPruner, request, model)) as Window };
  } catch (error) {
    return { ok: false, error: toWireError(error) };
  }
}

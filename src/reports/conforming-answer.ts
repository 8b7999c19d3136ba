import { referenceModelPruner, referencePruner } from "../reference/index.ts";
import type { ModelAnswerSpec } from "../llm/answer.ts";
import { scriptedModel, type ModelExchange } from "../llm/scripted-model.ts";
import { callPruner, toWireError, usesModel } from "../transport/in-process.ts";
import type { OperationRequest, Outcome } from "../wire/protocol.ts";
import type { Window } from "../wire/window.ts";

/**
 * A conforming answer to tell in a report, and whether the model's words decided it: then it is one answer
 * a conforming pruner could give facing that model, not the one it owed, and the report says which rule
 * every such answer keeps.
 */
export interface Conforming {
  readonly outcome: Outcome;
  readonly modelDecided: boolean;
  /** What the reference asked the same model and was answered: where the windows agree, what they were shown may not. */
  readonly model?: readonly ModelExchange[];
}

/**
 * One conforming answer to `request`: the reference's. A report tells it beside the answer that broke the
 * condition, so a reader sees what should have come back, not only what did ("refused with key_missing",
 * "a pointer whose key resolves"). Null where the reference's answer is not the request's alone: a summary
 * or compaction the model writes depends on the model's answers, which the reference would not ask alike.
 */
export function conformingAnswer(request: OperationRequest, usedModel: boolean): Conforming | null {
  if (usedModel) return null;
  try {
    // The reference answers at once: its methods return a window, never a promise.
    return { outcome: { ok: true, window: callPruner(referencePruner, request, undefined) as Window }, modelDecided: false };
  } catch (error) {
    return { outcome: { ok: false, error: toWireError(error) }, modelDecided: false };
  }
}


/**
 * One conforming answer to a request a model-driven pruner answered: the model-driven reference's, handed a
 * model that answers its calls from the same script (src/llm/answer.ts), so it meets the same model. Where
 * the model's words decide the answer (a summary's text), the reference's is one a conforming pruner could
 * give facing that model; where they do not (a refusal owed, a compact that never needed the model), it is
 * the answer any conforming pruner owed (issue 46: no report on a model-driven pruner said either). The
 * model decided it when the reference asked the model and then succeeded: a refusal it owes whatever the
 * model says, and one the model's failure makes (model_failed) is owed by every pruner facing that failure.
 */
export async function conformingModelAnswer(request: OperationRequest, script: readonly ModelAnswerSpec[]): Promise<Conforming> {
  const scripted = usesModel(request, referenceModelPruner.capabilities) ? scriptedModel(script, request.window) : undefined;
  try {
    const window = (await callPruner(referenceModelPruner, request, scripted?.model)) as Window;
    return { outcome: { ok: true, window }, modelDecided: (scripted?.exchanges.length ?? 0) > 0, ...(scripted === undefined ? {} : { model: scripted.exchanges }) };
  } catch (error) {
    return { outcome: { ok: false, error: toWireError(error) }, modelDecided: false, ...(scripted === undefined ? {} : { model: scripted.exchanges }) };
  }
}

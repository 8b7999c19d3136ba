import { ModelFailure } from "../errors/model-failure.ts";
import type { ModelAnswer, ModelCall } from "../wire/model.ts";
import type { Budget } from "../wire/protocol.ts";

/**
 * The model a model-driven pruner is handed in process: the harness's, answering from the scenario's
 * script (scripted-model.ts). A failure is a thrown ModelFailure (src/errors/model-failure.ts).
 */
export interface Model {
  /** A summary of these spans; the model may claim which spans it covers, which a pruner must not trust. */
  summarize(spanIds: readonly string[], prompt?: string): Promise<{ readonly text: string; readonly provenance?: readonly string[] }>;
  /** Which of these spans can go, in the model's judgment ("is this redundant?"). */
  choose(spanIds: readonly string[], options?: { readonly budget?: Budget; readonly prompt?: string }): Promise<readonly string[]>;
}

/** The wire's call for `Model.summarize`: what a model line carries, and what a report or a trace records. */
export function summarizeCall(spanIds: readonly string[], prompt?: string): ModelCall {
  return { kind: "summarize", span_ids: [...spanIds], ...(prompt === undefined ? {} : { prompt }) };
}

/** The wire's call for `Model.choose`, its options as fields (those left undefined, left out). */
export function chooseCall(spanIds: readonly string[], options: { readonly budget?: Budget; readonly prompt?: string } = {}): ModelCall {
  return {
    kind: "choose",
    span_ids: [...spanIds],
    ...(options.budget === undefined ? {} : { budget: options.budget }),
    ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
  };
}

/**
 * The Model a pruner is handed, over whatever answers its calls one at a time (the harness's script, or a
 * runtime over stdio): a failed answer is a thrown ModelFailure; an answer of the other kind than asked is
 * an empty one (no text, no choice), as a careless client library would hand it on.
 */
export function modelAnswering(ask: (call: ModelCall) => Promise<ModelAnswer> | ModelAnswer): Model {
  const answered = async (call: ModelCall): Promise<ModelAnswer> => {
    const answer = await ask(call);
    if (!answer.ok) throw new ModelFailure(answer.error.code, answer.error.message);
    return answer;
  };
  return {
    async summarize(spanIds, prompt) {
      const answer = await answered(summarizeCall(spanIds, prompt));
      return "text" in answer ? { text: answer.text, ...(answer.provenance === undefined ? {} : { provenance: answer.provenance }) } : { text: "" };
    },
    async choose(spanIds, options = {}) {
      const answer = await answered(chooseCall(spanIds, options));
      return "evict_ids" in answer ? answer.evict_ids : [];
    },
  };
}

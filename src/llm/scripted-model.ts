import type { ModelAnswer, ModelCall } from "../wire/model.ts";
import type { Span } from "../wire/window.ts";
import { answerCall, type ModelAnswerSpec } from "./answer.ts";
import { modelAnswering, type Model } from "./model.ts";

/** One call the pruner made and what it was answered, in order: what a report's story quotes. */
export interface ModelExchange {
  readonly call: ModelCall;
  readonly answer: ModelAnswer;
}

const FAITHFUL: ModelAnswerSpec = { kind: "faithful" };

/** The harness's answers to one request's model calls, in order, each recorded: what a model line over stdio gets. */
export interface ScriptedAnswers {
  answer(call: ModelCall): ModelAnswer;
  readonly exchanges: ModelExchange[];
}

/**
 * The answers for one request: its n-th call gets `script[n]`'s answer, a call past the script's end its last
 * one (a model that answers badly tends to go on doing so, and one bad answer then reaches whichever call a
 * pruner makes last: a compactor's summary comes after its choice); an empty script answers faithfully.
 * Over the request's window.
 */
export function scriptedAnswers(script: readonly ModelAnswerSpec[], window: { readonly spans: readonly Span[] }): ScriptedAnswers {
  const spans = new Map(window.spans.map((span) => [span.span_id, span]));
  const exchanges: ModelExchange[] = [];
  return {
    exchanges,
    answer(call) {
      // The ids earlier calls of this request named: a sloppy model mixes them into a later answer.
      const earlier = exchanges.flatMap((exchange) => exchange.call.span_ids);
      const answer = answerCall(script[Math.min(exchanges.length, script.length - 1)] ?? FAITHFUL, call, spans, earlier);
      exchanges.push({ call, answer });
      return answer;
    },
  };
}

/** The same answers as the `Model` an in-process pruner is handed: a failure is a thrown ModelFailure. */
export function scriptedModel(script: readonly ModelAnswerSpec[], window: { readonly spans: readonly Span[] }): { model: Model; exchanges: ModelExchange[] } {
  const answers = scriptedAnswers(script, window);
  return { model: modelAnswering((call) => answers.answer(call)), exchanges: answers.exchanges };
}

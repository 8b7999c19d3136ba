import { InputError } from "../errors/input.ts";
import { ModelFailure } from "../errors/model-failure.ts";
import { chooseCall, summarizeCall, type Model } from "../llm/model.ts";
import type { ModelExchange } from "../llm/scripted-model.ts";
import type { ModelCall } from "../wire/model.ts";
import { toWireError } from "../transport/in-process.ts";
import type { Pruner } from "../transport/pruner.ts";
import type { OperationRequest, OperationResponse } from "../wire/protocol.ts";
import { conversationEnd, traceHeader, type TraceExchange } from "../wire/trace.ts";
import type { Window } from "../wire/window.ts";

export interface RecordOptions {
  /**
   * The conversation each exchange belongs to, so an audit follows its windows: one name for all, or a
   * function asked at each call, for a pruner serving many conversations (one from an AsyncLocalStorage,
   * say); `undefined` records the exchange without one.
   */
  readonly conversation?: string | (() => string | undefined);
  readonly now?: () => Date;
}

/** A recorded pruner, which can also say that a conversation is over (docs/trace.md §2). */
export interface RecordedPruner extends Pruner {
  /**
   * Writes the conversation's end line: an audit forgets what it knew of its spans there, so a trace of
   * many conversations audits in bounded memory. Without an argument, the conversation the options name now.
   */
  endConversation(conversation?: string): void;
}

/**
 * The same pruner, writing one trace line per call to `write` (the header first, at once): what it was asked
 * and what it answered or refused. Answers and refusals pass through untouched; the request is serialized
 * before the pruner sees it, so a pruner that scribbles on its arguments does not rewrite its own record.
 */
export function recordPruner(pruner: Pruner, write: (line: string) => void, options: RecordOptions = {}): RecordedPruner {
  const now = options.now ?? (() => new Date());
  const named = options.conversation;
  const conversationNow = typeof named === "function" ? named : () => named;
  write(JSON.stringify(traceHeader(now(), "module", { name: pruner.name, capabilities: ["prune", ...pruner.capabilities.filter((c) => c !== "prune")] })));
  let nextId = 1;
  const record = async (request: OperationRequest, answer: () => Window | Promise<Window>, model?: readonly ModelExchange[]): Promise<Window> => {
    const sent = JSON.stringify(request);
    const sent_at = now().toISOString();
    // Asked before the call: the conversation the request was made in, whatever the pruner awaits meanwhile.
    const conversation = conversationNow();
    const line = (response: OperationResponse) => {
      const exchange: Omit<TraceExchange, "request"> = {
        response,
        sent_at,
        answered_at: now().toISOString(),
        ...(conversation === undefined ? {} : { conversation }),
        ...(model === undefined ? {} : { model: [...model] }),
      };
      // The request goes in as it was serialized before the call, not as the pruner may have left it.
      write(`{"request":${sent},${JSON.stringify(exchange).slice(1)}`);
    };
    try {
      const window = await answer();
      line({ id: request.id, ok: true, window });
      return window;
    } catch (error) {
      line({ id: request.id, ok: false, error: toWireError(error) });
      throw error;
    }
  };
  const { summarize, summarizeWithModel, reground, compact } = pruner;
  return {
    name: pruner.name,
    capabilities: pruner.capabilities,
    prune: (window, evict_ids, store) =>
      record({ id: nextId++, op: "prune", window, evict_ids: [...evict_ids], store }, () => pruner.prune(window, evict_ids, store)),
    ...(summarize === undefined
      ? {}
      : {
          summarize: (window, span_ids, summary_id, summary_text, store) =>
            record({ id: nextId++, op: "summarize", window, span_ids: [...span_ids], summary_id, summary_text, store }, () =>
              summarize.call(pruner, window, span_ids, summary_id, summary_text, store),
            ),
        }),
    // A summary written with the model goes on the wire as a summarize without text: that is how it is recorded.
    ...(summarizeWithModel === undefined
      ? {}
      : {
          summarizeWithModel: (window, span_ids, summary_id, store, model) => {
            const seen = recordingModel(model);
            return record(
              { id: nextId++, op: "summarize", window, span_ids: [...span_ids], summary_id, store },
              () => summarizeWithModel.call(pruner, window, span_ids, summary_id, store, seen.model),
              seen.exchanges,
            );
          },
        }),
    ...(reground === undefined
      ? {}
      : { reground: (window, store) => record({ id: nextId++, op: "reground", window, store }, () => reground.call(pruner, window, store)) }),
    ...(compact === undefined
      ? {}
      : {
          compact: (window, store, budget, model) => {
            const seen = model === undefined ? undefined : recordingModel(model);
            return record(
              { id: nextId++, op: "compact", window, store, budget },
              () => compact.call(pruner, window, store, budget, seen?.model),
              seen?.exchanges,
            );
          },
        }),
    endConversation: (conversation = conversationNow()) => {
      if (conversation === undefined)
        throw new InputError(
          "invalid_argument",
          "endConversation: no conversation to end",
          'name it, endConversation("c1"), or record with options.conversation.',
        );
      write(JSON.stringify(conversationEnd(conversation, now())));
    },
  };
}

/**
 * The same model, noting each call the pruner makes and what it answered, as the wire's model lines carry
 * them; a failure (a thrown ModelFailure, or any error) is noted as a failed answer and thrown on.
 */
function recordingModel(model: Model): { model: Model; exchanges: ModelExchange[] } {
  const exchanges: ModelExchange[] = [];
  const failed = (call: ModelCall, error: unknown) => {
    const code = error instanceof ModelFailure ? error.code : "error";
    exchanges.push({ call, answer: { ok: false, error: { code, message: error instanceof Error ? error.message : String(error) } } });
    return error;
  };
  return {
    exchanges,
    model: {
      async summarize(spanIds, prompt) {
        const call = summarizeCall(spanIds, prompt);
        const summary = await model.summarize(spanIds, prompt).catch((error: unknown) => Promise.reject(failed(call, error)));
        exchanges.push({
          call,
          answer: { ok: true, text: summary.text, ...(summary.provenance === undefined ? {} : { provenance: [...summary.provenance] }) },
        });
        return summary;
      },
      async choose(spanIds, options) {
        const call = chooseCall(spanIds, options);
        const chosen = await model.choose(spanIds, options).catch((error: unknown) => Promise.reject(failed(call, error)));
        exchanges.push({ call, answer: { ok: true, evict_ids: [...chosen] } });
        return chosen;
      },
    },
  };
}

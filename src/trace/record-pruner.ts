import { toWireError } from "../transport/in-process.ts";
import type { Pruner } from "../transport/pruner.ts";
import type { OperationRequest, OperationResponse } from "../wire/protocol.ts";
import { traceHeader, type TraceExchange } from "../wire/trace.ts";
import type { Window } from "../wire/window.ts";

export interface RecordOptions {
  /** The conversation every exchange of this pruner belongs to, so an audit follows its windows. */
  readonly conversation?: string;
  readonly now?: () => Date;
}

/**
 * The same pruner, writing one trace line per call to `write` (the header first, at once): what it was asked
 * and what it answered or refused. Answers and refusals pass through untouched; the request is serialized
 * before the pruner sees it, so a pruner that scribbles on its arguments does not rewrite its own record.
 */
export function recordPruner(pruner: Pruner, write: (line: string) => void, options: RecordOptions = {}): Pruner {
  const now = options.now ?? (() => new Date());
  write(JSON.stringify(traceHeader(now(), { name: pruner.name, capabilities: ["prune", ...pruner.capabilities.filter((c) => c !== "prune")] })));
  let nextId = 1;
  const record = async (request: OperationRequest, answer: () => Window | Promise<Window>): Promise<Window> => {
    const sent = JSON.stringify(request);
    const sent_at = now().toISOString();
    const line = (response: OperationResponse) => {
      const exchange: Omit<TraceExchange, "request"> = {
        response,
        sent_at,
        answered_at: now().toISOString(),
        ...(options.conversation === undefined ? {} : { conversation: options.conversation }),
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
          summarizeWithModel: (window, span_ids, summary_id, store, model) =>
            record({ id: nextId++, op: "summarize", window, span_ids: [...span_ids], summary_id, store }, () =>
              summarizeWithModel.call(pruner, window, span_ids, summary_id, store, model),
            ),
        }),
    ...(reground === undefined
      ? {}
      : { reground: (window, store) => record({ id: nextId++, op: "reground", window, store }, () => reground.call(pruner, window, store)) }),
    ...(compact === undefined
      ? {}
      : {
          compact: (window, store, budget, model) =>
            record({ id: nextId++, op: "compact", window, store, budget }, () => compact.call(pruner, window, store, budget, model)),
        }),
  };
}

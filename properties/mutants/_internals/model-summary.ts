import { UnrecoverablePruneError } from "../../../src/errors/unrecoverable.ts";
import type { Model } from "../../../src/llm/model.ts";
import { summarize } from "../../../src/reference/index.ts";
import { askModel } from "../../../src/reference/ask-model.ts";
import type { Pruner } from "../../../src/transport/pruner.ts";
import type { Store, Window } from "../../../src/wire/window.ts";

/**
 * The reference's summarize with the model's words, but for what it takes for an empty summary: `isEmpty`,
 * where the reference has the protocol's test (Unicode White_Space only). The request's own refusals come
 * first, as the reference's do.
 */
export function summarizingWithEmptiness(isEmpty: (text: string) => boolean): NonNullable<Pruner["summarizeWithModel"]> {
  return async (window: Window, spanIds: readonly string[], summaryId: string, store: Store, model: Model) => {
    summarize(window, spanIds, summaryId, "", store);
    const { text } = await askModel(() => model.summarize(window.spans.filter((span) => spanIds.includes(span.span_id)).map((span) => span.span_id)));
    if (isEmpty(text)) throw new UnrecoverablePruneError("model_failed", null, "the model's summary was empty, so nothing was changed");
    return summarize(window, spanIds, summaryId, text, store);
  };
}

/**
 * LangChain's `trimMessages` (@langchain/core) as a budget-driven `compact` pruner, so prunecheck can
 * say what it does to the seed's conditions. The library does all the choosing: spans become messages
 * (adapters/message-plan.ts), `trimMessages` runs with its defaults except `strategy`, `maxTokens` = the
 * budget and a `tokenCounter` that counts exactly as src/wire/budget.ts does, and the messages it keeps
 * are mapped back to the very span objects they came from.
 *
 * `prune` (every pruner answers it) is the library's own id-based removal, `filterMessages` with
 * `excludeIds`: what a LangChain application does when told to drop given messages.
 *
 * `npx prunecheck run --impl adapters/langchain-trim-messages.ts` (strategy "last");
 * adapters/langchain-trim-messages-first.ts is the same with strategy "first".
 */
import { AIMessage, type BaseMessage, filterMessages, HumanMessage, SystemMessage, ToolMessage, trimMessages } from "@langchain/core/messages";
import { definePruner, spanSize } from "prunecheck";
import type { Budget, Span, Window } from "prunecheck";
import { planMessages, TOOL_NAME, type PlannedMessage } from "./message-plan.ts";

export function langchainTrimMessages(strategy: "last" | "first") {
  return definePruner({
    name: `langchain-trim-messages-${strategy}`,
    capabilities: ["compact"],
    prune(window, evictIds) {
      const { messages, spanOf } = toMessages(window.spans);
      return backToWindow(window, filterMessages(messages, { excludeIds: [...evictIds] }), spanOf);
    },
    async compact(window, _store, budget) {
      const { messages, spanOf } = toMessages(window.spans);
      const kept = await trimMessages(messages, { strategy, maxTokens: budget.limit, tokenCounter: counter(spanOf, budget.unit) });
      return backToWindow(window, kept, spanOf);
    },
  });
}

export default langchainTrimMessages("last");

function toMessages(spans: readonly Span[]) {
  const bySpanId = new Map(spans.map((span) => [span.span_id, span]));
  const spanOf = (message: BaseMessage): Span => {
    const span = message.id === undefined ? undefined : bySpanId.get(message.id);
    if (span === undefined) throw new Error(`trimMessages returned a message (id ${JSON.stringify(message.id)}) that no span was mapped to`);
    return span;
  };
  return { messages: planMessages(spans).map(toMessage), spanOf };
}

function toMessage(planned: PlannedMessage): BaseMessage {
  const { span_id: id, text: content } = planned.span;
  switch (planned.kind) {
    case "call":
      return new AIMessage({
        id,
        content,
        tool_calls: planned.callIds.map((callId) => ({ id: callId, name: TOOL_NAME, args: {}, type: "tool_call" as const })),
      });
    case "result":
      return new ToolMessage({ id, content, tool_call_id: planned.callId });
    case "text":
      return planned.role === "system"
        ? new SystemMessage({ id, content })
        : planned.role === "assistant"
          ? new AIMessage({ id, content })
          : new HumanMessage({ id, content });
  }
}

/**
 * Counts the spans behind the messages, so the library's notion of size is the budget's unit. Each message's
 * size is taken once: trimMessages counts ever longer runs of the same messages, which over a 3,000-message
 * window recounted a megabyte of text hundreds of times.
 */
function counter(spanOf: (message: BaseMessage) => Span, unit: Budget["unit"]) {
  const sizes = new WeakMap<BaseMessage, number>();
  const sizeOf = (message: BaseMessage): number => {
    const known = sizes.get(message);
    if (known !== undefined) return known;
    const size = spanSize(spanOf(message), unit);
    sizes.set(message, size);
    return size;
  };
  return (messages: BaseMessage[]) => messages.reduce((sum, message) => sum + sizeOf(message), 0);
}

function backToWindow(window: Window, kept: readonly BaseMessage[], spanOf: (message: BaseMessage) => Span): Window {
  return { spans: kept.map(spanOf), derivation_depth: window.derivation_depth + 1 };
}

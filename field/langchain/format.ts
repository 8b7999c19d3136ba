/**
 * Spans as LangChain messages (@langchain/core) and back: the one mapping every LangChain adapter uses.
 * The transcript's shape comes from adapters/message-plan.ts; each message carries its span's id, so what
 * a library keeps maps back to the very span objects it came from.
 */
import { AIMessage, type BaseMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { spanSize } from "prunecheck";
import type { Budget, Span } from "prunecheck";
import { planMessages, TOOL_NAME, type PlannedMessage } from "../../adapters/message-plan.ts";

/** The window's spans as messages, and the way back from a message the library kept to its span. */
export function toMessages(spans: readonly Span[]) {
  const bySpanId = new Map(spans.map((span) => [span.span_id, span]));
  const spanOf = (message: BaseMessage): Span => {
    const span = message.id === undefined ? undefined : bySpanId.get(message.id);
    if (span === undefined) throw new Error(`the library returned a message (id ${JSON.stringify(message.id)}) that no span was mapped to`);
    return span;
  };
  return { messages: planMessages(spans).map(toMessage), spanOf };
}

export function toMessage(planned: PlannedMessage): BaseMessage {
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
export function counter(spanOf: (message: BaseMessage) => Span, unit: Budget["unit"]) {
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

/** What a message says: its content, or the content's JSON when the library wrote it as parts. */
export function textOf(message: BaseMessage): string {
  return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}

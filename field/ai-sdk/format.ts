/**
 * Spans as the Vercel AI SDK's `ModelMessage`s (package `ai`) and back: the one mapping every AI SDK
 * adapter uses. A call is an assistant message with a text part (the span's text) and one `tool-call`
 * part per result; a result is a tool message with one `tool-result` part, the span's text as its output;
 * any other span a system/user/assistant message with string content. Each message carries its span's id
 * in `providerOptions`, which the SDK's message functions copy, so the messages they keep map back to the
 * very span objects they came from.
 */
import type { ModelMessage } from "ai";
import type { Span, Window } from "prunecheck";
import { TOOL_NAME, type PlannedMessage } from "../../adapters/message-plan.ts";

/** Where each message keeps the id of its span. */
const ORIGIN = "prunecheck";

/** The provider options that tie a message to its span. */
export function originOf(span: Pick<Span, "span_id">) {
  return { [ORIGIN]: { span_id: span.span_id } };
}

export function toModelMessage(planned: PlannedMessage): ModelMessage {
  const { text } = planned.span;
  const providerOptions = originOf(planned.span);
  switch (planned.kind) {
    case "call":
      return {
        role: "assistant",
        content: [{ type: "text", text }, ...planned.callIds.map((toolCallId) => ({ type: "tool-call" as const, toolCallId, toolName: TOOL_NAME, input: {} }))],
        providerOptions,
      };
    case "result":
      return {
        role: "tool",
        content: [{ type: "tool-result", toolCallId: planned.callId, toolName: TOOL_NAME, output: { type: "text", value: text } }],
        providerOptions,
      };
    case "text":
      return { role: planned.role, content: text, providerOptions };
  }
}

export function spanIdOf(message: ModelMessage): string {
  const spanId = message.providerOptions?.[ORIGIN]?.span_id;
  if (typeof spanId !== "string") throw new Error("the SDK returned a message without the span id it was given in providerOptions");
  return spanId;
}

/** The messages the SDK kept, as the spans they came from, one derivation deeper. */
export function backToWindow(window: Window, messages: readonly ModelMessage[]): Window {
  const bySpanId = new Map(window.spans.map((span) => [span.span_id, span]));
  return {
    spans: messages.map((message) => {
      const span = bySpanId.get(spanIdOf(message));
      if (span === undefined) throw new Error("the SDK returned a message that no span was mapped to");
      return span;
    }),
    derivation_depth: window.derivation_depth + 1,
  };
}

/** What a message says: its string content, its text parts, and its tool results' text output, in order. */
export function textOf(message: ModelMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .map((part) => (part.type === "text" ? part.text : part.type === "tool-result" && part.output.type === "text" ? part.output.value : ""))
    .join("");
}

/**
 * Spans as the AI SDK 4 `CoreMessage`s Mastra 0.x's memory processors take (the one mapping every Mastra
 * adapter uses): a call is an assistant message with the span's text (when it has any) and one `tool-call`
 * part per result; a result is a `tool` message holding one `tool-result` part whose `result` is the span's
 * text; any other span a message of its role (`user` by default) whose content is the span's text.
 */
import type { CoreMessage } from "@mastra/core/llm";
import { TOOL_NAME, type PlannedMessage } from "../../adapters/message-plan.ts";

export function toCoreMessage(planned: PlannedMessage): CoreMessage {
  const { text } = planned.span;
  switch (planned.kind) {
    case "call":
      return {
        role: "assistant",
        content: [
          ...(text === "" ? [] : [{ type: "text" as const, text }]),
          ...planned.callIds.map((toolCallId) => ({ type: "tool-call" as const, toolCallId, toolName: TOOL_NAME, args: {} })),
        ],
      };
    case "result":
      return { role: "tool", content: [{ type: "tool-result", toolCallId: planned.callId, toolName: TOOL_NAME, result: text }] };
    case "text":
      return { role: planned.role, content: text };
  }
}

/** The text a message says: its content, its text parts, or a tool result's `result`. */
export function textOf(message: CoreMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => (part.type === "text" ? part.text : part.type === "tool-result" ? String(part.result) : "")).join("");
}

/**
 * Spans as `@strands-agents/sdk` messages (Bedrock-style content blocks): the one mapping every Strands
 * adapter uses, over the SDK module handed in, so releases with different module identities share it. A
 * call is an assistant message with one `ToolUseBlock` per result, whose `input` holds the span's text (so
 * a budget sees the call's input); a result is a user message with one `ToolResultBlock`; any other span
 * a text message of its role (Strands keeps the system prompt apart, so a system span is a user turn).
 */
import type * as Strands from "strands-sdk-0-7-0";
import { TOOL_NAME, type PlannedMessage } from "../../adapters/message-plan.ts";

/**
 * The message classes the mapping builds with, typed by the oldest installed release: later ones build the
 * same objects, and only their types (wider content blocks) differ, so they are handed in cast to this.
 */
export type MessageSdk = Pick<typeof Strands, "Message" | "TextBlock" | "ToolResultBlock" | "ToolUseBlock">;
export type Message = Strands.Message;

export function toStrandsMessage(sdk: MessageSdk, planned: PlannedMessage): Message {
  const { text } = planned.span;
  switch (planned.kind) {
    case "call":
      return new sdk.Message({
        role: "assistant",
        content: planned.callIds.map((toolUseId) => new sdk.ToolUseBlock({ name: TOOL_NAME, toolUseId, input: { text } })),
      });
    case "result":
      return new sdk.Message({
        role: "user",
        content: [new sdk.ToolResultBlock({ toolUseId: planned.callId, status: "success", content: [new sdk.TextBlock(text)] })],
      });
    case "text":
      return new sdk.Message({ role: planned.role === "assistant" ? "assistant" : "user", content: [new sdk.TextBlock(text)] });
  }
}

/** What a message says as text: its text blocks, and those inside tool results, in order. */
export function textOf(message: Message): string {
  return message.content
    .map((block) =>
      block.type === "textBlock"
        ? block.text
        : block.type === "toolResultBlock"
          ? block.content.map((inner) => (inner.type === "textBlock" ? inner.text : "")).join("")
          : "",
    )
    .join("");
}

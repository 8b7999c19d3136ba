/**
 * Spans as the messages of a Teams AI conversation history (`@microsoft/teams-ai` 1.x `Message`): the one
 * mapping every Teams AI adapter uses. A call is an assistant message with the span's text as its content
 * and one `action_calls` entry per result; a result is a `tool` message answering its call
 * (`action_call_id`), the span's text as its content; any other span a message of its role (`user` by
 * default) whose content is the span's text.
 */
import type { Message } from "@microsoft/teams-ai";
import { TOOL_NAME, type PlannedMessage } from "../../adapters/message-plan.ts";

export function toTeamsMessage(planned: PlannedMessage): Message {
  const { text } = planned.span;
  switch (planned.kind) {
    case "call":
      return {
        role: "assistant",
        content: text,
        action_calls: planned.callIds.map((id) => ({ id, type: "function" as const, function: { name: TOOL_NAME, arguments: "{}" } })),
      };
    case "result":
      return { role: "tool", action_call_id: planned.callId, content: text };
    case "text":
      return { role: planned.role, content: text };
  }
}

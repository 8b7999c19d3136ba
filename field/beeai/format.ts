/**
 * Spans as BeeAI Framework chat messages (`beeai-framework/backend/message`): the one mapping every BeeAI
 * adapter uses. Its memories read a message's text only, so a span is a text message of its role: a call
 * an assistant turn and its result a user turn (as for LlamaIndex, which reads text only too), any other
 * span a system, user or assistant message as its `role` says (user by default).
 */
import { AssistantMessage, type Message, SystemMessage, UserMessage } from "beeai-framework/backend/message";
import { type PlannedMessage, textOnlyRole } from "../../adapters/message-plan.ts";

export function toBeeMessage(planned: PlannedMessage): Message {
  const { text } = planned.span;
  const role = textOnlyRole(planned);
  return role === "assistant" ? new AssistantMessage(text) : role === "system" ? new SystemMessage(text) : new UserMessage(text);
}

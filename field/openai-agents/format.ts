/**
 * Spans as OpenAI Responses input items, as the OpenAI Agents SDK keeps them in a session
 * (`AgentInputItem` of `@openai/agents-core`): the one mapping every OpenAI Agents adapter uses. A plain
 * turn is a `message` of its role (an assistant's text is `output_text` content); a call is one
 * `function_call` item per result, its `arguments` holding the span's text; a result is a
 * `function_call_result` whose output is the span's text. Every item carries its span's id as its own,
 * which the SDK passes through to the API and back.
 */
import type { AgentInputItem } from "@openai/agents-core";
import type { Span } from "prunecheck";
import { planMessages, TOOL_NAME, type PlannedMessage } from "../../adapters/message-plan.ts";

/** The window's spans as session items, and the span each item came from (a call's items share theirs). */
export function toResponsesItems(spans: readonly Span[]): { items: AgentInputItem[]; spanOf: Map<AgentInputItem, Span> } {
  const spanOf = new Map<AgentInputItem, Span>();
  const items = planMessages(spans).flatMap((planned) => {
    const mapped = itemsOf(planned);
    mapped.forEach((item) => spanOf.set(item, planned.span));
    return mapped;
  });
  return { items, spanOf };
}

function itemsOf(planned: PlannedMessage): AgentInputItem[] {
  const { span_id: id, text } = planned.span;
  switch (planned.kind) {
    case "call":
      return planned.callIds.map((callId, at) => ({
        type: "function_call",
        // Item ids are unique in a session: a parallel call's later items are told apart by their call id.
        id: at === 0 ? id : `${id}#${callId}`,
        callId,
        name: TOOL_NAME,
        arguments: JSON.stringify({ text }),
        status: "completed",
      }));
    case "result":
      return [{ type: "function_call_result", id, callId: planned.callId, name: TOOL_NAME, status: "completed", output: text }];
    case "text":
      return [
        planned.role === "assistant"
          ? { type: "message", role: "assistant", id, status: "completed", content: [{ type: "output_text", text }] }
          : { type: "message", role: planned.role, id, content: text },
      ];
  }
}

/** What an item says: a message's text, a result's output, a call's `text` argument. */
export function textOf(item: AgentInputItem): string {
  switch (item.type) {
    case "function_call":
      return said((JSON.parse(item.arguments) as { text?: unknown }).text);
    case "function_call_result":
      return said(item.output);
    case "message":
      return said(item.content);
    default:
      return "";
  }
}

/** The text of content as the SDK holds it: a string, a part with `text`, or a list of them. */
function said(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map(said).join("");
  return content !== null && typeof content === "object" && "text" in content && typeof content.text === "string" ? content.text : "";
}

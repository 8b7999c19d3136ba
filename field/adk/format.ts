/**
 * Spans as Google ADK session events (`@google/adk`): the one mapping every ADK adapter uses. ADK keeps a
 * conversation as events, each with an author and a Gemini `Content` of parts. A call is the agent's
 * event whose parts are the span's text (when it has any) and one `functionCall` per result; a result is the agent's event
 * holding one `functionResponse`, whose `response.result` is the span's text (tool output is a
 * response object in ADK, not text); any other span a text event, the user's, or the agent's for an
 * assistant turn (ADK keeps instructions out of the session, so a system span is a user turn).
 *
 * Events are stamped 1, 2, 3, … in window order: ADK orders a session and finds what a compaction left
 * after it by timestamp.
 */
import { createEvent, type Event } from "@google/adk";
import { TOOL_NAME, type PlannedMessage } from "../../adapters/message-plan.ts";

export const AGENT = "agent";

export function toAdkEvent(planned: PlannedMessage, at: number): Event {
  const { span_id: id, text } = planned.span;
  const timestamp = at + 1;
  switch (planned.kind) {
    case "call":
      return createEvent({
        id,
        timestamp,
        author: AGENT,
        // A call with nothing to say is function calls alone: ADK leaves an event whose first part is an empty
        // text out of the model's request, function calls and all.
        content: {
          role: "model",
          parts: [...(text === "" ? [] : [{ text }]), ...planned.callIds.map((callId) => ({ functionCall: { id: callId, name: TOOL_NAME, args: {} } }))],
        },
      });
    case "result":
      return createEvent({
        id,
        timestamp,
        author: AGENT,
        content: { role: "user", parts: [{ functionResponse: { id: planned.callId, name: TOOL_NAME, response: { result: text } } }] },
      });
    case "text":
      return planned.role === "assistant"
        ? createEvent({ id, timestamp, author: AGENT, content: { role: "model", parts: [{ text }] } })
        : createEvent({ id, timestamp, author: "user", content: { role: "user", parts: [{ text }] } });
  }
}

/** What an event says: its text parts, and the results of its function responses, in order. */
export function textOf(event: Event): string {
  return (event.content?.parts ?? [])
    .map((part) => part.text ?? (part.functionResponse === undefined ? "" : String(part.functionResponse.response?.["result"] ?? "")))
    .join("");
}

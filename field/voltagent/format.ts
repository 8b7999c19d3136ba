/**
 * Spans as the UI messages a VoltAgent agent's history holds (the AI SDK's `UIMessage`, which VoltAgent
 * stores and summarizes): the one mapping every VoltAgent adapter uses. In such a history a tool's call and
 * its output are one `tool-<name>` part of the assistant's message, so a call and the results that follow
 * it directly are one assistant message: a text part (the call's text), then one `tool-tool` part per
 * result, in the state a history stores once the tool has answered (`output-available`), the result's text
 * as its output. A result that does not follow its call (a history VoltAgent never holds, which the window
 * may) is an assistant message of its own holding its part; any other span a message of its role (`user`
 * by default) with one text part. The messages keep the window's order, each with an id of its own
 * (`m<index of its first span>`), which the agent keeps on the messages it sends: the way back to the
 * spans.
 */
import type { UIMessage } from "ai";
import type { Span } from "prunecheck";
import { planMessages, TOOL_NAME, type PlannedMessage } from "../../adapters/message-plan.ts";

export interface UiHistory {
  readonly messages: UIMessage[];
  /** The spans each message stands for, in the window's order, by message id. */
  readonly spansOf: ReadonlyMap<string, readonly Span[]>;
}

export function uiHistoryOf(spans: readonly Span[]): UiHistory {
  const planned = planMessages(spans);
  const messages: UIMessage[] = [];
  const spansOf = new Map<string, Span[]>();
  planned.forEach((each, at) => {
    // The message before, if it is a call's: the result joins it when it answers that call.
    const previous = messages.at(-1);
    const call = previous === undefined ? undefined : planned[Number(previous.id.slice(1))];
    if (each.kind === "result" && call?.kind === "call" && call.callIds.includes(each.callId)) {
      previous!.parts.push(toolPart(each));
      spansOf.get(previous!.id)!.push(each.span);
      return;
    }
    const message = toUiMessage(each, `m${at}`);
    messages.push(message);
    spansOf.set(message.id, [each.span]);
  });
  return { messages, spansOf };
}

function toUiMessage(planned: PlannedMessage, id: string): UIMessage {
  const { text } = planned.span;
  switch (planned.kind) {
    case "call":
      return { id, role: "assistant", parts: [{ type: "text", text }] };
    case "result":
      return { id, role: "assistant", parts: [toolPart(planned)] };
    case "text":
      return { id, role: planned.role, parts: [{ type: "text", text }] };
  }
}

function toolPart(result: PlannedMessage & { kind: "result" }): UIMessage["parts"][number] {
  return { type: `tool-${TOOL_NAME}`, toolCallId: result.callId, state: "output-available", input: {}, output: result.span.text };
}

/** What a message says: its text parts and its tools' output, in order. */
export function textOf(message: UIMessage): string {
  return message.parts.map((part) => (part.type === "text" ? part.text : "output" in part && typeof part.output === "string" ? part.output : "")).join("");
}

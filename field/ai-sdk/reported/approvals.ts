/**
 * The AI SDK's `pruneMessages` over a transcript with tool approvals, one message part per span, for the
 * reports about approval lifecycles (vercel/ai 16385 and 20953). adapters/message-plan.ts knows calls and
 * results only; here a span's `part` extra field says which part it is, and its `depends_on` which part it
 * refers to:
 *
 * - `tool-call` (tool name in `tool`): an assistant message with that call, its id the span id;
 * - `tool-approval-request` depending on a call: an assistant message asking to approve it;
 * - `tool-approval-response` depending on a request: a tool message answering it;
 * - `tool-result` depending on a call: a tool message with its result (the span's text);
 * - no `part`: a user message.
 *
 * One part per message, so each part the SDK drops takes its span with it and each it keeps keeps its
 * span; `dependencies-intact` then judges the lifecycle the SDK left. `compact` makes one `pruneMessages`
 * call with the given options: the reports are about what it keeps, not about a budget.
 */
import type { ModelMessage, pruneMessages as PruneMessages } from "ai";
import { definePruner } from "prunecheck";
import type { Pruner, Span } from "prunecheck";
import { dropEvicted } from "../../../adapters/drop-evicted.ts";
import { backToWindow, originOf } from "../format.ts";

type Options = Omit<Parameters<typeof PruneMessages>[0], "messages">;
type Prune = (options: { messages: ModelMessage[] } & Options) => ModelMessage[];

export function approvalPruner(name: string, pruneMessages: Prune, options: Options): Pruner {
  return definePruner({
    name,
    capabilities: ["compact"],
    prune: dropEvicted,
    compact(window) {
      return backToWindow(window, pruneMessages({ messages: window.spans.map((span) => toMessage(span, window.spans)), ...options }));
    },
  });
}

function toMessage(span: Span, spans: readonly Span[]): ModelMessage {
  const providerOptions = originOf(span);
  const target = span.depends_on?.[0] ?? "";
  const toolName = (id: string) => String((spans.find((other) => other.span_id === id) as { tool?: unknown } | undefined)?.tool ?? "tool");
  switch ((span as { part?: unknown }).part) {
    case "tool-call":
      return {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: span.span_id, toolName: toolName(span.span_id), input: { text: span.text } }],
        providerOptions,
      };
    case "tool-approval-request":
      return { role: "assistant", content: [{ type: "tool-approval-request", approvalId: span.span_id, toolCallId: target }], providerOptions };
    case "tool-approval-response":
      return { role: "tool", content: [{ type: "tool-approval-response", approvalId: target, approved: true, reason: span.text }], providerOptions };
    case "tool-result":
      return {
        role: "tool",
        content: [{ type: "tool-result", toolCallId: target, toolName: toolName(target), output: { type: "text", value: span.text } }],
        providerOptions,
      };
    default:
      return { role: "user", content: span.text, providerOptions };
  }
}

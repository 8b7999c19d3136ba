/**
 * `@strands-agents/sdk`'s `SlidingWindowConversationManager` as two `compact` pruners, for the reports
 * filed against it (strands-agents/sdk-typescript 727 and 896), built over the SDK module handed in, so
 * that the release that had a fault and the release that fixed it run through the same glue:
 *
 * - `slidingWindow`: routine window management, what the `AfterInvocationEvent` hook runs after every
 *   invocation (`_applyManagement`), asked for ever smaller `windowSize` until the window fits the budget;
 * - `overflowReduction`: what the agent does when the model reports a context overflow: `reduce()` with the
 *   `ContextWindowOverflowError`, retried while the window is still over budget and the manager still
 *   reduces.
 *
 * Spans become Strands messages by ./turns.ts (adapters/message-plan.ts, explicit roles kept) and
 * field/strands/format.ts. Messages the manager keeps map back to their spans; a tool result it rewrote maps back to its
 * span with the text the model would now read, so the rewrite is judged, not hidden.
 */
import type * as Strands from "strands-sdk-0-7-0";
import { definePruner, windowSize } from "prunecheck";
import type { Pruner, Span, Window } from "prunecheck";
import { toStrandsMessage } from "../format.ts";
import { planTurns } from "../../../test/reported/glue/turns.ts";
import { dropEvicted } from "../../../adapters/drop-evicted.ts";

/** The parts of the SDK the glue uses; both installed releases export them. */
type Sdk = Pick<
  typeof Strands,
  "ContextWindowOverflowError" | "Message" | "SlidingWindowConversationManager" | "TextBlock" | "ToolResultBlock" | "ToolUseBlock"
>;
type Message = Strands.Message;

/** The members the manager's hooks call; they are JavaScript-public, underscored as internal. */
interface Manager {
  _applyManagement(messages: Message[]): void;
  reduce(options: { agent: { messages: Message[] }; error?: Error }): boolean;
}

export function strandsPruners(sdk: Sdk, version: string): { slidingWindow: Pruner; overflowReduction: Pruner } {
  const manager = (windowSize: number): Manager => new sdk.SlidingWindowConversationManager({ windowSize, shouldTruncateResults: true }) as unknown as Manager;
  const slidingWindow = strandsPruner(sdk, `strands-${version}-sliding-window`, (messages, fits) => {
    for (let size = messages.length; size >= 1; size--) {
      const trimmed = [...messages];
      manager(size)._applyManagement(trimmed);
      if (fits(trimmed) || size === 1) return trimmed;
    }
    return [...messages];
  });
  const overflowReduction = strandsPruner(sdk, `strands-${version}-overflow-reduction`, (messages, fits) => {
    const reducing = [...messages];
    const strands = manager(40);
    const error = new sdk.ContextWindowOverflowError("context window overflow");
    while (!fits(reducing) && strands.reduce({ agent: { messages: reducing }, error }));
    return reducing;
  });
  return { slidingWindow, overflowReduction };
}

type Strategy = (messages: readonly Message[], fits: (messages: readonly Message[]) => boolean) => Message[];

function strandsPruner(sdk: Sdk, name: string, strategy: Strategy): Pruner {
  return definePruner({
    name,
    capabilities: ["compact"],
    prune: dropEvicted,
    compact(window, _store, budget) {
      const { messages, back } = toMessages(sdk, window.spans);
      const fits = (kept: readonly Message[]) => windowSize(back(window, kept), budget.unit) <= budget.limit;
      return back(window, strategy(messages, fits));
    },
  });
}

function toMessages(sdk: Sdk, spans: readonly Span[]) {
  const planned = planTurns(spans);
  const messages = planned.map((plan) => toStrandsMessage(sdk, plan));
  const bySpan = new Map(messages.map((message, at) => [message, planned[at]!.span]));
  const byCallId = new Map(planned.flatMap((plan) => (plan.kind === "result" ? [[plan.callId, plan.span] as const] : [])));
  const back = (window: Window, kept: readonly Message[]): Window => ({
    spans: kept.map((message) => bySpan.get(message) ?? rewritten(message, byCallId)),
    derivation_depth: window.derivation_depth + 1,
  });
  return { messages, back };
}

/** A tool-result message the manager replaced by a new one: its span, carrying the text it now holds. */
function rewritten(message: Message, byCallId: ReadonlyMap<string, Span>): Span {
  const block = message.content.find((content): content is Strands.ToolResultBlock => content.type === "toolResultBlock");
  const original = block && byCallId.get(block.toolUseId);
  if (!block || !original) throw new Error("the conversation manager returned a message that no span was mapped to");
  const text = block.content.map((content) => (content.type === "textBlock" ? content.text : "")).join("");
  return { ...original, text };
}

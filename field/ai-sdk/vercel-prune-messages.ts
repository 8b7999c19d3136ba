/**
 * The Vercel AI SDK's `pruneMessages` (package `ai`, 6.x) as a `compact` pruner.
 *
 * `pruneMessages` takes no budget: it removes reasoning parts and tool-call / tool-result parts older
 * than the last N messages (keeping the calls whose results are recent, and the other way round), then
 * removes messages left empty. To make it a budget pruner as far as it can be, `compact` asks it for
 * ever more pruning, `toolCalls: "none"`, then `"before-last-${n}-messages"` for n from the message count
 * down to 1, then `"all"`, and returns the first result that fits the budget (measured as
 * src/wire/budget.ts does), or the `"all"` result when none fits: pruning tool traffic is all it can do,
 * and an application would send that. The library chooses every message that goes; this file only
 * picks how hard to ask.
 *
 * Spans become ModelMessages (field/ai-sdk/format.ts), and the messages it keeps map back to the very
 * span objects they came from. A call whose tool-call parts were pruned keeps its text part, so its span
 * stays; its results go.
 *
 * `prune` is the window minus the evicted ids (`messages.filter`): the SDK has no id-based removal.
 *
 * `npx prunecheck run --impl field/ai-sdk/vercel-prune-messages.ts`
 */
import { pruneMessages, type ModelMessage } from "ai";
import { definePruner, windowSize } from "prunecheck";
import type { Budget, Span, Window } from "prunecheck";
import { backToWindow, spanIdOf, toModelMessage } from "./format.ts";
import { planMessages } from "../../adapters/message-plan.ts";

type ToolCallsOption = NonNullable<Parameters<typeof pruneMessages>[0]["toolCalls"]>;

export default definePruner({
  name: "vercel-prune-messages",
  capabilities: ["compact"],
  prune(window, evictIds) {
    const evict = new Set(evictIds);
    const messages = toMessages(window.spans);
    return backToWindow(
      window,
      messages.filter((message) => !evict.has(spanIdOf(message))),
    );
  },
  compact(window, _store, budget) {
    const messages = toMessages(window.spans);
    const steps = escalation(messages.length);
    const at = (step: number) => backToWindow(window, pruneMessages({ messages, toolCalls: steps[step] as ToolCallsOption }));
    // Each step prunes all that the one before it did and more, so the results shrink along the steps and
    // the first that fits is found by bisection: trying them in turn costs a 3,000-message window seconds.
    let low = 0;
    let high = steps.length - 1;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (fits(at(middle), budget)) high = middle;
      else low = middle + 1;
    }
    return at(low);
  },
});

/** From no pruning to all tool traffic pruned. */
function escalation(count: number): ToolCallsOption[] {
  const recent = Array.from({ length: Math.max(count - 1, 0) }, (_, at) => `before-last-${count - 1 - at}-messages` as const);
  return ["none", ...recent, "all"];
}

function fits(window: Window, budget: Budget): boolean {
  return windowSize(window, budget.unit) <= budget.limit;
}

function toMessages(spans: readonly Span[]): ModelMessage[] {
  return planMessages(spans).map(toModelMessage);
}

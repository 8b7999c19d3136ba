/**
 * Mastra's `TokenLimiter` memory processor (@mastra/memory 0.15, over @mastra/core 0.24: the last
 * releases that run on Node 20; 1.x needs Node 22.13) as a budget-driven `compact` pruner. The processor
 * does all the choosing: spans become AI SDK 4 messages (field/mastra/format.ts), and its `process`, what a
 * Mastra agent's memory runs over the history it recalls, keeps the newest messages whose count, with its
 * overheads (24 tokens a conversation, 3.8 a message with text), is within its limit, the budget, and stops
 * at the first that is not. It counts with tiktoken; here its `countTokens` counts a message as
 * prunecheck's budget counts its span (the overheads stay the library's), so that its limit is the budget
 * in the budget's unit (a stand-in: the library takes an encoding, not a counter).
 *
 * `prune` is the removal of the named messages (adapters/drop-evicted.ts); the compact-only twin judges the
 * processor's own choices alone.
 *
 * `npx prunecheck run --impl field/mastra/mastra-token-limiter.ts` (after `npm ci --prefix field/mastra`)
 */
import type { CoreMessage } from "@mastra/core/llm";
import { TokenLimiter } from "@mastra/memory/processors";
import { definePruner, spanSize } from "prunecheck";
import type { Budget, Span } from "prunecheck";
import { dropEvicted } from "../../adapters/drop-evicted.ts";
import { messagesOf } from "../../adapters/message-plan.ts";
import { toCoreMessage } from "./format.ts";

/**
 * The processor, counting a message as the budget counts the span it came from. An application builds its
 * limiter once (loading its tiktoken encoder takes about a second); here the limit is each compact's
 * budget, so the one limiter has its limit set before each `process`.
 */
class BudgetTokenLimiter extends TokenLimiter {
  size: (message: CoreMessage) => number = () => 0;

  limitTo(limit: number, size: (message: CoreMessage) => number): this {
    (this as unknown as { maxTokens: number }).maxTokens = limit;
    this.size = size;
    return this;
  }

  override countTokens(message: string | CoreMessage): number {
    return typeof message === "string" ? super.countTokens(message) : this.size(message);
  }
}

let limiter: BudgetTokenLimiter | undefined;

export default definePruner({
  name: "mastra-token-limiter",
  capabilities: ["compact"],
  prune: dropEvicted,
  compact(window, _store, budget: Budget) {
    const { messages, spanOf } = messagesOf(window.spans, toCoreMessage);
    limiter ??= new BudgetTokenLimiter(0);
    limiter.limitTo(budget.limit, (message) => spanSize(spanOf.get(message)!, budget.unit));
    return { spans: limiter.process([...messages]).map((message): Span => spanOf.get(message)!), derivation_depth: window.derivation_depth + 1 };
  },
});

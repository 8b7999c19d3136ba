/**
 * The BeeAI Framework's `TokenMemory` (beeai-framework) as a budget-driven `compact` pruner. The memory
 * does all the choosing: spans become messages (field/beeai/format.ts) added in order, as an agent adds
 * each message of a conversation, to a memory of `maxTokens` = the budget, whose `estimate` and `tokenize`
 * handlers count a message as prunecheck's budget counts its span. Before each message goes in, it removes
 * the oldest (its default `removalSelector`) until the message fits; a message alone over `maxTokens` it
 * refuses with a `MemoryFatalError`, which this compact lets through. The messages it holds at the end map
 * back to the very span objects they came from.
 *
 * `prune` is the removal of the named messages (adapters/drop-evicted.ts): what an application does when
 * told to drop given messages; the compact-only twin judges the memory's own choices alone.
 *
 * `npx prunecheck run --impl field/beeai/beeai-token-memory.ts` (after `npm ci --prefix field/beeai`)
 */
import type { Message } from "beeai-framework/backend/message";
import { TokenMemory } from "beeai-framework/memory/tokenMemory";
import { definePruner, spanSize } from "prunecheck";
import type { Span } from "prunecheck";
import { dropEvicted } from "../../adapters/drop-evicted.ts";
import { messagesOf } from "../../adapters/message-plan.ts";
import { toBeeMessage } from "./format.ts";

export default definePruner({
  name: "beeai-token-memory",
  capabilities: ["compact"],
  prune: dropEvicted,
  async compact(window, _store, budget) {
    const { messages, spanOf } = messagesOf(window.spans, toBeeMessage);
    const size = (message: Message) => spanSize(spanOf.get(message)!, budget.unit);
    const memory = new TokenMemory({
      maxTokens: budget.limit,
      handlers: { estimate: size, tokenize: async (some: Message[]) => some.reduce((sum, message) => sum + size(message), 0) },
    });
    for (const message of messages) await memory.add(message);
    return { spans: memory.messages.map((message): Span => spanOf.get(message)!), derivation_depth: window.derivation_depth + 1 };
  },
});

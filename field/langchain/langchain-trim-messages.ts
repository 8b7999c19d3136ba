/**
 * LangChain's `trimMessages` (@langchain/core) as a budget-driven `compact` pruner, so prunecheck can
 * say what it does to the seed's conditions. The library does all the choosing: spans become messages
 * (field/langchain/format.ts), `trimMessages` runs with `strategy`, `maxTokens` = the budget and a
 * `tokenCounter` that counts exactly as src/wire/budget.ts does, and the messages it keeps are mapped back
 * to the very span objects they came from. With strategy "last" it also gets the two options its docs
 * give for keeping a chat history valid, `startOn: "human"` (the kept history starts at a user turn, so
 * no tool result starts it without its call) and `includeSystem: true` (a system message at index 0
 * stays); not `endOn`, which drops the newest assistant turns to make a prompt end on the user's, where
 * this compacts a history to keep. Both are options of strategy "last" only.
 *
 * `prune` (every pruner answers it) is the library's own id-based removal, `filterMessages` with
 * `excludeIds`: what a LangChain application does when told to drop given messages.
 *
 * `npx prunecheck run --impl field/langchain/langchain-trim-messages.ts` (strategy "last");
 * field/langchain/langchain-trim-messages-first.ts is the same with strategy "first".
 */
import { type BaseMessage, filterMessages, trimMessages } from "@langchain/core/messages";
import { definePruner } from "prunecheck";
import type { Span, Window } from "prunecheck";
import { counter, toMessages } from "./format.ts";

/** The options its docs give strategy "last" for a valid chat history; "first" takes neither. */
const ADVISED = { last: { startOn: "human", includeSystem: true }, first: {} } as const;

/**
 * trimMessages with a strategy and, by default, the options its docs advise for it; `options` replaces them
 * (the reports filed against it ran it without them).
 */
export function langchainTrimMessages(strategy: "last" | "first", options: { startOn?: "human"; includeSystem?: boolean } = ADVISED[strategy]) {
  return definePruner({
    name: `langchain-trim-messages-${strategy}`,
    capabilities: ["compact"],
    prune(window, evictIds) {
      const { messages, spanOf } = toMessages(window.spans);
      return backToWindow(window, filterMessages(messages, { excludeIds: [...evictIds] }), spanOf);
    },
    async compact(window, _store, budget) {
      const { messages, spanOf } = toMessages(window.spans);
      const kept = await trimMessages(messages, {
        strategy,
        maxTokens: budget.limit,
        tokenCounter: counter(spanOf, budget.unit),
        ...options,
      });
      return backToWindow(window, kept, spanOf);
    },
  });
}

export default langchainTrimMessages("last");

function backToWindow(window: Window, kept: readonly BaseMessage[], spanOf: (message: BaseMessage) => Span): Window {
  return { spans: kept.map(spanOf), derivation_depth: window.derivation_depth + 1 };
}

/**
 * LangChain's `summarizationMiddleware` (langchain) as a model-driven `compact` pruner, with prunecheck's
 * harness as its model. The middleware does all the choosing: spans become messages
 * (field/langchain/format.ts), its `beforeModel` hook runs as an agent would run it before a model
 * call, with `trigger: { tokens: budget }`, `keep: { tokens: budget / 2 }` and a token counter that counts
 * as src/wire/budget.ts does, and what it returns maps back to spans: the messages it preserved to the
 * span objects they came from, its summary message to a summary span.
 *
 * Its model is a LangChain chat model whose answer is the harness's: asked once, by the middleware, to
 * summarize the messages the middleware replaces, those whose text its prompt holds. Which messages it
 * replaces is learnt first from a dry run of the hook with a model that is never asked (the hook is
 * deterministic; the dry run's summary is discarded), so the harness's model is asked what the library's
 * prompt shows its model.
 *
 * Its summary message (a HumanMessage that reuses the first summarized message's id) becomes a summary span
 * by adapters/library-summary.ts, naming the spans it replaced.
 *
 * `npx prunecheck run --impl field/langchain/langchain-summarization.ts`
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { type BaseMessage, RemoveMessage } from "@langchain/core/messages";
import { summarizationMiddleware } from "langchain";
import type { Budget, Span, Window } from "prunecheck";
import { counter, textOf, toMessages } from "./format.ts";
import { librarySummarizer } from "../../adapters/drop-evicted.ts";
import { HarnessChatModel } from "./harness-chat-model.ts";
import { librarySummary, shownIn } from "../../adapters/library-summary.ts";

const NEVER_ASKED = new HarnessChatModel(() => Promise.resolve(""));

export default librarySummarizer("langchain-summarization", async (window, budget, model) => {
  const { messages, spanOf } = toMessages(window.spans);
  const dry = await summarize(messages, budget, spanOf, NEVER_ASKED);
  if (dry === undefined) return { spans: [...window.spans], derivation_depth: window.derivation_depth + 1 };
  const kept = new Set(dry.slice(1).map((message) => message.id));
  const replaced = window.spans.filter((span) => !kept.has(span.span_id));
  // Asked about the replaced spans its prompt holds: what the middleware left out of it, its model never read.
  const asked = new HarnessChatModel(async (prompt) => (await model.summarize(shownIn(prompt, replaced).map((span) => span.span_id))).text);
  // The hook leaves the messages handed to it as they were, so the real run takes the same ones.
  const result = (await summarize(messages, budget, spanOf, asked)) ?? dry;
  return backToWindow(window, result, spanOf, replaced);
});

/**
 * The middleware's `beforeModel` over these messages: the messages it leaves (its summary first, then the
 * ones it preserved), or undefined when it leaves the history alone.
 */
async function summarize(messages: BaseMessage[], budget: Budget, spanOf: (message: BaseMessage) => Span, model: BaseChatModel) {
  const middleware = summarizationMiddleware({
    model,
    // The library takes no trigger of 0 tokens: at a budget of 0, any history at all triggers it.
    trigger: { tokens: Math.max(1, budget.limit) },
    keep: { tokens: Math.floor(budget.limit / 2) },
    tokenCounter: counter(spanOf, budget.unit),
  });
  const hook = middleware.beforeModel as unknown as (
    state: { messages: BaseMessage[] },
    runtime: { context: object },
  ) => Promise<{ messages: BaseMessage[] } | undefined>;
  const update = await hook({ messages }, { context: {} });
  return update?.messages.filter((message) => !RemoveMessage.isInstance(message));
}

function backToWindow(window: Window, messages: readonly BaseMessage[], spanOf: (message: BaseMessage) => Span, replaced: readonly Span[]): Window {
  const [summary, ...preserved] = messages;
  const spans = preserved.map(spanOf);
  if (summary === undefined) return { spans, derivation_depth: window.derivation_depth + 1 };
  return { spans: [librarySummary(textOf(summary), replaced, window), ...spans], derivation_depth: window.derivation_depth + 1 };
}

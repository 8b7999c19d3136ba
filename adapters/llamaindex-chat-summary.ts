/**
 * LlamaIndex's `ChatSummaryMemoryBuffer` (@llamaindex/core) as a model-driven `compact` pruner, with
 * prunecheck's harness as its LLM. The buffer does all the choosing: spans become chat messages
 * (`user`/`assistant`/`system`; a tool call is an assistant turn, its result a user turn, since the buffer
 * reads text only), it holds them, and `getMessages()` gives what an agent would send next: when that is
 * over its limit (the budget; its LLM's context window is set to four times it, the answer's room three
 * times, the smallest ratio the buffer accepts being a quarter), it has its LLM summarize the conversation
 * and sends the system messages first, then the summary as a system message, then what came after it.
 *
 * Its LLM answers with the harness's model, asked to summarize the spans whose messages the buffer put in
 * its prompt (the latest of the conversation that fit its limit, found by the prompt's own text). Messages
 * it sends map back to their spans, its summary to a summary span (adapters/library-summary.ts); messages
 * it no longer sends are gone. The buffer cannot be made for a limit of 0 (its LLM would have no room to
 * answer): it throws, as it would for an application configured so.
 *
 * `npx prunecheck run --impl adapters/llamaindex-chat-summary.ts`
 */
import type { ChatMessage, LLM } from "@llamaindex/core/llms";
import { ChatSummaryMemoryBuffer } from "@llamaindex/core/memory";
import { messagesToHistory } from "@llamaindex/core/utils";
import { spanSize } from "prunecheck";
import type { Budget, Span } from "prunecheck";
import { librarySummarizer } from "./drop-evicted.ts";
import { librarySummary } from "./library-summary.ts";
import { messagesOf, type PlannedMessage } from "./message-plan.ts";

export default librarySummarizer("llamaindex-chat-summary", async (window, budget, model) => {
  const { messages, spanOf } = messagesOf(window.spans, toChatMessage);
  let context = "";
  let summarized: readonly Span[] = [];
  const llm = {
    metadata: {
      model: "prunecheck-harness",
      temperature: 0,
      topP: 1,
      contextWindow: 4 * budget.limit,
      maxTokens: 3 * budget.limit,
      tokenizer: undefined,
      structuredOutput: false,
    },
    async chat() {
      summarized = promptedSpans(messages, context, spanOf);
      const { text } = await model.summarize(summarized.map((span) => span.span_id));
      return { message: { role: "assistant", content: text }, raw: null };
    },
  } as unknown as LLM;
  const buffer = new ChatSummaryMemoryBuffer({
    llm,
    messages: [...messages],
    tokenizer: tokenizerFor(budget),
    // The buffer fills its prompt with the conversation it summarizes: kept, to learn which messages those were.
    summaryPrompt: { format: (values: { context: string }) => (context = values.context) } as unknown as ChatSummaryMemoryBuffer["summaryPrompt"],
  });
  const sent = await buffer.getMessages();
  // The prompt may hold the latest user message, which the buffer still sends after its summary: the
  // summary replaced only the messages it holds that are no longer sent.
  const replaced = summarized.filter((span) => !sent.some((message) => spanOf.get(message) === span));
  return {
    spans: sent.map((message) => spanOf.get(message) ?? librarySummary(textOf(message), replaced, window)),
    derivation_depth: window.derivation_depth + 1,
  };
});

function toChatMessage(planned: PlannedMessage): ChatMessage {
  const role = planned.kind === "call" ? "assistant" : planned.kind === "result" ? "user" : planned.role;
  return { role, content: planned.span.text };
}

/**
 * Counts as prunecheck's budget does, so the buffer's limit is the budget in its unit. The buffer reads only
 * the length of what `encode` returns (@llamaindex/core 0.6.23, memory), and calls it at every step of its
 * summary loop: an array that long, allocated each time, took 40 % of a compact of 2,000 spans (2.1 s).
 */
function tokenizerFor(budget: Budget) {
  return {
    encode: (text: string) => ({ length: spanSize({ text }, budget.unit) }) as Uint32Array,
    decode: () => "",
  };
}

/**
 * The spans behind the conversation the prompt holds: the buffer summarizes the non-system messages,
 * dropping the oldest until the prompt fits, so the prompt holds the longest latest run of them whose
 * history is its text.
 */
function promptedSpans(messages: readonly ChatMessage[], context: string, spanOf: ReadonlyMap<ChatMessage, Span>): readonly Span[] {
  const conversation = messages.filter((message) => message.role !== "system");
  const from = conversation.findIndex((_, at) => messagesToHistory(conversation.slice(at)) === context);
  return (from === -1 ? [] : conversation.slice(from)).map((message) => spanOf.get(message)!);
}

function textOf(message: ChatMessage): string {
  return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}

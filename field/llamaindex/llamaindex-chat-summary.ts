/**
 * LlamaIndex's `ChatSummaryMemoryBuffer` (@llamaindex/core) as a model-driven `compact` pruner, with
 * prunecheck's harness as its LLM. The buffer does all the choosing: spans become chat messages
 * (`user`/`assistant`/`system`; a tool call is an assistant turn, its result a user turn, since the buffer
 * reads text only), it holds them, and `getMessages()` gives what an agent would send next: when that is
 * over its limit, it has its LLM summarize the conversation with the summary prompt it ships, and sends
 * the system messages first, then the summary as a system message, then what came after it. Its limit is
 * the LLM's context window less its answer's room: here the budget, the context window being the budget
 * and an eighth more, the answer's room (as a model of 8,192 tokens with 1,024 of output).
 *
 * Its LLM answers with the harness's model, asked to summarize the spans whose messages the buffer put in
 * its prompt (the latest of the conversation that fit its limit, found by the prompt's own text). Messages
 * it sends map back to their spans, its summary to a summary span (adapters/library-summary.ts) standing, as
 * the buffer presents it, for the conversation it no longer sends: the oldest messages it dropped from the
 * prompt to make it fit included, which its model never read (model-saw-sources' finding). The buffer
 * cannot be made for a limit of 0 (its LLM would have no room to answer): it throws, as it would for an
 * application configured so. Nor can it summarize under a limit its prompt's template alone is over: its
 * loop that drops the oldest message until the prompt fits would never end (0.6.23), so this compact
 * refuses such a request, as an application configured so could not run it (no real context window is
 * that small; a generated budget is).
 *
 * `npx prunecheck run --impl field/llamaindex/llamaindex-chat-summary.ts`
 */
import type { ChatMessage, LLM } from "@llamaindex/core/llms";
import { ChatSummaryMemoryBuffer } from "@llamaindex/core/memory";
import { defaultSummaryPrompt } from "@llamaindex/core/prompts";
import { messagesToHistory } from "@llamaindex/core/utils";
import { spanSize } from "prunecheck";
import type { Budget, Span } from "prunecheck";
import { librarySummarizer } from "../../adapters/drop-evicted.ts";
import { librarySummary } from "../../adapters/library-summary.ts";
import { messagesOf, type PlannedMessage, textOnlyRole } from "../../adapters/message-plan.ts";

export default librarySummarizer("llamaindex-chat-summary", async (window, budget, model) => {
  const { messages, spanOf } = messagesOf(window.spans, toChatMessage);
  const tokenizer = tokenizerFor(budget);
  let prompted: readonly Span[] = [];
  const llm = {
    metadata: {
      model: "prunecheck-harness",
      temperature: 0,
      topP: 1,
      contextWindow: budget.limit + Math.ceil(budget.limit / 8),
      maxTokens: Math.ceil(budget.limit / 8),
      tokenizer: undefined,
      structuredOutput: false,
    },
    async chat({ messages: asked }: { messages: readonly ChatMessage[] }) {
      prompted = promptedSpans(messages, asked.map(textOf).join("\n"), spanOf);
      const { text } = await model.summarize(prompted.map((span) => span.span_id));
      return { message: { role: "assistant", content: text }, raw: null };
    },
  } as unknown as LLM;
  const buffer = new ChatSummaryMemoryBuffer({
    llm,
    messages: [...messages],
    tokenizer,
  });
  const template = tokenizer.encode(defaultSummaryPrompt.format({ context: "" })).length;
  const request = window.spans.reduce((sum, span) => sum + spanSize(span, budget.unit), 0);
  if (request > budget.limit && template > budget.limit)
    throw new Error(
      `ChatSummaryMemoryBuffer cannot summarize under a limit of ${budget.limit}: its summary prompt's template alone is ${template}, so its loop that drops the oldest message until the prompt fits would never end`,
    );
  const sent = await buffer.getMessages();
  // The buffer sends its system messages, its summary, then what came after: the summary stands for the
  // rest of the conversation, what it dropped from the prompt to make it fit included.
  const stillSent = new Set(sent.map((message) => spanOf.get(message)));
  const replaced = messages.filter((message) => message.role !== "system" && !stillSent.has(spanOf.get(message))).map((message) => spanOf.get(message)!);
  // A summary of an empty prompt (one message over the limit) stands for nothing: a message the buffer made up.
  return {
    spans: sent.map((message) => spanOf.get(message) ?? librarySummary(textOf(message), prompted.length === 0 ? [] : replaced, window)),
    derivation_depth: window.derivation_depth + 1,
  };
});

function toChatMessage(planned: PlannedMessage): ChatMessage {
  return { role: textOnlyRole(planned), content: planned.span.text };
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
 * dropping the oldest until the prompt fits, so the prompt holds the history of the longest latest run of
 * them that it holds at all.
 */
function promptedSpans(messages: readonly ChatMessage[], prompt: string, spanOf: ReadonlyMap<ChatMessage, Span>): readonly Span[] {
  const conversation = messages.filter((message) => message.role !== "system");
  const from = conversation.findIndex((_, at) => prompt.includes(messagesToHistory(conversation.slice(at))));
  return (from === -1 ? [] : conversation.slice(from)).map((message) => spanOf.get(message)!);
}

function textOf(message: ChatMessage): string {
  return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}

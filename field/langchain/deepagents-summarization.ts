/**
 * Deep Agents' `createSummarizationMiddleware` (deepagents) as a model-driven `compact` pruner, with
 * prunecheck's harness as its model. The middleware does all the choosing: spans become LangChain messages
 * (field/langchain/format.ts) and its `wrapModelCall` runs as an agent runs it around a model call. It
 * is the one library here that writes what it evicts somewhere first: before it asks its model for a
 * summary it appends the messages to a history file in its backend (here one held in memory), and its
 * summary message names that file.
 *
 * Configured for the budget as a team would: its model's profile says the context window is the budget,
 * counted in the library's own tokens (a quarter of the characters, as `countTokensApproximately`
 * counts), it summarizes when the history is over that (`trigger`) and keeps the latest half of it
 * (`keep`). The model call it wraps is the harness: it answers when the messages fit the budget, counted as
 * prunecheck counts, and otherwise fails with LangChain's ContextOverflowError as a provider does, which
 * the middleware answers by summarizing again, everything this time. The messages of the call that
 * succeeded are the compacted window; a call that cannot succeed leaves the middleware's error.
 *
 * Its model is a LangChain chat model whose answer is the harness's, asked to summarize the spans whose
 * text its prompt holds, of those whose messages the middleware has just written to its history file (the
 * file's new section is their transcript, so which ones is read from it). Its summary message becomes a
 * summary span (adapters/library-summary.ts) standing for all of those; the history file is the library's
 * own, which no runtime key resolves.
 *
 * `npx prunecheck run --impl field/langchain/deepagents-summarization.ts`
 */
import { ContextOverflowError } from "@langchain/core/errors";
import { AIMessage, type BaseMessage, getBufferString, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { createSummarizationMiddleware } from "deepagents";
import { spanSize } from "prunecheck";
import type { Span, Window } from "prunecheck";
import { textOf, toMessage } from "./format.ts";
import { librarySummarizer } from "../../adapters/drop-evicted.ts";
import { HarnessChatModel } from "./harness-chat-model.ts";
import { librarySummary, shownIn } from "../../adapters/library-summary.ts";
import { libraryTokens } from "../../adapters/library-tokens.ts";
import { messagesOf } from "../../adapters/message-plan.ts";

/** Fixed, so that the history file's path, which the summary message quotes, is the same on every replay. */
const SESSION_ID = "prunecheck";

export default librarySummarizer("deepagents-summarization", async (window, budget, model) => {
  const { messages, spanOf } = messagesOf(window.spans, toMessage);
  const history = new HistoryBackend();
  let summarized: readonly Span[] = [];
  const limit = libraryTokens(budget);
  const chatModel = new HarnessChatModel(async (prompt) => {
    summarized = offloadedSpans(messages, history.lastSection, spanOf);
    // Asked about the offloaded spans its prompt holds: what the middleware left out of it, its model never read.
    return (await model.summarize(shownIn(prompt, summarized).map((span) => span.span_id))).text;
  }, limit);
  const middleware = createSummarizationMiddleware({
    model: chatModel,
    backend: history as unknown as Parameters<typeof createSummarizationMiddleware>[0]["backend"],
    // It summarizes when its count reaches `trigger`: one over the budget is the first count that does not fit.
    trigger: { type: "tokens", value: limit + 1 },
    keep: { type: "tokens", value: Math.floor(limit / 2) },
  });
  let sent: readonly BaseMessage[] | undefined;
  const call = async (request: { messages: BaseMessage[] }) => {
    const spans = request.messages.map((message) => spanOf.get(message) ?? { text: textOf(message) });
    if (spans.reduce((sum, span) => sum + spanSize(span, budget.unit), 0) > budget.limit) {
      throw new ContextOverflowError(`prompt is over the context window of ${budget.limit} ${budget.unit}`);
    }
    sent = request.messages;
    return new AIMessage("");
  };
  const wrap = middleware.wrapModelCall as unknown as (request: object, handler: typeof call) => Promise<unknown>;
  await wrap({ messages, model: chatModel, state: { messages, _summarizationSessionId: SESSION_ID }, runtime: {}, tools: [] }, call);
  return backToWindow(window, sent ?? messages, spanOf, summarized);
});

/**
 * The least of a backend the middleware keeps its history file in, held in memory as the UTF-8 a file holds:
 * it reads the file and writes it back with a section appended, or writes the first section; which section
 * is new is kept.
 */
class HistoryBackend {
  private readonly files = new Map<string, string>();
  lastSection = "";

  async write(path: string, text: string) {
    const content = asWritten(text);
    this.files.set(path, content);
    this.lastSection = content;
    return { path, filesUpdate: null };
  }

  async downloadFiles(paths: readonly string[]) {
    return paths.map((path) => {
      const content = this.files.get(path);
      return content === undefined ? { path, content: null, error: "file_not_found" } : { path, content: new TextEncoder().encode(content), error: null };
    });
  }

  async uploadFiles(files: readonly (readonly [string, Uint8Array])[]) {
    return files.map(([path, bytes]) => {
      const content = new TextDecoder().decode(bytes);
      this.lastSection = content.slice((this.files.get(path) ?? "").length);
      this.files.set(path, content);
      return { path, error: null };
    });
  }
}

/**
 * The spans behind the messages of a history section: the middleware offloads a run of messages from the
 * first, under a `## Summarized at <time>` heading, as `getBufferString` writes them, a line each.
 */
function offloadedSpans(messages: readonly BaseMessage[], section: string, spanOf: ReadonlyMap<BaseMessage, Span>): readonly Span[] {
  const transcript = section.slice(section.indexOf("\n\n") + 2, section.length - 2);
  const spans: Span[] = [];
  let at = 0;
  for (const message of messages) {
    const line = asWritten((spans.length === 0 ? "" : "\n") + getBufferString([message]));
    if (!transcript.startsWith(line, at)) break;
    at += line.length;
    spans.push(spanOf.get(message)!);
  }
  return at === transcript.length ? spans : [];
}

/**
 * The messages sent, as spans: a message the library kept is its span, one it rewrote (a tool result it
 * truncated carries its call's id, not the message's) is that span with the library's text, and its
 * summary message is a summary span.
 */
function backToWindow(window: Window, sent: readonly BaseMessage[], spanOf: ReadonlyMap<BaseMessage, Span>, summarized: readonly Span[]): Window {
  const byCall = new Map([...spanOf].flatMap(([message, span]) => (ToolMessage.isInstance(message) ? [[message.tool_call_id, span] as const] : [])));
  const spans = sent.map((message): Span => {
    const kept = spanOf.get(message);
    if (kept !== undefined) return kept;
    const rewritten = ToolMessage.isInstance(message) ? byCall.get(message.tool_call_id) : undefined;
    if (rewritten !== undefined) return { ...rewritten, text: textOf(message) };
    if (!HumanMessage.isInstance(message)) throw new Error(`the library sent a ${message.type} message that no span was mapped to`);
    return librarySummary(textOf(message), summarized, window);
  });
  return { spans, derivation_depth: window.derivation_depth + 1 };
}

/** A text as the history file holds it: written as UTF-8, so a lone surrogate is read back as U+FFFD. */
function asWritten(text: string): string {
  return new TextDecoder().decode(new TextEncoder().encode(text));
}

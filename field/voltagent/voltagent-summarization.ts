/**
 * VoltAgent's agent summarization (`@voltagent/core` 2.10, `Agent` with `summarization`) as a model-driven
 * `compact` pruner, with prunecheck's harness as its summary model. VoltAgent does all the choosing, inside
 * an agent's call, as an application meets it: spans become the UI messages of the agent's history
 * (field/voltagent/format.ts), handed to `generateText`; before its model call the agent summarizes, and
 * `hooks.onPrepareMessages`, its documented hook on the messages it is about to send, receives them. Those
 * messages are the compacted window: a message it kept maps back to its span, the `<agent_summary>` system
 * message it wrote to a summary span of that message's text (adapters/library-summary.ts). The agent's own
 * model then answers "ok" and is never asked anything that matters.
 *
 * Configured as a team would for the budget: `triggerTokens` is the budget in VoltAgent's own tokens (it
 * estimates a quarter of the characters of the text it can read), the other options are its defaults (it
 * keeps the 6 latest messages, whatever their size: retention is a count). Each compact is an agent call
 * without memory, so no summary state of an earlier call carries over: a summary it wrote earlier comes
 * back as the window holds it, a message like any other (VoltAgent itself would keep it as conversation
 * state and fold it into the next summary's prompt, as it does that message).
 *
 * Before it summarizes, the agent leaves out of what it sends a message holding no text but white space
 * (and no tool part), so such a span goes, summarized or not. Its summary model is the AI SDK's
 * `MockLanguageModelV3` answering with the harness's model, asked to summarize the spans whose text the
 * summary prompt holds, of those behind the messages VoltAgent summarizes (of those it sends, all but the
 * kept ones: its documented rule, checked against what it sends). The prompt holds text parts only, so a
 * tool's output goes unshown, and the summary that stands for it is model-saw-sources' finding
 * (field/voltagent/repro/tool-output-omitted-from-summary.md).
 *
 * `npx prunecheck run --impl field/voltagent/voltagent-summarization.ts` (after `npm ci --prefix field/voltagent`)
 */
import { restoreNodeEnv } from "./production.ts";
import { Agent } from "@voltagent/core";
import type { UIMessage } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import type { LanguageModelV3GenerateResult, LanguageModelV3Prompt } from "@ai-sdk/provider";
import type { Span, Window } from "prunecheck";
import { textOf, uiHistoryOf, type UiHistory } from "./format.ts";
import { librarySummarizer } from "../../adapters/drop-evicted.ts";
import { librarySummary, shownIn } from "../../adapters/library-summary.ts";
import { libraryTokens } from "../../adapters/library-tokens.ts";

/** VoltAgent's default: the latest messages it never summarizes. */
export const KEEP_MESSAGES = 6;

/** What starts the system message VoltAgent sends its summary in. */
const SUMMARY_MARKER = "<agent_summary>";

restoreNodeEnv();

// The AI SDK warns on the console of every system message in a prompt, a line for each call: VoltAgent's own
// summary prompt has one, and no option of VoltAgent's reaches the AI SDK's switch (allowSystemInMessages).
// Thousands of lines a run, between prunecheck's verdicts: that one warning, and no other, is dropped.
const SYSTEM_MESSAGE_WARNING = "AI SDK Warning: System messages in the prompt";
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] !== "string" || !args[0].startsWith(SYSTEM_MESSAGE_WARNING)) warn(...args);
};

export default librarySummarizer("voltagent-summarization", async (window, budget, model) => {
  const { messages, spansOf } = uiHistoryOf(window.spans);
  const sendable = messages.filter(sentByAgent);
  // The AI SDK refuses to prompt with no message, where a client always sends at least its new turn: a
  // history with nothing the agent would send is what it sends of it, nothing.
  if (sendable.length === 0) return { spans: [], derivation_depth: window.derivation_depth + 1 };
  const history = sendable.filter((message) => message.role !== "system");
  const summarized = history.slice(0, Math.max(0, history.length - KEEP_MESSAGES)).flatMap((message) => spansOf.get(message.id)!);
  let sent: UIMessage[] | undefined;
  const agent = new Agent({
    name: "prunecheck",
    instructions: "",
    model: mockModel(async () => "ok"),
    memory: false,
    summarization: {
      triggerTokens: libraryTokens(budget),
      keepMessages: KEEP_MESSAGES,
      model: mockModel(async (prompt) => (await model.summarize(shownIn(promptText(prompt), summarized).map((span) => span.span_id))).text),
    },
    hooks: {
      onPrepareMessages: async ({ messages: prepared }) => {
        sent = prepared;
        return {};
      },
    },
  });
  await agent.generateText(messages);
  if (sent === undefined) throw new Error("VoltAgent's agent called its model without preparing messages through onPrepareMessages");
  return backToWindow(window, sent, spansOf, summarized);
});

/**
 * Whether the agent sends a message of its history: not when it holds no text but white space and no tool
 * part (VoltAgent's `sanitizeMessagesForModel`), nor a system message holding its summary marker (which it
 * takes for a summary of its own sent back). Both run before it summarizes, so they also decide which
 * messages count as the latest ones kept.
 */
function sentByAgent(message: UIMessage): boolean {
  if (message.role === "system" && textOf(message).includes(SUMMARY_MARKER)) return false;
  return message.parts.some((part) => part.type !== "text" || part.text.trim() !== "");
}

/** The messages the agent sends, as spans: its summary, if it wrote one, stands for the messages it summarized. */
function backToWindow(window: Window, sent: readonly UIMessage[], spansOf: UiHistory["spansOf"], summarized: readonly Span[]): Window {
  const spans = sent.flatMap((message) => {
    const kept = spansOf.get(message.id);
    if (kept !== undefined) return kept;
    const text = textOf(message);
    if (message.role !== "system" || !text.startsWith(SUMMARY_MARKER))
      throw new Error(`the adapter expected no message of VoltAgent's own but its summary, and it sent: ${text.slice(0, 80)}`);
    return [librarySummary(text, summarized, window)];
  });
  // Its documented rule, which `summarized` assumes: with a summary, it sends none of the messages before the kept ones.
  const [given, gone] = [new Set(window.spans), new Set(summarized)];
  if (spans.some((span) => !given.has(span)) && spans.some((span) => gone.has(span)))
    throw new Error("the adapter's reading of which messages VoltAgent summarizes is wrong: it sent one beside its summary");
  return { spans, derivation_depth: window.derivation_depth + 1 };
}

/** The text of an AI SDK prompt: its messages' string content and text parts. */
function promptText(prompt: LanguageModelV3Prompt): string {
  return prompt
    .map((message) => (typeof message.content === "string" ? message.content : message.content.map((part) => ("text" in part ? part.text : "")).join("")))
    .join("\n");
}

/** A language model that answers each call with the text `answer` gives for its prompt. */
function mockModel(answer: (prompt: LanguageModelV3Prompt) => Promise<string>): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }): Promise<LanguageModelV3GenerateResult> => ({
      content: [{ type: "text", text: await answer(prompt) }],
      finishReason: { unified: "stop", raw: undefined },
      usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
      warnings: [],
    }),
  });
}

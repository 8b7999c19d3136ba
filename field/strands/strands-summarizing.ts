/**
 * `@strands-agents/sdk`'s `SummarizingConversationManager` (1.0.0) as a model-driven `compact` pruner,
 * with prunecheck's harness as its model. The manager does all the choosing: spans become Strands messages
 * (field/strands/format.ts), and its `reduce`, what a Strands agent calls when the model reports a
 * context overflow, runs with its defaults (summarize the oldest 30 %, at least one message, keep the 10
 * most recent) while the history is over the budget, as an agent retries a call that overflowed. When it
 * can reduce no further (10 messages or fewer) with the history still over budget, the agent's call fails
 * with `ContextWindowOverflowError`: so does this compact.
 *
 * Its model is an object with the one method the manager calls, `streamAggregated`, answering with the
 * harness's model, asked to summarize the spans behind the messages the manager hands it (a summary it
 * wrote earlier in the same compaction stands for its own sources). Messages it keeps map back to their
 * spans; each summary message it wrote to a summary span (adapters/library-summary.ts).
 *
 * `npx prunecheck run --impl field/strands/strands-summarizing.ts`
 */
import * as strands from "@strands-agents/sdk";
import { windowSize } from "prunecheck";
import type { Span, Window } from "prunecheck";
import { textOf, toStrandsMessage, type Message, type MessageSdk } from "./format.ts";
import { librarySummarizer } from "../../adapters/drop-evicted.ts";
import { librarySummary } from "../../adapters/library-summary.ts";
import { messagesOf } from "../../adapters/message-plan.ts";

// The manager logs each pass it cannot make ("insufficient messages for summarization") and each failed
// summary to the console, thousands of lines a run, between prunecheck's verdicts: the verdicts say it.
strands.configureLogging({ debug: () => {}, info: () => {}, warn: () => {}, error: () => {} });

/** The one member an agent calls when the context overflows; the manager's other hooks are not involved. */
interface Reducer {
  reduce(options: { agent: { messages: Message[] }; model: unknown; error?: Error }): Promise<boolean>;
}

export default librarySummarizer("strands-summarizing", async (window, budget, model) => {
  const { messages, spanOf } = messagesOf(window.spans, (plan) => toStrandsMessage(strands as unknown as MessageSdk, plan));
  const sourcesOf = new Map<Message, readonly Span[]>();
  const sources = (message: Message): readonly Span[] => {
    const span = spanOf.get(message);
    return span === undefined ? (sourcesOf.get(message) ?? []) : [span];
  };
  let summarized: readonly Span[] = [];
  const harness = {
    // The manager appends its own request ("Please summarize this conversation.") to the messages.
    async *streamAggregated(asked: readonly Message[]) {
      summarized = asked.slice(0, -1).flatMap(sources);
      const { text } = await model.summarize(summarized.map((span) => span.span_id));
      return { message: new strands.Message({ role: "assistant", content: [new strands.TextBlock(text)] }), stopReason: "endTurn" as const };
    },
  };
  const back = (): Window => ({
    spans: messages.map((message) => spanOf.get(message) ?? librarySummary(textOf(message), sourcesOf.get(message) ?? [], window)),
    derivation_depth: window.derivation_depth + 1,
  });
  const manager = new strands.SummarizingConversationManager() as unknown as Reducer;
  const overflow = new strands.ContextWindowOverflowError("the history is over the budget");
  // Each pass summarizes at least one message, so as many passes as messages bound it.
  for (let pass = 0; windowSize(back(), budget.unit) > budget.limit; pass++) {
    if (pass > window.spans.length || !(await manager.reduce({ agent: { messages }, model: harness, error: overflow }))) throw overflow;
    // The manager put its summary where the messages it replaced began.
    sourcesOf.set(messages[0]!, summarized);
  }
  return back();
});

/**
 * Google ADK's `TokenBasedContextCompactor` with its `LlmSummarizer` (@google/adk) as a model-driven
 * `compact` pruner, with prunecheck's harness as the summarizer's LLM. The compactor does all the choosing:
 * spans become session events (field/adk/format.ts), and it runs as an agent's request processor runs
 * it before a model call: asked `shouldCompact`, then `compact`, once.
 *
 * Configured for the budget as a team would: `tokenThreshold` is the budget in its own tokens (a quarter
 * of the characters, as it estimates a prompt it has no usage figures for), and `eventRetentionSize`, the
 * raw events it always keeps, is 2, the latest turn and its answer: retention is a count, fixed when the
 * agent is built. Compaction appends a compacted event to the session and leaves the raw events in it;
 * what the agent sends from then on is the latest compacted event and the events after its end time
 * (ADK's `getActiveEvents`, which it does not export, redone here). That view is the compacted window:
 * raw events in it map back to their spans, the compacted event to a summary span of its text
 * (adapters/library-summary.ts).
 *
 * The summarizer's LLM answers `generateContentAsync` with the harness's model, asked for the spans whose
 * text the summarizer's prompt holds, of those behind the events the compactor handed it (which it takes as
 * they are; the adapter only notes them on the way). The prompt holds an event's text parts only, so a tool
 * result goes unshown, and the compacted event that stands for it is model-saw-sources' finding.
 *
 * `npx prunecheck run --impl field/adk/adk-token-compactor.ts` (after `npm ci --prefix field/adk`)
 */
import { type BaseLlm, type Event, type InvocationContext, isCompactedEvent, type LlmRequest, LlmSummarizer, TokenBasedContextCompactor } from "@google/adk";
import type { Span, Window } from "prunecheck";
import { AGENT, textOf, toAdkEvent } from "./format.ts";
import { librarySummarizer } from "../../adapters/drop-evicted.ts";
import { librarySummary, shownIn } from "../../adapters/library-summary.ts";
import { libraryTokens } from "../../adapters/library-tokens.ts";
import { messagesOf } from "../../adapters/message-plan.ts";

/** The raw events the compactor always keeps: the latest turn and its answer. */
export const EVENT_RETENTION_SIZE = 2;

export default librarySummarizer("adk-token-compactor", async (window, budget, model) => {
  const { messages: events, spanOf } = messagesOf(window.spans, toAdkEvent);
  let summarized: readonly Span[] = [];
  const llm = {
    model: "prunecheck-harness",
    async *generateContentAsync(request: LlmRequest) {
      const prompt = request.contents.map((content) => (content.parts ?? []).map((part) => part.text ?? "").join("")).join("\n");
      const { text } = await model.summarize(shownIn(prompt, summarized).map((span) => span.span_id));
      yield { content: { role: "model", parts: [{ text }] } };
    },
  } as unknown as BaseLlm;
  const summarizer = new LlmSummarizer({ llm });
  const compactor = new TokenBasedContextCompactor({
    tokenThreshold: libraryTokens(budget),
    eventRetentionSize: EVENT_RETENTION_SIZE,
    summarizer: {
      summarize(toSummarize: Event[]) {
        summarized = toSummarize.map((event) => spanOf.get(event)!);
        return summarizer.summarize(toSummarize);
      },
    },
  });
  const context = { session: { events: [...events] }, agent: { name: AGENT }, branch: undefined } as unknown as InvocationContext;
  if (await compactor.shouldCompact(context)) await compactor.compact(context);
  return backToWindow(window, activeEvents(context.session.events), spanOf, summarized);
});

/** What the agent sends after a compaction: the latest compacted event, then the raw events after its end. */
function activeEvents(events: readonly Event[]): readonly Event[] {
  const latest = events.filter(isCompactedEvent).pop();
  return latest === undefined ? events : [latest, ...events.filter((event) => !isCompactedEvent(event) && event.timestamp > latest.endTime!)];
}

function backToWindow(window: Window, active: readonly Event[], spanOf: ReadonlyMap<Event, Span>, summarized: readonly Span[]): Window {
  const spans = active.map((event) => spanOf.get(event) ?? librarySummary(textOf(event), summarized, window));
  return { spans, derivation_depth: window.derivation_depth + 1 };
}

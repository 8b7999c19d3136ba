/**
 * The OpenAI Agents SDK's `OpenAIResponsesCompactionSession` (@openai/agents-openai) as a model-driven
 * `compact` pruner, with prunecheck's harness as the model behind the Responses API's compaction endpoint.
 * Spans become session items (field/openai-agents/format.ts) in the SDK's `MemorySession`, which
 * the compaction session wraps; `runCompaction` runs as an application runs it after a turn, in `input`
 * mode (the items are sent, no stored response is named). Its decision hook, the documented way to say
 * when to compact, is what a team with a budget writes: compact when the session is over it.
 *
 * The SDK writes no summary itself: it sends the session to `POST /responses/compact` and replaces the
 * session with what comes back. That endpoint is the harness here, doing what OpenAI documents it does
 * (https://developers.openai.com/api/docs/guides/compaction): it gives back the user messages of its input
 * as they were, in order, then one `compaction` item standing for everything else (none when there is
 * nothing else), whose content (opaque and encrypted in the API) is the harness's model's summary of the
 * spans behind those other items. What
 * the SDK judges is then its own part: when it compacts, what it sends, and how it replaces the session.
 * Items it keeps map back to their spans by their ids, its compaction item to a summary span
 * (adapters/library-summary.ts).
 *
 * `npx prunecheck run --impl field/openai-agents/openai-responses-compaction.ts`
 */
import { MemorySession, type AgentInputItem } from "@openai/agents-core";
import { OpenAIResponsesCompactionSession } from "@openai/agents-openai";
import type OpenAI from "openai";
import { windowSize } from "prunecheck";
import type { Model, Span, Window } from "prunecheck";
import { textOf, toResponsesItems } from "./format.ts";
import { librarySummarizer } from "../../adapters/drop-evicted.ts";
import { librarySummary } from "../../adapters/library-summary.ts";

export default librarySummarizer("openai-responses-compaction", async (window, budget, model) => {
  const { items, spanOf } = toResponsesItems(window.spans);
  const byId = new Map([...spanOf].map(([item, span]) => [(item as { id: string }).id, span]));
  const endpoint = compactionEndpoint(model, byId);
  const session = new OpenAIResponsesCompactionSession({
    client: { responses: { compact: endpoint.compact } } as unknown as OpenAI,
    underlyingSession: new MemorySession({ initialItems: items }),
    shouldTriggerCompaction: () => windowSize(window, budget.unit) > budget.limit,
  });
  await session.runCompaction({ compactionMode: "input" });
  const kept = await session.getItems();
  return backToWindow(window, kept, byId, endpoint.summarized());
});

/**
 * `POST /responses/compact`, as the harness: the input's user messages as they were, then a compaction
 * item whose content is the model's summary of the spans behind the rest of the input.
 */
function compactionEndpoint(model: Model, byId: ReadonlyMap<string, Span>) {
  let summarized: readonly Span[] = [];
  const compact = async (request: { input: readonly { id?: string; type?: string; role?: string; content?: unknown }[] }) => {
    const isUser = (item: (typeof request.input)[number]) => (item.type ?? "message") === "message" && item.role === "user";
    const spanOf = (item: (typeof request.input)[number]) => {
      const span = item.id === undefined ? undefined : byId.get(item.id);
      if (span === undefined) throw new Error(`the SDK sent an item (id ${JSON.stringify(item.id)}) that no span was mapped to`);
      return span;
    };
    summarized = [...new Set(request.input.filter((item) => !isUser(item)).map(spanOf))];
    // Nothing but user messages leaves nothing for a compaction item to stand for, and no model to ask.
    const { text } = summarized.length === 0 ? { text: "" } : await model.summarize(summarized.map((span) => span.span_id));
    const users = request.input.filter(isUser).map((item) => ({ ...item, type: "message", content: inputText(item.content) }));
    const compaction = summarized.length === 0 ? [] : [{ type: "compaction", id: "cmp_item", encrypted_content: text }];
    return { id: "cmp_prunecheck", object: "response.compaction", output: [...users, ...compaction] };
  };
  return { compact, summarized: () => summarized };
}

/** A user message's content as the API gives it back: a list of `input_text` parts. */
function inputText(content: unknown) {
  return typeof content === "string" ? [{ type: "input_text", text: content }] : content;
}

/** The session as spans: a call's items (one per parallel call) are one span, its first item standing for it. */
function backToWindow(window: Window, kept: readonly AgentInputItem[], byId: ReadonlyMap<string, Span>, summarized: readonly Span[]): Window {
  const firsts = kept.filter(
    (item, at) => item.type !== "function_call" || kept[at - 1]?.type !== "function_call" || byId.get(idOf(kept[at - 1]!)) !== byId.get(idOf(item)),
  );
  const spans = firsts.map((item) => {
    if (item.type === "compaction") return librarySummary(item.encrypted_content, summarized, window);
    const span = byId.get(idOf(item));
    if (span === undefined) throw new Error(`the SDK kept an item (${item.type}) that no span was mapped to`);
    // A kept message is the span it came from, unless the SDK changed what it says.
    return textOf(item) === span.text ? span : { ...span, text: textOf(item) };
  });
  return { spans, derivation_depth: window.derivation_depth + 1 };
}

function idOf(item: AgentInputItem): string {
  return (item as { id?: string }).id ?? "";
}

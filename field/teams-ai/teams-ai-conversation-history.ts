/**
 * The Teams AI Library's `ConversationHistory` prompt section (`@microsoft/teams-ai` 1.7.4) as a
 * budget-driven `compact` pruner. The section does all the choosing: spans become the Teams AI messages of
 * the conversation state it reads (field/teams-ai/format.ts), and its `renderAsMessages`, what a prompt that
 * `PromptManager` builds renders for the history, keeps the newest messages within its budget, stops at the
 * first that is not, then drops the tool messages left at the start (results whose call did not fit).
 *
 * Built as `PromptManager` builds it (`max_conversation_history_tokens` 1.0, its default: the rest of the
 * prompt's input budget, here all of the budget). Its tokenizer counts a text as the budget counts a span:
 * Teams AI takes any `Tokenizer` (GPT's by default), so this one is a stand-in for a model's. The section
 * renders copies of the messages it keeps, always the latest ones, so they map back to the last spans.
 *
 * `prune` is the removal of the named messages (adapters/drop-evicted.ts); the compact-only twin judges the
 * section's own choices alone.
 *
 * `npx prunecheck run --impl field/teams-ai/teams-ai-conversation-history.ts` (after `npm ci --prefix field/teams-ai`)
 */
import { ConversationHistory, type Memory, type Message, type Tokenizer } from "@microsoft/teams-ai";
import { definePruner, spanSize } from "prunecheck";
import type { Budget, Window } from "prunecheck";
import { toTeamsMessage } from "./format.ts";
import { dropEvicted } from "../../adapters/drop-evicted.ts";
import { messagesOf } from "../../adapters/message-plan.ts";

type Render = Parameters<ConversationHistory["renderAsMessages"]>;

/** Where `PromptManager` keeps a prompt's history in the conversation state (its template named `history`). */
const HISTORY = "conversation.history";

export default definePruner({
  name: "teams-ai-conversation-history",
  capabilities: ["compact"],
  prune: dropEvicted,
  async compact(window, _store, budget: Budget) {
    const { messages } = messagesOf(window.spans, toTeamsMessage);
    // The turn's context and the prompt's functions, which the section does not read.
    const [context, functions] = [{} as Render[0], {} as Render[2]];
    const rendered = await new ConversationHistory(HISTORY).renderAsMessages(
      context,
      conversationState(messages),
      functions,
      budgetTokenizer(budget),
      budget.limit,
    );
    return backToWindow(window, messages, rendered.output);
  },
});

/** The one value the section reads, as a turn's state holds it. */
function conversationState(messages: readonly Message[]): Memory {
  return {
    getValue: <T>(path: string) => (path === HISTORY ? (messages as T) : (undefined as T)),
    hasValue: (path: string) => path === HISTORY,
    setValue: () => {},
    deleteValue: () => {},
  };
}

/** A tokenizer whose count of a text is the budget's size of a span with that text. */
function budgetTokenizer(budget: Budget): Tokenizer {
  return { encode: (text: string) => new Array<number>(spanSize({ text }, budget.unit)).fill(0), decode: () => "" };
}

/** The rendered messages are copies of the latest ones: the window's last spans, checked message by message. */
function backToWindow(window: Window, messages: readonly Message[], rendered: readonly Message[]): Window {
  const from = messages.length - rendered.length;
  rendered.forEach((message, at) => {
    const source = messages[from + at]!;
    if (message.role !== source.role || message.content !== source.content)
      throw new Error("the adapter expected ConversationHistory to render the latest messages as they were, in order");
  });
  return { spans: window.spans.slice(from), derivation_depth: window.derivation_depth + 1 };
}

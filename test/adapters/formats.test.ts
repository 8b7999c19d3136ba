import fc from "fast-check";
import * as strands from "strands-sdk-1-0-0";
import { describe, expect, it } from "vitest";
import { backToWindow, textOf as modelMessageText, toModelMessage } from "../../adapters/formats/ai-sdk.ts";
import { toMessages } from "../../adapters/formats/langchain.ts";
import { textOf as itemText, toResponsesItems } from "../../adapters/formats/openai-responses.ts";
import { textOf, toStrandsMessage, type MessageSdk } from "../../adapters/formats/strands.ts";
import { messagesOf } from "../../adapters/message-plan.ts";
import { spansArb } from "./spans-arb.ts";

/**
 * Each message format is a seam every adapter of that format goes through, so it must lose nothing on its
 * own: over generated windows, every message maps back to the very span it came from, in order, and carries
 * that span's text as written. (A library moved to its own workspace, field/<library>, has its format's
 * test there.)
 */
describe("message formats round-trip", () => {
  it("LangChain: each message maps back to its span, whose text is its content", () => {
    fc.assert(
      fc.property(spansArb, (spans) => {
        const { messages, spanOf } = toMessages(spans);
        expect(messages.map(spanOf)).toEqual(spans);
        messages.forEach((message, at) => {
          expect(spanOf(message)).toBe(spans[at]);
          expect(message.content).toBe(spans[at]!.text);
        });
      }),
    );
  });

  it("Strands: each message maps back to its span, which it says in text, or, for a call, in every tool use's input", () => {
    fc.assert(
      fc.property(spansArb, (spans) => {
        const { messages, spanOf } = messagesOf(spans, (plan) => toStrandsMessage(strands as unknown as MessageSdk, plan));
        expect(messages.map((message) => spanOf.get(message))).toEqual(spans);
        messages.forEach((message, at) => {
          const uses = message.content.filter((block) => block.type === "toolUseBlock");
          if (uses.length === 0) expect(textOf(message)).toBe(spans[at]!.text);
          else uses.forEach((use) => expect(use.input).toEqual({ text: spans[at]!.text }));
        });
      }),
    );
  });

  it("OpenAI Responses items: each item maps back to its span, a call's items (one per parallel call) to one, and says its text", () => {
    fc.assert(
      fc.property(spansArb, (spans) => {
        const { items, spanOf } = toResponsesItems(spans);
        const behind = items.map((item) => spanOf.get(item));
        expect(behind.filter((each, at) => each !== behind[at - 1])).toEqual(spans);
        items.forEach((item) => expect(itemText(item)).toBe(spanOf.get(item)!.text));
        expect(new Set(items.map((item) => (item as { id?: string }).id)).size).toBe(items.length);
      }),
    );
  });

  it("AI SDK model messages: the messages map back to their spans, each saying its text", () => {
    fc.assert(
      fc.property(spansArb, (spans) => {
        const window = { spans, derivation_depth: 0 };
        const messages = messagesOf(spans, toModelMessage).messages;
        const back = backToWindow(window, messages);
        back.spans.forEach((span, at) => expect(span).toBe(spans[at]));
        expect(back.spans).toHaveLength(spans.length);
        messages.forEach((message, at) => expect(modelMessageText(message)).toBe(spans[at]!.text));
      }),
    );
  });
});

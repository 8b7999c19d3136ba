import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backToWindow, textOf as modelMessageText, toModelMessage } from "../../adapters/formats/ai-sdk.ts";
import { toMessages } from "../../adapters/formats/langchain.ts";
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

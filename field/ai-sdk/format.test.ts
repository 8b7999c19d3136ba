import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spansArb } from "../../test/adapters/spans-arb.ts";
import { messagesOf } from "../../adapters/message-plan.ts";
import { backToWindow, textOf as modelMessageText, toModelMessage } from "./format.ts";

/** The AI SDK model message format is a seam every adapter of that format goes through, so it must lose nothing on its own. */
describe("The AI SDK model message format round-trip", () => {
  it("the messages map back to their spans, each saying its text", () => {
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

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messagesOf } from "../../adapters/message-plan.ts";
import { spansArb } from "../../test/adapters/spans-arb.ts";
import { textOf, toCoreMessage } from "./format.ts";

/** Mastra's AI SDK 4 message format is a seam every Mastra adapter goes through, so it must lose nothing on its own. */
describe("The Mastra (AI SDK 4) message format round-trip", () => {
  it("each message maps back to its span and says its text", () => {
    fc.assert(
      fc.property(spansArb, (spans) => {
        const { messages, spanOf } = messagesOf(spans, toCoreMessage);
        expect(messages.map((message) => spanOf.get(message))).toEqual(spans);
        messages.forEach((message, at) => expect(textOf(message)).toBe(spans[at]!.text));
      }),
    );
  });
});

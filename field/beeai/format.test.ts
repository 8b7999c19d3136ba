import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messagesOf } from "../../adapters/message-plan.ts";
import { spansArb } from "../../test/adapters/spans-arb.ts";
import { toBeeMessage } from "./format.ts";

/** The BeeAI message format is a seam every BeeAI adapter goes through, so it must lose nothing on its own. */
describe("The BeeAI message format round-trip", () => {
  it("each message maps back to its span and says its text", () => {
    fc.assert(
      fc.property(spansArb, (spans) => {
        const { messages, spanOf } = messagesOf(spans, toBeeMessage);
        expect(messages.map((message) => spanOf.get(message))).toEqual(spans);
        messages.forEach((message, at) => expect(message.text).toBe(spans[at]!.text));
      }),
    );
  });
});

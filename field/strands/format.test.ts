import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messagesOf } from "../../adapters/message-plan.ts";
import { spansArb } from "../../test/adapters/spans-arb.ts";
import * as strands from "@strands-agents/sdk";
import { textOf, toStrandsMessage, type MessageSdk } from "./format.ts";

/** The Strands message format is a seam every adapter of that format goes through, so it must lose nothing on its own. */
describe("The Strands message format round-trip", () => {
  it("each message maps back to its span, which it says in text, or, for a call, in every tool use's input", () => {
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
});

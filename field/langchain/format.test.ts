import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spansArb } from "../../test/adapters/spans-arb.ts";
import { toMessages } from "./format.ts";

/** The LangChain message format is a seam every adapter of that format goes through, so it must lose nothing on its own. */
describe("The LangChain message format round-trip", () => {
  it("each message maps back to its span, whose text is its content", () => {
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
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messagesOf } from "../../adapters/message-plan.ts";
import { spansArb } from "../../test/adapters/spans-arb.ts";
import { toTeamsMessage } from "./format.ts";

/** The Teams AI message format is a seam every Teams AI adapter goes through, so it must lose nothing on its own. */
describe("The Teams AI message format round-trip", () => {
  it("each message maps back to its span, says its text, and each tool message answers a call made before it", () => {
    fc.assert(
      fc.property(spansArb, (spans) => {
        const { messages, spanOf } = messagesOf(spans, toTeamsMessage);
        expect(messages.map((message) => spanOf.get(message))).toEqual(spans);
        messages.forEach((message, at) => expect(message.content).toBe(spans[at]!.text));
        messages.forEach((message, at) => {
          if (message.role !== "tool") return;
          const calls = messages.slice(0, at).flatMap((earlier) => (earlier.action_calls ?? []).map((call) => call.id));
          expect(calls).toContain(message.action_call_id);
        });
      }),
    );
  });
});

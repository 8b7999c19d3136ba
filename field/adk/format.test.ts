import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messagesOf } from "../../adapters/message-plan.ts";
import { spansArb } from "../../test/adapters/spans-arb.ts";
import { textOf as eventText, toAdkEvent } from "./format.ts";

/** ADK's event format is a seam every ADK adapter goes through, so it must lose nothing on its own. */
describe("ADK session events round-trip", () => {
  it("each event maps back to its span, says its text, and is stamped after the one before", () => {
    fc.assert(
      fc.property(spansArb, (spans) => {
        const { messages: events, spanOf } = messagesOf(spans, toAdkEvent);
        expect(events.map((event) => spanOf.get(event))).toEqual(spans);
        events.forEach((event, at) => {
          expect(eventText(event)).toBe(spans[at]!.text);
          if (at > 0) expect(event.timestamp).toBeGreaterThan(events[at - 1]!.timestamp);
        });
      }),
    );
  });
});

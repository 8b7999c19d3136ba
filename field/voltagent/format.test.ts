import fc from "fast-check";
import { validateUIMessages } from "ai";
import { describe, expect, it } from "vitest";
import { spansArb } from "../../test/adapters/spans-arb.ts";
import type { Span } from "../../src/wire/window.ts";
import { textOf, uiHistoryOf } from "./format.ts";

const span = (span_id: string, text: string, extra: Partial<Span> = {}): Span => ({ span_id, text, tags: [], externalized_key: null, ...extra });

/** VoltAgent's UI message format is a seam every VoltAgent adapter goes through, so it must lose nothing on its own. */
describe("The VoltAgent (AI SDK UI message) format round-trip", () => {
  it("the messages stand for every span once, in the window's order, and say their spans' text", () => {
    fc.assert(
      fc.property(spansArb, (spans) => {
        const { messages, spansOf } = uiHistoryOf(spans);
        expect(messages.flatMap((message) => spansOf.get(message.id)!)).toEqual(spans);
        for (const message of messages)
          expect(textOf(message)).toBe(
            spansOf
              .get(message.id)!
              .map((each) => each.text)
              .join(""),
          );
        expect(new Set(messages.map((message) => message.id)).size).toBe(messages.length);
      }),
    );
  });

  it("holds a call and the results that follow it in one assistant message, as VoltAgent's history does, and a result apart from its call alone", () => {
    const call = span("call", "reading both tables");
    const users = span("users", "users: 3 rows", { depends_on: ["call"] });
    const orders = span("orders", "orders: 0 rows", { depends_on: ["call"] });
    const late = span("late", "schema: v2", { depends_on: ["call"] });
    const { messages, spansOf } = uiHistoryOf([call, users, orders, span("turn", "go on"), late]);

    expect(messages.map((message) => spansOf.get(message.id)!.map((each) => each.span_id))).toEqual([["call", "users", "orders"], ["turn"], ["late"]]);
    expect(messages[0]).toMatchObject({
      role: "assistant",
      parts: [{ type: "text" }, { type: "tool-tool", state: "output-available", output: "users: 3 rows" }, { output: "orders: 0 rows" }],
    });
    expect(messages[2]).toMatchObject({ role: "assistant", parts: [{ type: "tool-tool", output: "schema: v2" }] });
  });

  it("is a history the AI SDK accepts as UI messages, as the agent validates what it sends", async () => {
    await fc.assert(
      fc.asyncProperty(spansArb, async (spans) => {
        const { messages } = uiHistoryOf(spans);
        if (messages.length > 0) await validateUIMessages({ messages });
      }),
      { numRuns: 50 },
    );
  });
});

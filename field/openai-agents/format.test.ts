import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spansArb } from "../../test/adapters/spans-arb.ts";
import { textOf as itemText, toResponsesItems } from "./format.ts";

/** The OpenAI Responses item format is a seam every adapter of that format goes through, so it must lose nothing on its own. */
describe("The OpenAI Responses item format round-trip", () => {
  it("each item maps back to its span, a call's items (one per parallel call) to one, and says its text", () => {
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
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capText, MAX_MESSAGE_CHARS } from "./cap-text.ts";

describe("capText: at most `max` characters, both ends kept, the cut counted", () => {
  it("leaves a text that fits as it is", () => {
    expect(capText("short")).toBe("short");
    expect(capText("x".repeat(MAX_MESSAGE_CHARS))).toBe("x".repeat(MAX_MESSAGE_CHARS));
  });

  it("cuts 20 MB to the cap, keeping its start and end and saying how much is gone", () => {
    const text = `start${"x".repeat(20 * 1024 * 1024)}end`;
    const capped = capText(text);
    expect(capped.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    expect(capped.startsWith("startxxx")).toBe(true);
    expect(capped.endsWith("xxxend")).toBe(true);
    const [, cut] = /… \((\d+) more characters\) …/.exec(capped) ?? [];
    expect(Number(cut)).toBe(text.length - (capped.length - `… (${cut} more characters) …`.length));
  });

  it("is idempotent, never longer than max, and never splits a surrogate pair", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), fc.integer({ min: 40, max: 300 }), (text, max) => {
        const capped = capText(text, max);
        expect(capped.length).toBeLessThanOrEqual(max);
        expect(capText(capped, max)).toBe(capped);
        expect(capped).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codePoints, spanSize } from "./budget.ts";

const byIteration = (text: string) => [...text].length;

describe("sizes under a budget", () => {
  it("count code points exactly as iterating the string does, lone and misordered surrogates included", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => codePoints(text) === byIteration(text)));
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("\uD800", "\uDBFF", "\uDC00", "\uDFFF", "a", "😀") }), (text) => codePoints(text) === byIteration(text)),
    );
  });

  it("charge an emoji one character and four characters one token", () => {
    expect(spanSize({ text: "👩‍👩‍👧" }, "chars")).toBe(5);
    expect(spanSize({ text: "abcde" }, "tokens")).toBe(2);
    expect(spanSize({ text: "" }, "tokens")).toBe(0);
  });
});

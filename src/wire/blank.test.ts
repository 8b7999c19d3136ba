import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isBlank } from "./blank.ts";

/** The cases the Python kit's is_blank is held to as well (examples/python/tests/test_blank.py). */
const CASES = JSON.parse(readFileSync(new URL("../../examples/python/tests/fixtures/blank.json", import.meta.url), "utf8")) as {
  readonly text: string;
  readonly blank: boolean;
  readonly why: string;
}[];

describe("isBlank: a summary is empty when it has no character but Unicode White_Space (issue 47)", () => {
  it.each(CASES.map((each) => [each.why, each] as const))("%s", (_why, { text, blank }) => {
    expect(isBlank(text)).toBe(blank);
  });

  it("is neither JavaScript's trim nor Python's strip: the cases include where each of them is wrong", () => {
    const trimDisagrees = CASES.filter(({ text, blank }) => (text.trim() === "") !== blank);
    expect(trimDisagrees.map(({ text }) => text)).toEqual(["\u0085", "\ufeff"]);
    // Python's strip takes U+001C..U+001F for white space: the fixture holds them not blank.
    expect(CASES.some(({ text, blank }) => text === "\u001c\u001d\u001e\u001f" && !blank)).toBe(true);
  });
});

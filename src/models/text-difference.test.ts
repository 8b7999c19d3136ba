import { describe, expect, it } from "vitest";
import { commonPrefix, describeDifference, visible } from "./text-difference.ts";

describe("describeDifference: two texts that should be equal, shown where they part (issue 46)", () => {
  it("shows a trailing space that the start of both texts cut at one length would hide", () => {
    const schema = `${"users.email: VARCHAR(255) NOT NULL; ".repeat(10)}`;
    expect(describeDifference(schema, `${schema} `, "the store")).toBe(`the first ${schema.length} characters alike, then (the end) where the store has " "`);
  });

  it("escapes what prints as nothing or as a plain space: a no-break space, a zero-width space, a BOM", () => {
    expect(describeDifference("a b", "a\u00a0b", "the store")).toBe('the first 1 characters alike, then " b" where the store has "\\u00a0b"');
    expect(visible("x\u200by\ufeff\u202f")).toBe('"x\\u200by\\ufeff\\u202f"');
    expect(visible("tab\there\n")).toBe('"tab\\there\\n"');
  });

  it("shows 24 characters of each from the difference on, marking the cut", () => {
    const long = "x".repeat(100);
    expect(describeDifference(`ab${long}`, `ac${long}`, "the answer")).toBe(
      `the first 1 characters alike, then "b${"x".repeat(23)}"… where the answer has "c${"x".repeat(23)}"…`,
    );
    expect(commonPrefix("same", "same")).toBe(4);
  });
});

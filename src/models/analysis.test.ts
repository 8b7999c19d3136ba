import { describe, expect, it } from "vitest";
import { spanChanges } from "./analysis.ts";
import type { Span } from "../wire/window.ts";

const span = (extra: Partial<Span> = {}): Span => ({
  span_id: "s1",
  text: "users.email: VARCHAR(255) NOT NULL UNIQUE",
  tags: [],
  externalized_key: "k1",
  ...extra,
});

describe("spanChanges, how a finding says what became of a span", () => {
  it("tells a text cut short by its lengths and where it first differs, not by both texts", () => {
    const long = "users.email: VARCHAR(255) NOT NULL UNIQUE\n".repeat(1000);
    const cut = `${long.slice(0, 5000)}\n...(result truncated)`;
    const change = spanChanges(span({ text: long }), span({ text: cut }));

    expect(change).toBe(
      'its text of 42000 characters became 5022: the first 5000 characters alike, then "ers.email: VARCHAR(255) "… where the answer has "\\n...(result truncated)"',
    );
  });

  it("names every other field that changed, with its values, an absent one as absent", () => {
    expect(spanChanges(span(), span({ tags: ["invariant"], externalized_key: null, depends_on: ["s0"] }))).toBe(
      'its tags [] became ["invariant"]; its externalized_key "k1" became null; its depends_on (absent) became ["s0"]',
    );
  });

  it("reads an absent kind as original, as the schema does", () => {
    expect(spanChanges(span(), span({ kind: "original" }))).toBe("");
    expect(spanChanges(span(), span({ kind: "pointer" }))).toBe('its kind "original" became "pointer"');
  });

  it("says a field the input never had was absent, even one named __proto__ (issue 45: it read the prototype)", () => {
    const added = JSON.parse(
      '{"span_id":"s1","text":"users.email: VARCHAR(255) NOT NULL UNIQUE","tags":[],"externalized_key":"k1","__proto__":{"x":1}}',
    ) as Span;
    expect(spanChanges(span(), added)).toBe('its __proto__ (absent) became {"x":1}');
  });
});

import { describe, expect, it } from "vitest";
import { PRECONDITION_TAGS, isPreconditionBearing, isPreconditionTag, preconditionTagsOf } from "./tags.ts";

describe("precondition tags", () => {
  it("are the seed's code's four plus the `precondition` its prose names", () => {
    expect(PRECONDITION_TAGS).toEqual(["invariant", "constraint", "negative_result", "scope_qualifier", "precondition"]);
    expect(Object.isFrozen(PRECONDITION_TAGS)).toBe(true);
  });

  it("match exactly and case-sensitively: `Invariant`, ` invariant` and `invariants` are ordinary tags", () => {
    for (const tag of PRECONDITION_TAGS) expect(isPreconditionTag(tag)).toBe(true);
    for (const tag of ["Invariant", "INVARIANT", " invariant", "invariant ", "invariants", "scope-qualifier", "", "__proto__", "toString"]) {
      expect(isPreconditionTag(tag)).toBe(false);
    }
  });

  it("make a span precondition-bearing when any of its tags is one", () => {
    expect(isPreconditionBearing({ tags: ["diff", "negative_result"] })).toBe(true);
    expect(isPreconditionBearing({ tags: ["Invariant", "Constraint"] })).toBe(false);
    expect(isPreconditionBearing({ tags: [] })).toBe(false);
  });

  it("lists a span's precondition tags once each, in first-seen order", () => {
    expect(preconditionTagsOf({ tags: ["scope_qualifier", "Invariant", "constraint", "scope_qualifier", "x"] })).toEqual(["scope_qualifier", "constraint"]);
  });
});

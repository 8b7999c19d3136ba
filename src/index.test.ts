import { describe, expect, it } from "vitest";
import { appliesTo, isBlank, PROPERTIES } from "./index.ts";

describe("the package's entry point", () => {
  it("exports appliesTo, so a user's test runner checks the properties the CLI would", () => {
    const applicable = PROPERTIES.filter((property) => appliesTo(property, "core", ["prune"])).map((property) => property.id);
    expect(applicable).toContain("kept-untouched");
    expect(applicable).not.toContain("provenance-resolves");
    expect(applicable).not.toContain("externalize-everything");
  });

  it("exports isBlank, the protocol's empty summary, for a pruner to refuse by: white space, not what trim removes", () => {
    expect(["", " \n", "\u0085", "\u3000"].map(isBlank)).toEqual([true, true, true, true]);
    expect(["\ufeff", "\u200b", "\u001c", "x"].map(isBlank)).toEqual([false, false, false, false]);
  });
});

import { describe, expect, it } from "vitest";
import { appliesTo, PROPERTIES } from "./index.ts";

describe("the package's entry point", () => {
  it("exports appliesTo, so a user's test runner checks the properties the CLI would", () => {
    const applicable = PROPERTIES.filter((property) => appliesTo(property, "core", ["prune"])).map((property) => property.id);
    expect(applicable).toContain("kept-untouched");
    expect(applicable).not.toContain("provenance-resolves");
    expect(applicable).not.toContain("externalize-everything");
  });
});

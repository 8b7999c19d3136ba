import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileText } from "../../../test/helpers/hostile-text.ts";
import { linkTarget } from "./url.ts";

describe("linkTarget: a path as a link destination", () => {
  it("percent-encodes what would end the destination or the cell, and never throws", () => {
    fc.assert(fc.property(hostileText(), (path) => {
      expect(linkTarget(path)).toMatch(/^[^\s()<>|`\\]*$/);
    }));
    expect(linkTarget("out dir/a (1).md")).toBe("out%20dir/a%20%281%29.md");
    expect(linkTarget("\ud800")).toBe("%EF%BF%BD");
  });
});

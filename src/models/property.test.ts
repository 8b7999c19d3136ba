import { describe, expect, it } from "vitest";
import { notApplicableReason, type PropertyInfo } from "./property.ts";

const info = (level: PropertyInfo["level"], requires: PropertyInfo["requires"]): PropertyInfo => ({ id: "p", level, requires, title: "", quote: "" });

describe("whether a property is checked", () => {
  it("is not, below its level, whatever the capabilities", () => {
    expect(notApplicableReason(info("strict", []), "core", ["prune", "compact"])).toBe("strict-level property");
    expect(notApplicableReason(info("strict", []), "strict", ["prune"])).toBeNull();
  });

  it("is not without a capability it requires, naming every requirement as reports do", () => {
    expect(notApplicableReason(info("core", ["reground"]), "core", ["prune"])).toBe("needs capability reground");
    expect(notApplicableReason(info("core", [["summarize", "compact"], "model"]), "core", ["prune", "compact"])).toBe(
      "needs capability summarize or compact, model",
    );
  });

  it("is, when one of several alternatives is declared", () => {
    expect(notApplicableReason(info("core", [["summarize", "compact"]]), "core", ["prune", "compact"])).toBeNull();
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CAPS, nearMiss, textArb } from "./text.ts";

describe("adversarial texts", () => {
  it("a near miss is never the text itself, whatever the variant", () => {
    fc.assert(fc.property(textArb, fc.nat(), (text, variant) => nearMiss(text, variant) !== text));
  });

  it("include texts past every common cap on length, so a pruner that looks only that far is caught", () => {
    const lengths = fc.sample(textArb, { numRuns: 4000, seed: 1 }).map((text) => text.length);
    for (const cap of CAPS) expect(lengths.filter((length) => length > cap).length, `texts longer than ${cap}`).toBeGreaterThan(0);
  });
});

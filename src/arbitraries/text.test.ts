import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CAPS, nearMiss, pastCapArb, textArb } from "./text.ts";

describe("adversarial texts", () => {
  it("a near miss is never the text itself, whatever the variant", () => {
    fc.assert(fc.property(textArb, fc.nat(), (text, variant) => nearMiss(text, variant) !== text));
  });

  it("include texts past every common cap on length, so a pruner that looks only that far is caught", () => {
    const lengths = fc.sample(textArb, { numRuns: 4000, seed: 1 }).map((text) => text.length);
    for (const cap of CAPS) expect(lengths.filter((length) => length > cap).length, `texts longer than ${cap}`).toBeGreaterThan(0);
  });

  it("reach every power of two from 1 KiB to 64 KiB, at it and one past it, most often the largest", () => {
    const lengths = fc.sample(pastCapArb, { numRuns: 2000, seed: 1 }).map((text) => text.length);
    for (const cap of CAPS) {
      expect(lengths.filter((length) => length === cap).length, `texts of ${cap}`).toBeGreaterThan(0);
      expect(lengths.filter((length) => length === cap + 1).length, `texts of ${cap + 1}`).toBeGreaterThan(0);
    }
    // A prefix compare of 32 KiB is caught only by texts of 32 KiB or more: at least half of them are.
    expect(lengths.filter((length) => length >= 2 ** 15).length).toBeGreaterThan(lengths.length / 2);
  });
});

import { describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { compactGivesUp } from "../../properties/mutants/compact-gives-up.ts";
import { inProcessDriver } from "../transport/in-process.ts";
import { checkTogether } from "./joint.ts";
import { appliesTo } from "./property.ts";
import type { PropertyResult } from "./run.ts";

/**
 * Issue 46: JUnit gave every property the same time, the stream's. Each property's share is the time of the
 * runs it judged, each divided among the properties judging it, and its own check alone whole.
 */
describe("checkTogether's time per property", () => {
  it("divides the shared runs among the properties judging them, and gives a failing one its shrink", async () => {
    const driver = inProcessDriver(compactGivesUp.pruner);
    const properties = PROPERTIES.filter((property) => appliesTo(property, "core", driver.capabilities));
    const results: PropertyResult[] = [];
    for await (const result of checkTogether(driver, properties, { level: "core", numRuns: 60, seed: 1, bigWindowRuns: 0 })) results.push(result);

    const failed = results.filter((result) => result.status === "failed");
    const passed = results.filter((result) => result.status === "passed");
    expect(failed.map((result) => result.property)).toEqual(["budget-reachable"]);
    expect(passed.length).toBeGreaterThan(5);
    // Each passed property judged every run with the others: a fraction of the stream's time, the same for each.
    for (const result of passed) {
      expect(result.shareMs).toBeGreaterThan(0);
      expect(result.shareMs).toBeLessThan(result.ms / 2);
    }
    const shares = passed.map((result) => result.shareMs as number);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThan(1e-6);
    // The failing one's check alone is its own whole.
    const [budget] = failed as [Extract<PropertyResult, { status: "failed" }>];
    expect(budget.shareMs).toBeGreaterThan(budget.ms - budget.findMs);
    expect(budget.shareMs).not.toBeCloseTo(shares[0] as number, 3);
  });
});

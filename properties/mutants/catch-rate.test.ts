/**
 * Issue 17's bar, kept: a pruner that compares only the first N characters of a text with its stored copy
 * (one mutant for each power of two from 1 KiB to 32 KiB) is caught by a default run, diagnosed by one of
 * its expected properties, at 19 or more of 20 seeds. The text generators are what make it so (texts at
 * and one past every cap, src/arbitraries/text.ts); a change to any generator that lowers the rate fails
 * here. bench/catch-rate.ts measures the whole catalog the same way (docs/performance.md).
 */
import { describe, expect, it } from "vitest";
import { MUTANTS } from "./index.ts";
import { CATCH_SEEDS, defaultRunFailures } from "./_internals/catch-rate.ts";

const PREFIX_MUTANTS = MUTANTS.filter((mutant) => mutant.id.startsWith("compares-prefix"));
const AT_LEAST = 19;

describe(`a default run catches each compares-prefix mutant at ${AT_LEAST} or more of ${CATCH_SEEDS.length} seeds`, () => {
  it("has one mutant for each cap from 1 KiB to 32 KiB", () => {
    expect(PREFIX_MUTANTS.map((mutant) => mutant.id)).toEqual([
      "compares-prefix-1k",
      "compares-prefix",
      "compares-prefix-8k",
      "compares-prefix-16k",
      "compares-prefix-32k",
    ]);
  });

  it.each(PREFIX_MUTANTS.map((mutant) => [mutant.id, mutant] as const))("%s", async (_, mutant) => {
    const missed: number[] = [];
    for (const seed of CATCH_SEEDS) {
      // Only the expected properties judge: what they find is what a default run's would.
      const failed = await defaultRunFailures(mutant.pruner, mutant.level, seed, mutant.expectedProperties);
      if (failed.length === 0) missed.push(seed);
    }
    expect(missed.length, `missed at seeds ${missed.join(", ")}`).toBeLessThanOrEqual(CATCH_SEEDS.length - AT_LEAST);
  });
});

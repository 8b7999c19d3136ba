import { afterAll, describe, expect, it } from "vitest";
import { inProcessDriver } from "../src/transport/in-process.ts";
import { appliesTo, LEVELS } from "../src/models/property.ts";
import { checkProperty } from "../src/models/run.ts";
import { referencePruner } from "../src/reference/index.ts";
import { propertyBudget } from "../test/helpers/property-budget.ts";
import { PROPERTIES } from "./index.ts";
import { MUTANT_SEED } from "./mutants/table.ts";

/**
 * The other half of the mutant catalog's claim: the suite bites only faults. The reference must survive
 * every property at both levels, with the seed the mutants are killed with and many more runs.
 */
const { numRuns: RUNS, seed: SEED } = propertyBudget(500, MUTANT_SEED);
const MIN_SEQUENCES = 20 * RUNS;

const driver = inProcessDriver(referencePruner);
const cases = LEVELS.flatMap((level) =>
  PROPERTIES.filter((property) => appliesTo(property, level, driver.capabilities)).map((property) => [level, property.id, property] as const),
);
let sequences = 0;

describe(`the reference survives every property (seed ${SEED}, ${RUNS} runs each)`, () => {
  it.each(cases)("%s %s", async (level, _id, property) => {
    const result = await checkProperty(driver, property, { level, numRuns: RUNS, seed: SEED });
    sequences += result.runs;
    const detail =
      result.status === "failed" ? `${result.violation.message}\n${result.counterexample}` : result.status === "error" ? String(result.error) : result.status;
    expect(result.status, detail).toBe("passed");
  });

  afterAll(() => driver.close());

  it(`generated at least ${MIN_SEQUENCES} sequences in all`, () => {
    expect(sequences).toBeGreaterThanOrEqual(MIN_SEQUENCES);
  });
});

/** Big windows have their own scenarios (see bigWindowCommandArbs): the reference must survive those too. */
const BIG_RUNS = 3;

describe(`the reference survives every property with big windows (seed ${SEED}, ${BIG_RUNS} runs each)`, () => {
  const big = inProcessDriver(referencePruner);
  afterAll(() => big.close());

  it.each(cases.filter(([level]) => level === "strict"))("%s %s", async (level, _id, property) => {
    const result = await checkProperty(big, property, { level, numRuns: BIG_RUNS, seed: SEED, bigWindows: true });
    const detail =
      result.status === "failed"
        ? `${result.violation.message}\n${result.counterexample.slice(0, 2000)}`
        : result.status === "error"
          ? String(result.error)
          : result.status;
    expect(result.status, detail).toBe("passed");
  });
});

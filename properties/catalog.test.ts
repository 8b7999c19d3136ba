import { afterAll, describe, expect, it } from "vitest";
import { inProcessDriver } from "../src/transport/in-process.ts";
import type { Driver } from "../src/transport/driver.ts";
import { appliesTo, LEVELS, type Level } from "../src/models/property.ts";
import type { PropertyResult } from "../src/models/run.ts";
import { checkTogether, type JointOptions } from "../src/models/joint.ts";
import { referenceModelPruner, referencePruner } from "../src/reference/index.ts";
import { propertyBudget } from "../test/helpers/property-budget.ts";
import { PROPERTIES } from "./index.ts";
import { CATALOG_RUNS, MUTANT_SEED } from "./mutants/table.ts";

/**
 * The other half of the mutant catalog's claim: the suite bites only faults. The reference must survive
 * every property at both levels, with the seed the mutants are killed with and many more runs. A level's
 * properties judge one shared stream of runs (checkTogether), so a level is one test: the test that
 * checks is the test that asserts, which Stryker's per-test coverage (docs/mutation.md) relies on.
 */
const { numRuns: RUNS, seed: SEED } = propertyBudget(CATALOG_RUNS, MUTANT_SEED);
/** Big windows have their own scenarios (see bigWindowCommandArbs): the reference must survive those too. */
const BIG_RUNS = 3;

const driver = inProcessDriver(referencePruner);
/** The reference as a model-driven pruner: the harness's model answers adversarially, its guards must hold. */
const modelDriver = inProcessDriver(referenceModelPruner);
afterAll(() => Promise.all([driver.close(), modelDriver.close()]));

function applicableAt(level: Level, to: Driver = driver) {
  return PROPERTIES.filter((property) => appliesTo(property, level, to.capabilities));
}

async function verdicts(options: JointOptions, to: Driver = driver): Promise<PropertyResult[]> {
  const results: PropertyResult[] = [];
  for await (const result of checkTogether(to, applicableAt(options.level, to), options)) results.push(result);
  return results;
}

/** Every property that did not pass, with why: empty when the reference survived them all. */
function notPassed(results: readonly PropertyResult[]): string[] {
  return results.flatMap((result) => {
    if (result.status === "passed") return [];
    const detail =
      result.status === "failed"
        ? `${result.violation.message}\n${result.counterexample.slice(0, 2000)}`
        : result.status === "error"
          ? String(result.error)
          : result.status;
    return [`${result.property}: ${detail}`];
  });
}

describe(`the reference survives every property (seed ${SEED})`, () => {
  it.each(LEVELS)(`at %s, ${RUNS} runs each, every applicable property judging every run`, async (level) => {
    const results = await verdicts({ level, numRuns: RUNS, seed: SEED });
    expect(results.map((result) => result.property)).toEqual(applicableAt(level).map((property) => property.id));
    expect(notPassed(results)).toEqual([]);
    expect(results.every((result) => result.runs === RUNS)).toBe(true);
  });

  it.each(LEVELS)(`as a model-driven pruner at %s, ${RUNS} runs each, whatever the model answers`, async (level) => {
    const results = await verdicts({ level, numRuns: RUNS, seed: SEED }, modelDriver);
    expect(results.map((result) => result.property)).toContain("model-failure-safe");
    expect(notPassed(results)).toEqual([]);
  });

  it(`with big windows at strict, ${BIG_RUNS} runs each`, async () => {
    const results = await verdicts({ level: "strict", numRuns: BIG_RUNS, seed: SEED, bigWindows: true });
    expect(results).toHaveLength(applicableAt("strict").length);
    expect(notPassed(results)).toEqual([]);
  });
});

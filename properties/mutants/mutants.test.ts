import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOG, PROPERTIES } from "../index.ts";
import { MUTANTS } from "./index.ts";
import type { Mutant } from "./mutant.ts";
import { KILLER_RUNS, MUTANT_RUNS, MUTANT_SEED } from "./table.ts";
import { expectKilled, halfOf } from "./expect-killed.ts";
import { inProcessDriver } from "../../src/transport/in-process.ts";
import { checkProperty } from "../../src/models/run.ts";

/** Files of this folder that are not mutants. */
const NOT_MUTANTS = new Set(["index.ts", "mutant.ts", "table.ts", "write-table.ts", "write-corpus.ts", "catalog-target.ts", "expect-killed.ts"]);

describe("the mutant catalog", () => {
  it("registers every mutant file once, under its file name, expecting only catalog properties", () => {
    const files = readdirSync(import.meta.dirname).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !NOT_MUTANTS.has(file));
    expect(MUTANTS.map((mutant) => `${mutant.id}.ts`).sort()).toEqual(files.sort());
    const known = new Set(CATALOG.map((property) => property.id));
    for (const mutant of MUTANTS) {
      expect(
        mutant.expectedProperties.filter((id) => !known.has(id)),
        mutant.id,
      ).toEqual([]);
      expect(mutant.pruner.name).toBe(`mutant:${mutant.id}`);
    }
    expect(MUTANTS.length).toBeGreaterThanOrEqual(16);
  });
});

describe(`every mutant is killed at its level, first half (seed ${MUTANT_SEED}, ${MUTANT_RUNS} runs per property, ${KILLER_RUNS} per expected one)`, () => {
  it.each(halfOf(MUTANTS, 0).map((mutant) => [mutant.id, mutant] as const))("%s", async (_id, mutant: Mutant) => expectKilled(mutant));
});

describe("a mutant that needs big windows is caught only by them", () => {
  const needing = MUTANTS.filter((mutant) => mutant.needsBigWindows === true);

  it("is in the catalog", () => expect(needing.map((mutant) => mutant.id)).toContain("keeps-last-256"));

  // Else the big-window runs would not be what catches it, and the catalog would not show they bite.
  it.each(needing.map((mutant) => [mutant.id, mutant] as const))("%s survives its expected properties without them", async (_id, mutant: Mutant) => {
    const driver = inProcessDriver(mutant.pruner);
    for (const id of mutant.expectedProperties) {
      const property = PROPERTIES.find((each) => each.id === id);
      if (property === undefined) throw new Error(`${mutant.id} expects ${id}, which no property checks`);
      const result = await checkProperty(driver, property, { level: mutant.level, seed: MUTANT_SEED, numRuns: MUTANT_RUNS });
      expect(result.status, id).toBe("passed");
    }
    await driver.close();
  });
});

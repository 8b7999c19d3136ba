import { describe, it } from "vitest";
import { MUTANTS } from "./index.ts";
import type { Mutant } from "./mutant.ts";
import { KILLER_RUNS, MUTANT_RUNS, MUTANT_SEED } from "./table.ts";
import { expectKilled, halfOf } from "./expect-killed.ts";

/** The other half of mutants.test.ts's check that every mutant is killed at its level (see expectKilled). */
describe(`every mutant is killed at its level, second half (seed ${MUTANT_SEED}, ${MUTANT_RUNS} runs per property, ${KILLER_RUNS} per expected one)`, () => {
  it.each(halfOf(MUTANTS, 1).map((mutant) => [mutant.id, mutant] as const))("%s", async (_id, mutant: Mutant) => expectKilled(mutant));
});

import { inProcessDriver } from "../../../src/transport/in-process.ts";
import { appliesTo, type Level } from "../../../src/models/property.ts";
import { checkTogether } from "../../../src/models/joint.ts";
import { bigWindowRunsFor } from "../../../src/models/run.ts";
import type { Pruner } from "../../../src/transport/pruner.ts";
import { NUMERIC_FLAGS } from "../../../src/engine/numeric-flags.ts";
import { PROPERTIES } from "../../index.ts";

/** The seeds a catch rate is measured over: a default run at each, as twenty teams would each run once. */
export const CATCH_SEEDS: readonly number[] = Array.from({ length: 20 }, (_, index) => index + 1);

/**
 * The properties a default run at `seed` fails, in catalog order: `prunecheck run`'s own check (every
 * applicable property on one shared stream of 200 runs, then the big-window runs), without shrinking,
 * since only the verdicts count. With `only`, just those properties judge the stream: each property's
 * verdict on a shared stream is its verdict alone (joint.test.ts), so theirs are the same, for less work.
 */
export async function defaultRunFailures(pruner: Pruner, level: Level, seed: number, only?: readonly string[]): Promise<string[]> {
  const driver = inProcessDriver(pruner);
  try {
    const applicable = PROPERTIES.filter((property) => appliesTo(property, level, driver.capabilities) && (only === undefined || only.includes(property.id)));
    const runs = NUMERIC_FLAGS.runs.fallback();
    const options = { level, numRuns: runs, bigWindowRuns: bigWindowRunsFor(runs), seed, shrinkBudget: 0 };
    const failed: string[] = [];
    for await (const result of checkTogether(driver, applicable, options)) if (result.status === "failed") failed.push(result.property);
    return failed;
  } finally {
    await driver.close();
  }
}

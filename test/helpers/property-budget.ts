/**
 * How many fast-check runs a property test of a conforming implementation makes, and with which seed.
 * Each test names its own; PRUNECHECK_NUM_RUNS and PRUNECHECK_SEED override them for a whole run.
 * Mutation testing (vitest.mutation.config.ts) sets both: few runs, so each mutant costs little, and one
 * fixed seed, so a mutant's verdict never flips between runs. Only for tests that expect a pass: fewer
 * runs can only miss a fault, never invent one.
 */
export function propertyBudget(numRuns: number, seed: number): { readonly numRuns: number; readonly seed: number } {
  const runs = integerFromEnv("PRUNECHECK_NUM_RUNS");
  if (runs !== undefined && runs < 1) throw new Error(`PRUNECHECK_NUM_RUNS must be at least 1, got ${runs}`);
  return { numRuns: runs ?? numRuns, seed: integerFromEnv("PRUNECHECK_SEED") ?? seed };
}

function integerFromEnv(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === "") return undefined;
  const number = Number(value);
  if (!Number.isInteger(number)) throw new Error(`${name} must be an integer, got ${JSON.stringify(value)}`);
  return number;
}

import { defineConfig } from "vitest/config";

/**
 * The tests Stryker runs against the mutants of src/reference (stryker.config.mjs, docs/mutation.md): the
 * reference's unit tests and the model-based check that the reference survives every property. The
 * property tests get few runs and one fixed seed, so each mutant is cheap and its verdict never flips.
 * Coverage is Stryker's own (perTest: each mutant runs only the tests that reach it), so vitest's is off.
 */
export default defineConfig({
  test: {
    include: ["src/reference/*.test.ts", "properties/catalog.test.ts"],
    testTimeout: 60_000,
    env: { PRUNECHECK_NUM_RUNS: "30", PRUNECHECK_SEED: "20261113" },
  },
});

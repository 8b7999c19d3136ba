// @ts-check
/**
 * Mutation testing of the reference pruner: `npm run mutation` (docs/mutation.md). Each mutant of
 * src/reference runs only the tests that reached it in the dry run (perTest coverage), taken from
 * vitest.mutation.config.ts, so `related` mode (which follows imports, not coverage) is off.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  coverageAnalysis: "perTest",
  mutate: ["src/reference/**/*.ts", "!src/reference/**/*.test.ts", "!src/reference/test-helpers.ts"],
  // Outputs only, anchored at the root: an unanchored "reports" would also drop src/reports from the
  // sandbox, and a test file that fails to import is silently left out of the dry run.
  ignorePatterns: ["/coverage", "/reports"],
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  concurrency: 2,
  // A mutant's tests take about a second; the slack is for a shared, loaded 2-core machine.
  timeoutMS: 10_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 5,
};

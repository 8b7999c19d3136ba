import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The lanes (docs/performance.md has their timings): `quick`, the unit-level tests, all in this process,
 * for the inner loop (`npm run test:quick`); `system`, the tests that start processes or threads (the CLI
 * as a user runs it, adapters over stdio, fuzz campaigns); `mutants`, the sweep of the whole mutant
 * catalog; `slow`, what costs minutes and checks what changes rarely (the packed tarball and the Action
 * installed as a team installs them, the catalog again through a fuzz campaign's pipeline):
 * `npm run test:slow`. `npm test` runs quick and system with coverage, then mutants without. `field` holds
 * the libraries of the field to the reproductions and reports of their faults; it needs their folders
 * installed (`.ci/field`). A test in the quick lane that starts a process fails there
 * (test/helpers/no-subprocess.ts).
 */
const ALL = ["src/**/*.test.ts", "properties/**/*.test.ts", "fuzz/**/*.test.ts", "test/**/*.test.ts", "examples/**/*.test.ts"];
const SLOW = [
  "test/package/**/*.test.ts",
  "fuzz/finds-every-mutant.test.ts",
  // Differential checks of the shared stream against one property at a time, and the catch-rate bar over 20 seeds.
  "src/models/joint.test.ts",
  "test/cli/run-side-by-side.test.ts",
  "properties/mutants/catch-rate.test.ts",
  // The hang shrunk at two more seeds (test/hostile/in-process-hang.test.ts shrinks one in npm test), and fuzz agreeing with run on the examples.
  "test/hostile/hangshrink.test.ts",
  "test/examples/examples-fuzz.test.ts",
  // Answers of a full protocol line on every request, under the heap docs/protocol.md states.
  "test/hostile/memory-bound.test.ts",
  // The reference through a fuzz campaign of the binary's worker threads: npm test has it in process, and the binary's campaign on a broken module.
  "fuzz/campaign-reference.test.ts",
  // Modules that never finish loading, under run, audit and fuzz, and an adapter that never answers hello: each waits out the 10 s start timeout.
  "test/hostile/module-load-hang.test.ts",
  "test/cli/handshake-hang.test.ts",
  // The README's TypeScript examples under `prunecheck run`: npm test checks them in process, through checkSuite and record-impl.
  "test/examples/examples-cli-modules.test.ts",
  // Conforming Python pruners' traces audited clean: npm test audits a conforming module's trace (record-impl).
  "test/cli/audit-conforming.test.ts",
  // Issue 46's quadratic compactor at --runs 1000: a minute of its slow compacts, then its timeout shrunk.
  "test/hostile/slow-compactor.test.ts",
];
/**
 * The sweep of the whole mutant catalog, in process: npm test runs it after the two covered lanes, without
 * coverage, which made it 40% slower (20.7 s to 29.0 s for one half) and counted nothing the other lanes do
 * not already cover (its code under test is the harness, which their own tests cover).
 */
const MUTANTS = ["properties/mutants/mutants.test.ts", "properties/mutants/mutants-second-half.test.ts"];
const SYSTEM = [
  "src/reports/build.test.ts",
  "src/transport/process-tag.test.ts",
  "test/cli/**/*.test.ts",
  "test/hostile/**/*.test.ts",
  "test/examples/examples-cli.test.ts",
  "test/matrix/**/*.test.ts",
  "fuzz/campaign.test.ts",
  "src/transport/stdio.test.ts",
  "src/transport/adapter-process.test.ts",
  "src/api/check-suite.test.ts",
  "src/audit/audit-files.test.ts",
  "examples/typescript/my-pruner.test.ts",
];

export default defineConfig({
  // The examples import "prunecheck" as a user does; in this checkout that is the sources, not dist/.
  resolve: { alias: [{ find: /^prunecheck$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) }] },
  test: {
    maxWorkers: 2,
    // Whether CI is set decides the default seed of `run` (src/engine/seed.ts): unset in the tests, so what
    // they run is the same on a laptop and in CI; the tests of that choice set it themselves.
    env: { CI: "", GITHUB_SHA: "", CI_COMMIT_SHA: "" },
    // Timeouts guard against a hang only, ten times and more what the slowest test of the lane takes on an
    // idle machine (docs/performance.md); no verdict depends on time. The system lane's is above the
    // guard of test/cli/helpers.ts's spawnCli, whose message says what a hung command was doing.
    projects: [
      {
        extends: true,
        // Not isolated: the unit tests share each worker's modules instead of importing the tree once per file
        // (a third of the lane's time), which they can since none mocks a module or leaves global state.
        test: {
          name: "quick",
          include: ALL,
          exclude: [...SYSTEM, ...MUTANTS, ...SLOW],
          isolate: false,
          setupFiles: ["test/helpers/no-subprocess.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "system",
          include: SYSTEM,
          exclude: SLOW,
          // Not isolated either, for the same reason: what these tests run, they run in processes of their own.
          isolate: false,
          globalSetup: ["test/helpers/build.ts"],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      // Not isolated, in process like the quick lane; a mutant's sweep takes seconds, so the system lane's timeout.
      { extends: true, test: { name: "mutants", include: MUTANTS, isolate: false, testTimeout: 300_000, hookTimeout: 300_000 } },
      { extends: true, test: { name: "slow", include: SLOW, globalSetup: ["test/helpers/build.ts"], testTimeout: 600_000, hookTimeout: 600_000 } },
      // The field's libraries, each installed in its own folder (field/README.md): `npm run test:field`, in .ci/field.
      { extends: true, test: { name: "field", include: ["field/**/*.test.ts"], testTimeout: 120_000 } },
    ],
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      exclude: ["src/**/*.test.ts"],
      thresholds: {
        "src/**": { lines: 90, branches: 90 },
        "src/reference/**": { lines: 95, branches: 95, functions: 95, statements: 95 },
      },
    },
  },
});

/**
 * Where the test suite's time goes: `npm test` (the quick and system lanes with coverage, then the
 * mutants lane without) and `npm run test:quick`, each timed start to exit, and the files that take
 * longest, with the lane each runs in. Run it on an idle machine: it is a measurement, never a verdict. `npx tsx bench/suite.ts
 * [--write]` (`--write`: into docs/performance.md).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { publish } from "./write-doc.ts";

/** The part of vitest's JSON report this reads. */
interface VitestJson {
  readonly numTotalTests: number;
  readonly numFailedTests: number;
  readonly testResults: readonly {
    readonly name: string;
    readonly startTime: number;
    readonly endTime: number;
    readonly assertionResults: readonly unknown[];
  }[];
}

export interface FileTime {
  readonly file: string;
  readonly lane: Lane;
  readonly tests: number;
  readonly ms: number;
}

export interface SuiteTimes {
  readonly loadAverage: number;
  readonly npmTestMs: number;
  readonly quickMs: number;
  readonly tests: number;
  readonly failed: number;
  readonly files: readonly FileTime[];
}

type Lane = "quick" | "system" | "mutants";

const QUICK_GOAL_MS = 45_000;
const NPM_TEST_GOAL_MS = 180_000;

function timedNpm(args: readonly string[]): number {
  const started = performance.now();
  execFileSync("npm", args, { stdio: "ignore" });
  return performance.now() - started;
}

export function benchSuite(): SuiteTimes {
  const loadAverage = loadavg()[0] ?? 0;
  const dir = mkdtempSync(join(tmpdir(), "prunecheck-bench-suite-"));
  const quickMs = timedNpm(["run", "test:quick"]);
  // npm test's two scripts (package.json), each with a JSON report: `npm test -- …` would hand extra
  // arguments to its last command only.
  const covered = join(dir, "covered.json");
  const mutants = join(dir, "mutants.json");
  const npmTestMs =
    timedNpm(["run", "test:covered", "--", "--reporter=json", `--outputFile=${covered}`]) +
    timedNpm(["run", "test:mutants", "--", "--reporter=json", `--outputFile=${mutants}`]);
  // Which lane a file ran in, from the lanes' own listings: no second copy of vitest.config.ts's globs.
  const laneOf = new Map<string, Lane>();
  for (const lane of ["quick", "mutants"] as const) for (const file of listed(lane)) laneOf.set(file, lane);
  const reports = [covered, mutants].map((path) => JSON.parse(readFileSync(path, "utf8")) as VitestJson);
  rmSync(dir, { recursive: true, force: true });
  const files = reports
    .flatMap((json) => json.testResults)
    .map((result): FileTime => {
      const file = relative(process.cwd(), result.name);
      return { file, lane: laneOf.get(file) ?? "system", tests: result.assertionResults.length, ms: result.endTime - result.startTime };
    })
    .sort((a, b) => b.ms - a.ms);
  const count = (key: "numTotalTests" | "numFailedTests") => reports.reduce((total, json) => total + json[key], 0);
  return { loadAverage, npmTestMs, quickMs, tests: count("numTotalTests"), failed: count("numFailedTests"), files };
}

function listed(lane: Lane): string[] {
  return execFileSync("npx", ["vitest", "list", "--project", lane, "--filesOnly"], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.replace(/^\[[a-z]+\] /, "").trim())
    .filter((line) => line !== "");
}

export function renderSuite(times: SuiteTimes, shown = 15): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lane = (name: FileTime["lane"]) => times.files.filter((file) => file.lane === name);
  const sum = (files: readonly FileTime[]) => files.reduce((total, file) => total + file.ms, 0);
  return [
    "### The test suite",
    "",
    `Measured ${new Date().toISOString()} on ${availableParallelism()} cores, load average ${times.loadAverage.toFixed(2)} at the start: ${times.tests} tests, ${times.failed} failed.`,
    "",
    "| command | start to exit | goal | met |",
    "| --- | ---: | ---: | --- |",
    `| \`npm test\` (quick and system with coverage, then mutants) | ${s(times.npmTestMs)} | ≤ ${s(NPM_TEST_GOAL_MS)} | ${times.npmTestMs <= NPM_TEST_GOAL_MS ? "yes" : "**no**"} |`,
    `| \`npm run test:quick\` | ${s(times.quickMs)} | ≤ ${s(QUICK_GOAL_MS)} | ${times.quickMs <= QUICK_GOAL_MS ? "yes" : "**no**"} |`,
    "",
    `Time in test files (two workers, so the sum is about twice the wall time): ${(["quick", "system", "mutants"] as const).map((name) => `${name} lane ${s(sum(lane(name)))} over ${lane(name).length} files`).join(", ")}. The ${shown} slowest:`,
    "",
    "| file | lane | tests | time |",
    "| --- | --- | ---: | ---: |",
    ...times.files.slice(0, shown).map((file) => `| \`${file.file}\` | ${file.lane} | ${file.tests} | ${s(file.ms)} |`),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rendered = renderSuite(benchSuite());
  await publish(rendered, "suite");
}

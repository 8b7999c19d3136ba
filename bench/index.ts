/**
 * `npm run bench [-- --write]`: every benchmark in one run, printed as Markdown tables; `--write` also
 * puts them into docs/performance.md. Never part of the test suite. The only module here that touches
 * argv, stdout or files.
 */
import { loadavg } from "node:os";
import { inProcessDriver } from "../src/transport/in-process.ts";
import { checkProperty } from "../src/models/run.ts";
import { referencePruner } from "../src/reference/index.ts";
import { PROPERTIES } from "../properties/index.ts";
import { benchInProcess } from "./in-process.ts";
import { benchHangShrink } from "./hang-shrink.ts";
import { describeMachine } from "./machine.ts";
import { benchMutants } from "./mutants.ts";
import { benchModelCalls } from "./model-calls.ts";
import { judgeGoals, renderResult } from "./report.ts";
import type { BenchResult } from "./report.ts";
import { benchStdio } from "./stdio.ts";
import { PERFORMANCE_DOC, writePerformanceDoc } from "./write-doc.ts";

const SEED = 20261202;
const MUTANTS = { seeds: [1, 2, 3, 4, 5], numRuns: 1000, timeLimitMs: 5000 };

const write = process.argv.includes("--write");
const unknown = process.argv.slice(2).filter((arg) => arg !== "--write");
if (unknown.length > 0) {
  process.stderr.write(`bench: unknown argument ${JSON.stringify(unknown[0])}; the only flag is --write (update ${PERFORMANCE_DOC})\n`);
  process.exit(2);
}

const started = performance.now();
const machine = describeMachine(loadavg()[0] ?? 0);
const progress = (line: string) => process.stderr.write(`${line}\n`);

progress("warming up …");
await warmUp();
progress("in-process …");
const inProcess = await benchInProcess({ seed: SEED, scenarios: 100, rounds: 11, endToEndRuns: 30 });
progress("stdio …");
// 40 runs a property: a run long enough that its first and last moments, when the adapter waits for the
// harness to start or finish, weigh as little as they do in a real run (200 by default).
const stdio = await benchStdio({ seed: SEED, runs: 40, rounds: 9 });
progress("model calls …");
const modelCalls = await benchModelCalls({ spans: 40, rounds: 9, stdioRequests: 50, calls: 2 });
progress("mutants …");
const timings = await benchMutants(MUTANTS);
progress("hang shrink …");
const hangShrink = await benchHangShrink({ timeoutsMs: [5000, 2000], seeds: [2, 3, 4] });

const result: BenchResult = {
  machine,
  seconds: (performance.now() - started) / 1000,
  inProcess,
  stdio,
  modelCalls,
  mutants: { ...MUTANTS, timings },
  hangShrink,
};
const rendered = renderResult(result);
process.stdout.write(`${rendered}\n`);
if (write) {
  await writePerformanceDoc(rendered);
  progress(`wrote ${PERFORMANCE_DOC}`);
}
progress(
  judgeGoals(result)
    .map((goal) => `${goal.met ? "✔" : "✖"} ${goal.goal}: ${goal.measured}`)
    .join("\n"),
);

/** Compiles the harness, the properties and the reference before anything is timed. */
async function warmUp(): Promise<void> {
  const driver = inProcessDriver(referencePruner);
  for (const property of PROPERTIES) await checkProperty(driver, property, { level: "strict", numRuns: 10, seed: SEED });
}

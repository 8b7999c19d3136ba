/**
 * The default gate, `prunecheck run` with its defaults (200 runs, one big-window run), as a team meets it on
 * every push: against the Python example over stdio, and against every catalog mutant in process. Each is
 * timed two ways in the same run: every property judging one shared stream of runs (checkTogether, what
 * `run` does), and each property drawing the same runs on its own, side by side against an adapter (what
 * `run` did before), so the ratio is measured, not remembered. Against the adapter, the shared stream's
 * request lines are also piped through a fresh adapter in one write: the limit for those requests.
 * `npx tsx bench/gate.ts [--write]` (`--write`: into docs/performance.md).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Driver } from "../src/transport/driver.ts";
import { inProcessDriver } from "../src/transport/in-process.ts";
import { openStdioDriver } from "../src/transport/stdio.ts";
import { appliesTo, type Level, type Property } from "../src/models/property.ts";
import { bigWindowRunsFor, checkProperty, type PropertyResult } from "../src/models/run.ts";
import { checkTogether } from "../src/models/joint.ts";
import type { OperationCall } from "../src/wire/protocol.ts";
import { PROPERTIES } from "../properties/index.ts";
import { MUTANTS } from "../properties/mutants/index.ts";
import { formatRatio, median } from "./measure.ts";
import { rawAdapter, recording } from "./stdio.ts";
import { publish } from "./write-doc.ts";

const RUNS = 200;
const BIG_RUNS = bigWindowRunsFor(RUNS);
const PYTHON = "python3 examples/python/adapter.py";

export interface GateRow {
  readonly level: Level;
  readonly requests: number;
  /** `node bin/prunecheck.js run`, start to exit, as a user runs it. */
  readonly cliMs: number;
  readonly sharedMs: number;
  readonly aloneMs: number;
  /** The shared stream's request lines through a fresh adapter, in one write. */
  readonly pipeMs: number;
}

export interface MutantGateRow {
  readonly id: string;
  readonly level: Level;
  /** Seeds at which an expected property failed: with the shared stream, and each property alone. */
  readonly caughtShared: readonly number[];
  readonly caughtAlone: readonly number[];
  /** Median over seeds of the time to every verdict (shrinking included). */
  readonly sharedMs: number;
  readonly aloneMs: number;
}

async function all(verdicts: AsyncGenerator<PropertyResult>): Promise<PropertyResult[]> {
  const results: PropertyResult[] = [];
  for await (const result of verdicts) results.push(result);
  return results;
}

function shared(driver: Driver, properties: readonly Property[], level: Level, seed: number): Promise<PropertyResult[]> {
  return all(checkTogether(driver, properties, { level, numRuns: RUNS, bigWindowRuns: BIG_RUNS, seed }));
}

/** The runs every property would draw from the seed, each property on its own: side by side against an adapter. */
async function alone(driver: Driver, properties: readonly Property[], level: Level, seed: number): Promise<PropertyResult[]> {
  const check = (property: Property) => checkProperty(driver, property, { level, numRuns: RUNS, bigWindowRuns: BIG_RUNS, seed });
  if (driver.concurrent === true) return Promise.all(properties.map(check));
  const results: PropertyResult[] = [];
  for (const property of properties) results.push(await check(property));
  return results;
}

async function timed<T>(work: () => Promise<T>): Promise<{ readonly ms: number; readonly value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export async function benchGateOverStdio(level: Level, seed: number, rounds: number): Promise<GateRow> {
  const calls: OperationCall[] = [];
  const lines: string[] = [];
  const driver = await openStdioDriver({ command: PYTHON });
  const properties = PROPERTIES.filter((property) => appliesTo(property, level, driver.capabilities));
  await shared(recording(driver, calls, lines), properties, level, seed);
  const raw = await rawAdapter(PYTHON);
  const out = mkdtempSync(join(tmpdir(), "prunecheck-bench-gate-"));
  const samples = { cli: [] as number[], shared: [] as number[], alone: [] as number[], pipe: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    const cli = () => {
      const started = performance.now();
      execFileSync(process.execPath, ["bin/prunecheck.js", "run", "--cmd", PYTHON, "--level", level, "--seed", String(seed), "--out", out], {
        stdio: "ignore",
      });
      return performance.now() - started;
    };
    const variants = [
      async () => samples.cli.push(cli()),
      async () => samples.shared.push((await timed(() => shared(driver, properties, level, seed))).ms),
      async () => samples.alone.push((await timed(() => alone(driver, properties, level, seed))).ms),
      async () => samples.pipe.push((await timed(() => raw.batch(lines))).ms),
    ];
    // The order rotates from round to round, so no variant always follows the same one.
    for (let offset = 0; offset < variants.length; offset++) await (variants[(round + offset) % variants.length] as () => Promise<unknown>)();
  }
  await Promise.all([driver.close(), raw.close()]);
  rmSync(out, { recursive: true, force: true });
  return {
    level,
    requests: lines.length,
    cliMs: median(samples.cli),
    sharedMs: median(samples.shared),
    aloneMs: median(samples.alone),
    pipeMs: median(samples.pipe),
  };
}

export async function benchGateOnMutants(seeds: readonly number[]): Promise<MutantGateRow[]> {
  const rows: MutantGateRow[] = [];
  for (const mutant of MUTANTS) {
    const driver = inProcessDriver(mutant.pruner);
    const properties = PROPERTIES.filter((property) => appliesTo(property, mutant.level, driver.capabilities));
    const caught = (results: readonly PropertyResult[]) =>
      results.some((result) => result.status === "failed" && mutant.expectedProperties.includes(result.violation.property.id));
    const row = { caughtShared: [] as number[], caughtAlone: [] as number[], shared: [] as number[], alone: [] as number[] };
    for (const seed of seeds) {
      const together = await timed(() => shared(driver, properties, mutant.level, seed));
      const each = await timed(() => alone(driver, properties, mutant.level, seed));
      if (caught(together.value)) row.caughtShared.push(seed);
      if (caught(each.value)) row.caughtAlone.push(seed);
      row.shared.push(together.ms);
      row.alone.push(each.ms);
    }
    await driver.close();
    rows.push({
      id: mutant.id,
      level: mutant.level,
      caughtShared: row.caughtShared,
      caughtAlone: row.caughtAlone,
      sharedMs: median(row.shared),
      aloneMs: median(row.alone),
    });
    process.stderr.write(".");
  }
  process.stderr.write("\n");
  return rows;
}

export function renderGate(stdio: readonly GateRow[], mutants: readonly MutantGateRow[], seeds: readonly number[], measured: string): string {
  const s = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);
  const lost = mutants.filter((row) => row.caughtShared.length < row.caughtAlone.length);
  const slowest = mutants.reduce((a, b) => (b.sharedMs > a.sharedMs ? b : a));
  return [
    "### The default gate",
    "",
    measured,
    "",
    `\`prunecheck run\` with its defaults: ${RUNS} runs and ${BIG_RUNS} big-window run. "Shared stream": every property judges each run (what \`run\` does); "each alone": every property draws the same runs on its own, side by side against an adapter (what \`run\` did before). Medians of the rounds, the variants' order rotating.`,
    "",
    `Against \`${PYTHON}\`, seed 1:`,
    "",
    "| level | requests (shared stream) | `prunecheck run`, start to exit | shared stream | each alone | each alone / shared | the same requests piped in one write | shared / pipe |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...stdio.map(
      (row) =>
        `| ${row.level} | ${row.requests.toLocaleString("en-US")} | ${s(row.cliMs)} | ${s(row.sharedMs)} | ${s(row.aloneMs)} | ${formatRatio(row.aloneMs / row.sharedMs)} | ${s(row.pipeMs)} | ${formatRatio(row.sharedMs / row.pipeMs)} |`,
    ),
    "",
    `Every catalog mutant through the same gate, in process, at its level, seeds ${seeds.join(", ")}: caught means an expected property failed; time is to every verdict, shrinking included. ${lost.length === 0 ? "The shared stream catches every mutant at every seed the properties alone catch it." : `**Lost by the shared stream: ${lost.map((row) => row.id).join(", ")}.**`} Slowest: \`${slowest.id}\`, ${s(slowest.sharedMs)}.`,
    "",
    "| mutant | level | caught (shared) | caught (each alone) | time to verdicts (shared) | (each alone) | ratio |",
    "| --- | --- | --- | --- | ---: | ---: | ---: |",
    ...mutants.map(
      (row) =>
        `| \`${row.id}\` | ${row.level} | ${row.caughtShared.length}/${seeds.length} | ${row.caughtAlone.length}/${seeds.length} | ${s(row.sharedMs)} | ${s(row.aloneMs)} | ${formatRatio(row.aloneMs / row.sharedMs)} |`,
    ),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seeds = [1, 2, 3];
  const measured = `Measured ${new Date().toISOString()} on ${availableParallelism()} cores, load average ${(loadavg()[0] ?? 0).toFixed(2)} at the start.`;
  process.stderr.write("gate over stdio …\n");
  const stdio = [await benchGateOverStdio("core", 1, 3), await benchGateOverStdio("strict", 1, 3)];
  process.stderr.write("gate on every mutant …\n");
  const rendered = renderGate(stdio, await benchGateOnMutants(seeds), seeds, measured);
  await publish(rendered, "gate");
}

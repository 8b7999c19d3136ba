import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Driver } from "../../src/transport/driver.ts";
import { openStdioDriver } from "../../src/transport/stdio.ts";
import { memoryIo } from "../../src/console/io.ts";
import { runSuite, selectProperties } from "../../src/engine/suite.ts";
import { PROPERTIES } from "../../properties/index.ts";
import type { ResultLine } from "../../src/reports/summary.ts";
import { leftoverProcesses } from "../helpers/processes.ts";
import { adapterCommand, processMarker, readReports, ROOT, tempDir } from "./helpers.ts";

const NAIVE = `python3 "${join(ROOT, "examples", "python", "naive.py")}"`;
const opened: Driver[] = [];
const marker = processMarker("side-by-side");

afterEach(async () => {
  await Promise.all(opened.splice(0).map((driver) => driver.close()));
  expect(await leftoverProcesses(marker)).toEqual([]);
});

async function open(command: string): Promise<Driver> {
  const driver = await openStdioDriver({ command, timeoutMs: 5000 });
  opened.push(driver);
  return driver;
}

/** The same driver, checked one property at a time. */
function oneAtATime(driver: Driver): Driver {
  return {
    name: driver.name,
    capabilities: driver.capabilities,
    isolatesInputs: true,
    send: (call) => driver.send(call),
    stderrTail: () => driver.stderrTail(),
    close: () => driver.close(),
  };
}

/** What a verdict is, without how long it took. */
function verdict({ ms: _ms, ...line }: ResultLine) {
  return { ...line, report: line.report?.split("/").at(-1) };
}

describe("prunecheck run against a stdio adapter checks every property side by side", () => {
  it("with the verdicts and the shrunk counterexamples of a run one property at a time", async () => {
    const options = { level: "core" as const, runs: 40, seed: 5, properties: PROPERTIES };
    const [sideBySide, sequential] = [tempDir(), tempDir()];
    const io = memoryIo();
    const together = await runSuite(await open(NAIVE), { kind: "cmd", command: NAIVE }, { ...options, outDir: sideBySide }, io);
    const alone = await runSuite(oneAtATime(await open(NAIVE)), { kind: "cmd", command: NAIVE }, { ...options, outDir: sequential }, memoryIo());

    expect(together.violations.length).toBeGreaterThan(0);
    expect(together.results.map(verdict)).toEqual(alone.results.map(verdict));
    const counterexamples = (dir: string) => readReports(dir).map(({ report }) => [report.property.id, report.counterexample, report.origin]);
    expect(counterexamples(sideBySide)).toEqual(counterexamples(sequential));
    // Printed in catalog order whatever finished first, the summary last.
    expect(io.lines.slice(0, -1).map((line) => line.slice(2).split(/[ :]/)[0])).toEqual(
      together.results.filter((line) => line.status !== "skipped").map((line) => line.property),
    );
  });

  it("so a pipelining adapter holds requests of several properties at once", async () => {
    const command = `${adapterCommand("echo-ok", marker)} --pipelining --delay 2`;
    const driver = await open(command);
    await runSuite(
      driver,
      { kind: "cmd", command },
      { level: "core", runs: 5, seed: 1, outDir: tempDir(), properties: selectProperties(PROPERTIES, ["kept-untouched", "inputs-immutable", "deterministic"]) },
      memoryIo(),
    );
    const held = [...driver.stderrTail().matchAll(/held=(\d+)/g)].map((match) => Number(match[1]));
    expect(Math.max(...held)).toBeGreaterThan(1);
  });
});

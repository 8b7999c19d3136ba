import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { inProcessDriver } from "../../src/transport/in-process.ts";
import { memoryIo } from "../../src/console/io.ts";
import { runSuite, selectProperties } from "../../src/engine/suite.ts";
import { referencePruner } from "../../src/reference/index.ts";
import { junitCases, tempDir } from "../cli/helpers.ts";

describe("the console counts what JUnit and summary.json count", () => {
  it("the reference at core: the live counter runs over the 18 properties that apply, the summary says 18 checked, 5 skipped, as JUnit does", async () => {
    const out = tempDir();
    const junit = join(out, "junit.xml");
    const io = memoryIo();
    const summary = await runSuite(
      inProcessDriver(referencePruner),
      { kind: "reference" },
      { level: "core", runs: 2, seed: 3, outDir: out, junit, properties: PROPERTIES },
      io,
    );

    const skipped = summary.results.filter((line) => line.status === "skipped").length;
    expect([PROPERTIES.length, skipped]).toEqual([23, 5]);
    // Before the fix: "[1/17] precondition-recoverable …", counting the strict properties that never run.
    expect(io.drawn.length).toBeGreaterThan(0);
    for (const line of io.drawn) expect(line).toMatch(/^\[\d+\/18\] /);
    expect(io.lines.at(-1)).toMatch(/^prunecheck: reference conforms at core \(18 properties checked, 5 skipped, \d+ runs, \d+ requests, \d+\.\d s\)$/);
    const xml = readFileSync(junit, "utf8");
    expect(xml).toMatch(/<testsuite [^>]*tests="23" [^>]*skipped="5"/);
    expect(junitCases(xml)).toHaveLength(23);
  });

  it("one property: 1 property checked, nothing skipped", async () => {
    const io = memoryIo();
    await runSuite(
      inProcessDriver(referencePruner),
      { kind: "reference" },
      { level: "strict", runs: 2, seed: 3, outDir: tempDir(), properties: selectProperties(PROPERTIES, ["kept-untouched"]) },
      io,
    );

    expect(io.drawn[0]).toMatch(/^\[0\/1\] 0 runs · 0 requests \(0 req\/s\) · 0\.0 s · kept-untouched …$/);
    expect(io.lines.at(-1)).toMatch(/^prunecheck: reference conforms at strict \(1 property checked, \d+ runs, /);
  });
});

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { inProcessDriver } from "../../src/transport/in-process.ts";
import { appliesTo, LEVELS } from "../../src/models/property.ts";
import { bigWindowRunsFor } from "../../src/models/run.ts";
import { referencePruner } from "../../src/reference/index.ts";
import { propertyBudget } from "../helpers/property-budget.ts";
import { cli, junitCases, lastLine, readReports, readSummary, ROOT, spawnCli, STACK_FRAME, tempDir } from "./helpers.ts";

const { numRuns: RUNS, seed: SEED } = propertyBudget(25, 2024);
const SUMMARY_LINE = /^prunecheck: \S+ conforms at (core|strict) \(\d+ properties checked(, \d+ skipped)?, \d+ runs, \d+ requests, \d+\.\d s\)$/;

describe("prunecheck run --capabilities: the embedded reference declaring only those", () => {
  it("checks the model-driven reference as a compactor with the harness's model, at strict, and records it to replay", async () => {
    const out = tempDir();
    const { code, lines } = await cli(["run", "--capabilities", "compact,model", "--level", "strict", "--runs", "20", "--seed", "7", "--out", out]);
    expect(code).toBe(0);
    expect(lines[0]).toContain("checking the embedded reference declaring prune, compact, model at strict");
    const summary = readSummary(out);
    expect(summary).toMatchObject({ implementation: "reference-model", capabilities: ["prune", "compact", "model"], violations: [] });
    const checked = summary.results.filter((result) => result.status === "passed").map((result) => result.property);
    expect(checked).toEqual(expect.arrayContaining(["choice-gated", "summaries-kept", "compaction-converges", "model-failure-safe"]));
    expect(summary.results.find((result) => result.property === "reground-restores")?.status).toBe("skipped");
  });
});

describe("prunecheck run on a conforming implementation", () => {
  const capabilities = inProcessDriver(referencePruner).capabilities;

  for (const level of LEVELS) {
    it(`exits 0 on the embedded reference at ${level}, with summary.json, summary.md and one JUnit test case per property`, async () => {
      const out = tempDir();
      const junit = join(out, "ci", "junit.xml");
      const { code, lines, errors } = await cli(["run", "--level", level, "--runs", String(RUNS), "--seed", String(SEED), "--out", out, "--junit", junit]);

      expect(errors).toEqual([]);
      expect(code).toBe(0);
      expect(lines.at(-1)).toMatch(SUMMARY_LINE);
      const applicable = PROPERTIES.filter((property) => appliesTo(property, level, capabilities));
      const summary = readSummary(out);
      expect(summary).toMatchObject({ implementation: "reference", level, capabilities: [...capabilities], violations: [], seed: SEED, interrupted: false });
      // The runs, then the big-window runs (`run` meets real context sizes too), every property judging each.
      expect(summary.runs).toBe(RUNS + bigWindowRunsFor(RUNS));
      for (const result of summary.results) if (result.status === "passed") expect(result.runs).toBe(RUNS + bigWindowRunsFor(RUNS));
      expect(summary.requests).toBeGreaterThan(0);
      expect(summary.seconds).toBeGreaterThan(0);
      expect(summary.results.map((result) => result.property)).toEqual(PROPERTIES.map((property) => property.id));
      for (const result of summary.results) {
        expect(result.status).toBe(applicable.some((property) => property.id === result.property) ? "passed" : "skipped");
      }
      expect(readFileSync(join(out, "summary.md"), "utf8")).toContain(`## prunecheck: \`reference\` at ${level}: conforms\n`);
      expect(readReports(out)).toEqual([]);

      const xml = readFileSync(junit, "utf8");
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
      expect(xml.trimEnd().endsWith("</testsuites>")).toBe(true);
      const cases = junitCases(xml);
      expect(cases.map((testcase) => testcase.name)).toEqual(PROPERTIES.map((property) => property.id));
      for (const testcase of cases) {
        const skipped = !applicable.some((property) => property.id === testcase.name);
        expect(testcase.body.includes("<skipped "), testcase.name).toBe(skipped);
      }
      expect(xml).not.toContain("<failure");
      expect(xml).toContain(`skipped="${PROPERTIES.length - applicable.length}"`);
    });
  }

  it("end to end: the binary exits 0, stays quiet on stderr and prints the one-line summary last", async () => {
    const out = tempDir();
    const result = await spawnCli(["run", "--runs", "10", "--seed", String(SEED), "--out", out]);

    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n")[0]).toBe(`prunecheck: checking the embedded reference at core, 10 runs per property and 2 with big windows, seed ${SEED}`);
    expect(lastLine(result.stdout)).toMatch(SUMMARY_LINE);
    expect(result.stdout).not.toMatch(STACK_FRAME);
    expect(existsSync(join(out, "summary.json"))).toBe(true);
  });
});

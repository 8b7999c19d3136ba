import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, junitCases, PRUNERS, readReports, readSummary, tempDir } from "../../test/cli/helpers.ts";
import { InputError } from "../errors/input.ts";
import type { Report } from "../reports/report.ts";
import type { RunSummary } from "../reports/summary.ts";
import { checkSuite } from "./check-suite.ts";

const BROKEN = join(PRUNERS, "drops-precondition.ts");

/** A line as it reads apart from how long it took. */
const untimed = (line: string) => line.replace(/\d+(\.\d+)? s\)/, "… s)");

/** A summary apart from how long things took. */
const untimedSummary = (summary: RunSummary) => ({ ...summary, seconds: 0, results: summary.results.map((result) => ({ ...result, ms: 0 })) });

const byProperty = (reports: readonly Report[]) => [...reports].sort((a, b) => a.property.id.localeCompare(b.property.id));

describe("checkSuite, prunecheck run from a test runner", () => {
  it("says what the CLI says of a pruner that conforms, and writes the same files", async () => {
    const [api, byCli] = [tempDir(), tempDir()];
    const result = await checkSuite({ runs: 20, seed: 7, out: api, junit: join(api, "junit.xml") });
    const printed = await cli(["run", "--runs", "20", "--seed", "7", "--out", byCli]);

    expect(result.conforms).toBe(true);
    expect(result.exitCode).toBe(printed.code);
    expect(result.text.split("\n").map(untimed)).toEqual(printed.lines.map(untimed));
    expect(untimedSummary(readSummary(api))).toEqual(untimedSummary(readSummary(byCli)));
    expect(result.summary).toEqual(readSummary(api));
    expect(result.reports).toEqual([]);
    expect(junitCases(readFileSync(join(api, "junit.xml"), "utf8")).length).toBe(result.summary.results.length);
  });

  it("returns each violation's report as written, and the exit code the CLI gives, for a broken pruner", async () => {
    const [api, byCli] = [tempDir(), tempDir()];
    const lines: string[] = [];
    const result = await checkSuite({ impl: BROKEN, runs: 30, seed: 3, out: api, onLine: (line) => lines.push(line) });
    const printed = await cli(["run", "--impl", BROKEN, "--runs", "30", "--seed", "3", "--out", byCli]);

    expect(result.conforms).toBe(false);
    expect([result.exitCode, printed.code]).toEqual([1, 1]);
    expect(result.summary.violations.length).toBeGreaterThan(0);
    expect(result.summary.violations).toEqual(readSummary(byCli).violations);
    expect(result.reports.length).toBeGreaterThan(0);
    expect(byProperty(result.reports)).toEqual(byProperty(readReports(api).map(({ report }) => report)));
    expect(readReports(api).map(({ stem }) => stem.slice(api.length))).toEqual(readReports(byCli).map(({ stem }) => stem.slice(byCli.length)));
    expect(lines.join("\n")).toBe(result.text);
    expect(result.text).toMatch(/^prunecheck: .* VIOLATES /m);
  });

  it.for([
    { reason: "SIGTERM", code: 143 },
    { reason: "SIGHUP", code: 129 },
    { reason: undefined, code: 130 },
  ])("aborted (reason $reason), exits as the CLI stopped by that signal would: $code", async ({ reason, code }) => {
    const controller = new AbortController();
    controller.abort(reason);
    const result = await checkSuite({ runs: 10, seed: 1, out: tempDir(), signal: controller.signal });

    expect(result.summary.interrupted).toBe(true);
    expect(result.conforms).toBe(false);
    expect(result.exitCode).toBe(code);
  });

  it.for([
    { options: { runs: 0 }, message: /^checkSuite's runs must be a decimal integer from 1 to 1000000, got "0"/ },
    { options: { seed: 2 ** 31 }, message: /^checkSuite's seed must be a decimal integer from 0 to 2147483647/ },
    { options: { runs: 1.5 }, message: /^checkSuite's runs must be a decimal integer/ },
    { options: { timeoutMs: 0 }, message: /^checkSuite's timeoutMs must be a decimal integer from 1 / },
    { options: { level: "Strict" as "strict" }, message: /^checkSuite's level must be core or strict, got "Strict"/ },
    { options: { properties: ["no-such-property"] }, message: /^checkSuite's properties: unknown id "no-such-property"/ },
    { options: { impl: "a.ts", cmd: "b" }, message: /^checkSuite's cmd and impl name two implementations/ },
  ])("refuses bad options with the CLI's typed error, before anything runs: $message", async ({ options, message }) => {
    const out = tempDir();
    const error = await checkSuite({ ...options, out }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe("usage");
    expect((error as InputError).message).toMatch(message);
    // Named as the caller wrote it, not as a CLI flag (issue 46).
    expect((error as InputError).message).not.toMatch(/--[a-z]/);
  });
});

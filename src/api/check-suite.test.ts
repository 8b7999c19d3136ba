import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, junitCases, PRUNERS, readReports, readSummary, ROOT, tempDir } from "../../test/cli/helpers.ts";
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
    // Three properties, two of which the pruner breaks: the API and the CLI agree on them as on the catalog, at a
    // fraction of shrinking every property the fault breaks (10.7 s).
    const properties = ["precondition-recoverable", "pointer-not-paraphrase", "kept-untouched"];
    const result = await checkSuite({ impl: BROKEN, runs: 30, seed: 3, out: api, properties, onLine: (line) => lines.push(line) });
    const printed = await cli(["run", "--impl", BROKEN, "--runs", "30", "--seed", "3", ...properties.flatMap((id) => ["--property", id]), "--out", byCli]);

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

  it("aborted while it shrinks a timeout, still lists the timeout it found, as found, with its report (issue 46)", async () => {
    const out = tempDir();
    const marker = join(tempDir(), "hangs");
    const controller = new AbortController();
    // The adapter marks each hang it starts: the first is the stream's, the second the shrink's.
    const hangs = () => (existsSync(marker) ? readFileSync(marker, "utf8").split("\n").length - 1 : 0);
    const watch = setInterval(() => hangs() >= 2 && controller.abort("SIGTERM"), 20);
    const cmd = `"${process.execPath}" "${join(ROOT, "test", "fixtures", "hostile", "hangshrink", "hang-on-empty.mjs")}" --marker "${marker}"`;
    const result = await checkSuite({
      cmd,
      runs: 1000,
      seed: 2,
      timeoutMs: 2000,
      properties: ["inputs-immutable", "kept-untouched"],
      out,
      signal: controller.signal,
    }).finally(() => clearInterval(watch));

    expect(result.summary.interrupted).toBe(true);
    expect(result.exitCode).toBe(143);
    expect(result.summary.violations).toEqual(["adapter-protocol"]);
    expect(result.summary.results.map((line) => [line.property, line.status])).toEqual([
      ["kept-untouched", "failed"],
      ["inputs-immutable", "failed"],
    ]);
    expect(result.summary.results[0]?.message).toMatch(/^adapter fault \[timeout\].* \(as found: the run was stopped before it was shrunk\)$/);
    // One fault, one report, as when the run goes on.
    expect(result.summary.results[1]).toMatchObject({ same_fault_as: "kept-untouched", report: result.summary.results[0]?.report });
    expect(result.reports).toHaveLength(1);
    expect(result.reports[0]).toMatchObject({ shrinks: 0, finding: { message: expect.stringContaining("within 2000 ms") } });
    expect(readFileSync(join(out, "summary.md"), "utf8")).toContain("interrupted, 1 violation(s)");
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

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { appliesTo } from "../../src/models/property.ts";
import type { Report } from "../../src/reports/report.ts";
import { leftoverProcesses } from "../helpers/processes.ts";
import { adapterCommand, cli, lastLine, processMarker, readReports, readSummary, spawnCli, STACK_FRAME, tempDir } from "./helpers.ts";

/** Properties every prune-only adapter is checked against. Each fault costs a restart per shrink step, so few. */
const APPLICABLE = PROPERTIES.filter((property) => appliesTo(property, "core", ["prune"])).map((property) => property.id);

interface Fault {
  readonly fixture: string;
  readonly code: string;
  /** The properties to check: two where the test also shows that each property's case is reported. */
  readonly properties: readonly string[];
  /** Where the fixture gives away the id of the request it failed on, if it does. */
  readonly failedId?: (report: Report) => string | undefined;
  /**
   * Short only for the fixture that hangs, so each of its shrink steps is quick. One that answers at once
   * gets the CLI's default, so a loaded CI machine cannot turn its fault into a timeout (a 300 ms timeout did).
   */
  readonly timeoutMs?: number;
  /** The line the adapter wrote instead of an answer, which the report must quote; none for a hang or a crash. */
  readonly line?: RegExp;
}

/** The last id the pattern finds: stderr keeps the tail of every restart, the failing one last. */
const lastId = (pattern: RegExp, text: string) => [...text.matchAll(pattern)].at(-1)?.[1];

const FAULTS: readonly Fault[] = [
  { fixture: "hang", code: "timeout", properties: APPLICABLE.slice(0, 1), timeoutMs: 300 },
  {
    fixture: "crash",
    code: "crash",
    properties: APPLICABLE.slice(0, 2),
    failedId: (report) => lastId(/crash\.mjs: giving up on request (\d+)/g, report.stderr),
  },
  { fixture: "junk", code: "not_json", properties: APPLICABLE.slice(0, 1), line: /^(this is not json ){30}$/ },
  {
    fixture: "wrong-id",
    code: "wrong_id",
    properties: APPLICABLE.slice(0, 1),
    failedId: (report) => lastId(/expected id (\d+), got/g, report.finding.message),
    line: /^\{"id":\d{4,},"ok":true,"window":\{/,
  },
  {
    fixture: "bad-schema",
    code: "schema",
    properties: APPLICABLE.slice(0, 1),
    failedId: (report) => lastId(/prune request (\d+) is not an OperationResponse/g, report.finding.message),
    // No derivation_depth, and "oops" for the last span's tags, when there is one.
    line: /^\{"id":\d+,"ok":true,"window":\{"spans":\[.*\]\}\}$/,
  },
];

/** Short scenarios shrink in few steps, and every step against a broken adapter restarts it. */
const SMALL = ["--runs", "20", "--seed", "5", "--max-commands", "2"];

describe.concurrent("prunecheck run on an adapter that breaks the protocol", () => {
  for (const { fixture, code, properties, failedId, timeoutMs, line } of FAULTS) {
    it(`${fixture}: exits 1, every property failed by one adapter-protocol report holding the unanswered request, in bounded time`, async ({ expect }) => {
      const out = tempDir();
      const marker = processMarker(fixture);
      const started = performance.now();
      const args = [
        "run",
        "--cmd",
        adapterCommand(fixture, marker),
        ...(timeoutMs === undefined ? [] : ["--timeout-ms", String(timeoutMs)]),
        ...SMALL,
        "--out",
        out,
      ];
      const run = await cli([...args, ...properties.flatMap((id) => ["--property", id])]);
      const seconds = (performance.now() - started) / 1000;

      expect(run.errors).toEqual([]);
      expect(run.code).toBe(1);
      expect(seconds).toBeLessThan(20);
      expect(run.lines.join("\n")).not.toMatch(STACK_FRAME);
      expect(run.lines.at(-1)).toMatch(new RegExp(`^prunecheck: ${fixture} VIOLATES adapter-protocol at core \\(`));

      const summary = readSummary(out);
      expect(summary.violations).toEqual(["adapter-protocol"]);
      expect(summary.results.map((result) => [result.property, result.status, result.violated])).toEqual(
        properties.map((id) => [id, "failed", "adapter-protocol"]),
      );

      // One fault, one finding (issue 46): the first property to meet it shrank it, the others name it and its report.
      const reports = readReports(out);
      expect(reports.map(({ report }) => [report.property.id, report.checked_property])).toEqual([["adapter-protocol", properties[0]]]);
      const { stem, report } = reports[0] as (typeof reports)[number];
      expect(summary.results.map((result) => [result.report, result.same_fault_as])).toEqual(
        properties.map((_, index) => [stem, index === 0 ? undefined : properties[0]]),
      );
      expect(report.finding.message).toContain(`[${code}]`);
      expect(report.response).toBeNull();
      expect(report.after).toBeNull();
      const failed = report.requests.at(-1);
      expect(failed?.op).not.toBe("hello");
      expect(Math.max(...report.requests.map((request) => request.id))).toBe(failed?.id);
      if (failedId !== undefined) expect(failedId(report)).toBe(String(failed?.id));
      expect(report.stderr).toMatch(new RegExp(`^${fixture} pid=\\d+`, "m"));
      const markdown = readFileSync(`${stem}.md`, "utf8");
      const asked = `Then ${fixture} was sent request ${failed?.id} (${failed?.op}), and`;
      if (line === undefined) {
        expect(report.answer_line).toBeUndefined();
        expect(report.story.at(-2)).toBe(`${asked} gave no valid answer.`);
        expect(markdown).toContain("_no valid response: the adapter broke the protocol on this request_");
      } else {
        // The adapter's own words, not only the harness's description of them.
        expect(report.answer_line).toMatch(line);
        const told = `${asked} answered with a line that is no valid answer: `;
        expect(report.story.at(-2)?.startsWith(told)).toBe(true);
        // Whole when short, else its start and an ellipsis.
        const quoted = report.story.at(-2)?.slice(told.length, -1) ?? "";
        expect(report.answer_line?.startsWith(quoted.replace(/…$/, ""))).toBe(true);
        expect(markdown).toContain(`writing this line:_\n\n\`\`\`text\n${report.answer_line}\n\`\`\``);
      }
      expect(await leftoverProcesses(marker)).toEqual([]);
    });
  }

  it("keyless-pointer, every property at a default run: one finding shrunk once, one report, the others naming it (issue 46)", async ({ expect }) => {
    const out = tempDir();
    const run = await cli(["run", "--cmd", adapterCommand("keyless-pointer", processMarker("keyless-pointer")), "--seed", "1", "--out", out]);

    expect(run.code).toBe(1);
    const summary = readSummary(out);
    const failed = summary.results.filter((result) => result.status === "failed");
    expect(failed.length).toBeGreaterThanOrEqual(10);
    expect(readReports(out)).toHaveLength(1);
    expect(new Set(failed.map((result) => result.report)).size).toBe(1);
    expect(failed.slice(1).every((result) => result.same_fault_as === failed[0]?.property)).toBe(true);
    expect(run.lines.filter((line) => line.includes("adapter fault [schema]"))).toHaveLength(1);
    expect(run.lines).toContain(`✖ ${failed[1]?.property}: the same adapter fault as ${failed[0]?.property}, shrunk once (its report above)`);
    // Shrunk once: each property shrinking it alone took 2,784 requests.
    expect(summary.requests).toBeLessThan(1000);
  });

  it("crash, end to end: the binary exits 1 with the summary last, summary.json written, stderr empty", async ({ expect }) => {
    const out = tempDir();
    const marker = processMarker("crash-e2e");
    const result = await spawnCli(["run", "--cmd", adapterCommand("crash", marker), ...SMALL, "--property", APPLICABLE[0] as string, "--out", out]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    expect(lastLine(result.stdout)).toMatch(/^prunecheck: crash VIOLATES adapter-protocol at core \(1 property checked, /);
    expect(readSummary(out).violations).toEqual(["adapter-protocol"]);
    expect(readFileSync(`${readReports(out)[0]?.stem}.json`, "utf8")).toContain("crash.mjs: giving up on request");
    expect(await leftoverProcesses(marker)).toEqual([]);
  });

  it("line-limit: an adapter whose line reader stops at 64 KiB is caught by a default run, on a request line over 64 KiB", async ({ expect }) => {
    const out = tempDir();
    const marker = processMarker("line-limit");
    // Default scenarios: long tool output in the window and its copies in the store make such lines.
    const run = await cli(["run", "--cmd", adapterCommand("line-limit", marker), "--seed", "5", "--property", APPLICABLE[0] as string, "--out", out]);
    expect(run.code).toBe(1);
    expect(run.lines.at(-1)).toMatch(/^prunecheck: line-limit VIOLATES adapter-protocol at core \(/);
    const [{ report }] = readReports(out) as [ReturnType<typeof readReports>[number]];
    expect(report.finding.message).toContain("[crash]");
    expect(report.stderr).toContain("bufio.Scanner: token too long");
    // Shrunk to a request just over the limit: what the adapter's authors need to see.
    const failed = report.requests.at(-1);
    expect(Buffer.byteLength(JSON.stringify(failed))).toBeGreaterThan(64 * 1024);
    expect(await leftoverProcesses(marker)).toEqual([]);
  });

  // An adapter that never answers hello waits out the 10 s start timeout: test/cli/handshake-hang.test.ts, in the slow lane.
  for (const [fixture, detail] of [["no-prune-capability", 'without "prune"']] as const) {
    it(`${fixture}: exits 2 with a one-line handshake error, a Hint and the adapter's stderr, and checks nothing`, async ({ expect }) => {
      const out = tempDir();
      const marker = processMarker(fixture);
      const run = await cli(["run", "--cmd", adapterCommand(fixture, marker), "--timeout-ms", "300", "--out", out]);

      expect(run.code).toBe(2);
      expect(run.lines).toEqual([]);
      expect(run.errors).toHaveLength(1);
      const [headline, hint, ...stderr] = (run.errors[0] as string).split("\n");
      expect(headline).toMatch(/^prunecheck: the adapter did not answer hello with a valid protocol 1 handshake \[handshake\]: /);
      expect(headline).toContain(detail);
      expect(hint).toMatch(/^Hint: /);
      expect(stderr[0]).toBe("adapter stderr (last lines):");
      expect(stderr[1]).toMatch(new RegExp(`^  ${fixture} pid=\\d+$`));
      expect(run.errors[0]).not.toMatch(STACK_FRAME);
      // Nothing was checked, and summary.json says why, so a CI step that reads it does not fail too.
      expect(readSummary(out).error).toMatchObject({ kind: "adapter", code: "handshake" });
      expect(await leftoverProcesses(marker)).toEqual([]);
    });
  }

  it("a handshake that is not JSON from an adapter silent on stderr: exits 2 with the error and the Hint alone", async ({ expect }) => {
    const run = await cli(["run", "--cmd", "echo hello", "--timeout-ms", "2000", "--out", tempDir()]);
    expect(run.code).toBe(2);
    expect(run.lines).toEqual([]);
    expect(run.errors).toEqual([
      expect.stringMatching(/^prunecheck: the adapter did not answer hello with a valid protocol 1 handshake \[handshake\]: .*not JSON.*\nHint: [^\n]+$/),
    ]);
  });

  it("a command that does not exist: exits 2 with a spawn error and the shell's complaint", async ({ expect }) => {
    const run = await cli(["run", "--cmd", "prunecheck-no-such-adapter --stdio", "--out", tempDir()]);
    expect(run.code).toBe(2);
    expect(run.lines).toEqual([]);
    const [headline, hint, ...stderr] = (run.errors[0] as string).split("\n");
    expect(headline).toBe(
      "prunecheck: the adapter command could not be started [spawn]: the shell could not run the command (exit status 127: command not found)",
    );
    expect(hint).toMatch(/^Hint: /);
    expect(stderr.join("\n")).toContain("not found");
  });
});

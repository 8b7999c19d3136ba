import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { reportFileStem, shellQuote } from "../../src/reports/build.ts";
import type { Report } from "../../src/reports/report.ts";
import { markdownText } from "../../src/reports/escape/markdown.ts";
import { cli, junitCases, lastLine, PRUNERS, readReports, readSummary, ROOT, type Spawned, spawnCli, STACK_FRAME, tempDir } from "./helpers.ts";

const SEED = 77;
const NAIVE = `python3 "${join(ROOT, "examples", "python", "naive.py")}"`;
const REFERENCE_MODULE = join(PRUNERS, "reference.ts");
const MUTANT_MODULE = join(PRUNERS, "drops-precondition.ts");

/** The last request of a report is the one that failed: the window the report shows "before" is its window. */
function expectFailingRequestLast(report: Report): void {
  expect(report.requests.length).toBeGreaterThan(0);
  const last = report.requests.at(-1);
  expect(last !== undefined && "window" in last ? last.window : null).toEqual(report.before);
  expect(Math.max(...report.requests.map((request) => request.id))).toBe(last?.id);
}

describe("prunecheck run on the naive Python pruner, through the binary", () => {
  const out = tempDir();
  const junit = join(out, "junit.xml");
  let run: Spawned;
  let reports: ReturnType<typeof readReports>;

  beforeAll(async () => {
    run = await spawnCli(["run", "--cmd", NAIVE, "--runs", "25", "--seed", String(SEED), "--out", out, "--junit", junit]);
    reports = readReports(out);
  });

  it("exits 1 with nothing on stderr, and ends stdout on the one-line summary naming what it violates", () => {
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    expect(lastLine(run.stdout)).toMatch(
      /^prunecheck: naive-python VIOLATES [a-z-]+(, [a-z-]+)* at core \(\d+ properties checked, \d+ skipped, \d+ runs, \d+ requests, \d+\.\d s\)$/,
    );
    expect(run.stdout).not.toMatch(STACK_FRAME);
    const summary = readSummary(out);
    expect(summary.violations.length).toBeGreaterThan(0);
    expect(summary.interrupted).toBe(false);
    expect(lastLine(run.stdout)).toContain(summary.violations.join(", "));
  });

  it("writes a <property>-<impl>-<seed> .json and .md pair per violated property, each JSON a valid Report", () => {
    const summary = readSummary(out);
    // A counterexample that breaks several properties is one report naming each (issue 46).
    expect(reports.flatMap(({ report }) => [report.property.id, ...(report.also ?? []).map((also) => also.property.id)]).sort()).toEqual(
      [...summary.violations].sort(),
    );
    for (const { stem, report } of reports) {
      expect(stem).toBe(join(out, reportFileStem(report)));
      expect(stem.endsWith(`${report.property.id}-naive-python-${SEED}`)).toBe(true);
      expect(existsSync(`${stem}.md`)).toBe(true);
      expect(report).toMatchObject({
        origin: { kind: "random", seed: SEED },
        level: "core",
        implementation: { name: "naive-python", target: { kind: "cmd", command: NAIVE } },
      });
      expectFailingRequestLast(report);
      expect(report.response).not.toBeNull();
    }
  });

  it("renders each report as Markdown with the seed quote, the story and the replay line", () => {
    for (const { stem, report } of reports) {
      const markdown = readFileSync(`${stem}.md`, "utf8");
      expect(markdown).toContain(`> ${report.property.quote}`);
      report.story.forEach((line, index) => expect(markdown).toContain(`\n${index + 1}. ${markdownText(line)}\n`));
      expect(report.story.at(-1 - (report.also?.length ?? 0))).toBe(`That is the violation: ${report.finding.message}.`);
      expect(report.replay).toBe(`npx prunecheck replay ${stem}.json --cmd ${shellQuote(NAIVE)}`);
      expect(markdown).toContain(`\`\`\`sh\n${report.replay}\n\`\`\``);
    }
  });

  it("marks each violated property as a JUnit <failure> naming its report", () => {
    const cases = junitCases(readFileSync(junit, "utf8"));
    const failed = cases.filter((testcase) => testcase.body.includes("<failure "));
    const checked = (report: Report) => [report.checked_property, ...(report.also ?? []).map((also) => also.checked_property)];
    expect(failed.map((testcase) => testcase.name).sort()).toEqual(reports.flatMap(({ report }) => checked(report)).sort());
    for (const { stem, report } of reports) {
      for (const property of checked(report)) expect(failed.find((testcase) => testcase.name === property)?.body).toContain(`report: ${stem}.md`);
    }
  });

  it("end to end: the report's own replay line, pasted into a shell, still fails, exit 1, quietly", async () => {
    const line = (reports[0]?.report.replay ?? "").replace(/^npx prunecheck /, `${shellQuote(process.execPath)} bin/prunecheck.js `);
    const replay = await promisify(execFile)("sh", ["-c", `${line}; echo "exit $?"`], { cwd: ROOT });
    expect(replay.stderr).toBe("");
    expect(replay.stdout).toMatch(/on naive-python: still fails.*\nexit 1\n$/s);
  });

  it("replay of each report still fails (exit 1) on the naive pruner, and passes (exit 0) on the reference", async () => {
    for (const { stem, report } of reports) {
      const again = await cli(["replay", `${stem}.json`, "--trust-target"]);
      expect(again.errors).toEqual([]);
      expect(again.code, report.property.id).toBe(1);
      // One line per property the counterexample breaks, after --trust-target's warning.
      const verdicts = again.lines.filter((line) => line.startsWith("replay "));
      expect(verdicts[0]).toContain(`on naive-python: still fails: ${report.property.id}`);
      expect(verdicts).toHaveLength(1 + (report.also?.length ?? 0));

      const fixed = await cli(["replay", `${stem}.json`, "--impl", REFERENCE_MODULE]);
      expect(fixed.errors).toEqual([]);
      expect(fixed.code, report.property.id).toBe(0);
      expect(fixed.lines.every((line) => line.includes("on reference: passes now"))).toBe(true);
    }
  });
});

describe("prunecheck run --impl on a pruner that drops precondition spans", () => {
  it("exits 1; its report replays as failing on the module and as passing on the reference", async () => {
    const out = tempDir();
    const run = await cli(["run", "--impl", MUTANT_MODULE, "--runs", "50", "--seed", String(SEED), "--out", out]);
    expect(run.errors).toEqual([]);
    expect(run.code).toBe(1);
    const summary = readSummary(out);
    expect(summary.implementation).toBe("drops-precondition");
    expect(summary.violations).toContain("precondition-recoverable");

    const found = readReports(out).find(({ report }) => report.property.id === "precondition-recoverable");
    expect(found).toBeDefined();
    const { stem, report } = found as NonNullable<typeof found>;
    expect(report.implementation.target).toEqual({ kind: "impl", path: MUTANT_MODULE });
    expectFailingRequestLast(report);

    expect((await cli(["replay", `${stem}.json`])).code).toBe(2);
    expect((await cli(["replay", `${stem}.json`, "--trust-target"])).code).toBe(1);
    expect((await cli(["replay", `${stem}.json`, "--impl", MUTANT_MODULE])).code).toBe(1);
    expect((await cli(["replay", `${stem}.json`, "--impl", REFERENCE_MODULE])).code).toBe(0);
  });
});

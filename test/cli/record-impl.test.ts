import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withEarlierReport } from "./audit-helpers.ts";
import { PRUNERS, readReports, readSummary, recorderCommand, ROOT, spawnCli, tempDir } from "./helpers.ts";

const MODEL_PRUNER = join(ROOT, "examples", "typescript", "model-pruner.ts");
const recordedModule = (module: string, trace: string) => recorderCommand({ impl: module }, trace);

/**
 * Issue 46: TypeScript was second-class for recording: `record` took only --cmd, audit --impl skipped every
 * exchange that used the model, and a finding's replay line asked for --cmd. `record --impl` serves a module
 * over stdio protocol 1.1 as an adapter does, recording each exchange, model calls included.
 */
describe("prunecheck record --impl, a TS/JS module served over stdio and recorded", () => {
  it("serves the model-driven example as the in-process run checks it, and its trace audits clean with every property judged", async () => {
    const dir = tempDir();
    const trace = join(dir, "model.jsonl");
    // Short scenarios: what is checked is serving and recording, not a long run's reach (the big-window runs of
    // 24-command scenarios are most of a strict run's bytes).
    const args = ["--level", "strict", "--runs", "15", "--max-commands", "6", "--seed", "2"];
    const [served] = await Promise.all([
      spawnCli(["run", "--cmd", recordedModule(MODEL_PRUNER, trace), ...args, "--out", join(dir, "served")]),
      spawnCli(["run", "--impl", MODEL_PRUNER, ...args, "--out", join(dir, "direct")]),
    ]);

    expect(served.code, served.stdout).toBe(0);
    // The same properties judged over stdio as in process: its model calls went to the harness as model lines.
    const verdicts = (out: string) => readSummary(join(dir, out)).results.map((line) => [line.property, line.status]);
    expect(verdicts("served")).toEqual(verdicts("direct"));
    const lines = readFileSync(trace, "utf8").trimEnd().split("\n");
    expect(JSON.parse(lines[0] as string)).toMatchObject({ implementation: { name: "model-summarizer" }, recorder: "module" });
    expect(lines.filter((line) => line.includes('"model":[')).length).toBeGreaterThan(10);

    // Into a folder where an earlier audit's summary names its report: a clean audit leaves none (issue 46).
    const leftNoEarlierReport = withEarlierReport(join(dir, "audit"));
    const audit = await spawnCli(["audit", trace, "--level", "strict", "--impl", MODEL_PRUNER, "--out", join(dir, "audit")]);
    expect(audit.code, audit.stdout).toBe(0);
    leftNoEarlierReport();
    expect(readSummary(join(dir, "audit")).violations).toEqual([]);
    // Asked again facing the model's recorded answers, the exchanges that used the model are judged too.
    expect(readSummary(join(dir, "audit")).results.find((line) => line.property === "deterministic")).toMatchObject({ status: "passed" });
  });

  it("records a broken module's exchanges, whose audit reports replay on a fixed module named with --impl", async () => {
    const dir = tempDir();
    const trace = join(dir, "broken.jsonl");
    const broken = join(PRUNERS, "drops-evicted.mjs");
    const run = await spawnCli([
      "run",
      "--cmd",
      recordedModule(broken, trace),
      "--property",
      "pointer-not-paraphrase",
      "--runs",
      "10",
      "--seed",
      "1",
      "--out",
      join(dir, "run"),
    ]);
    expect(run.code).toBe(1);

    const audit = await spawnCli(["audit", trace, "--out", join(dir, "audit")]);
    expect(audit.code).toBe(1);
    const standalone = readReports(join(dir, "audit")).filter(({ report }) => report.origin.kind === "trace" && report.origin.standalone === true);
    expect(standalone).not.toEqual([]);
    for (const { report } of standalone) expect(report.replay).toMatch(/ --impl '<your fixed module>'$/);
  });

  it("refuses --cmd and --impl together, and neither, as a usage error", async () => {
    const both = await spawnCli(["record", "--cmd", "true", "--impl", MODEL_PRUNER, "--trace", join(tempDir(), "t.jsonl")]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("record needs --cmd (an adapter) or --impl (a TS/JS module), one of them");
  });
});

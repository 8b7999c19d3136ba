import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectModelTraceAudits, withEarlierReport } from "./audit-helpers.ts";
import { lastLine, readSummary, recorderCommand, ROOT, spawnCli, tempDir } from "./helpers.ts";

/**
 * Traces of conforming Python pruners, recorded during a run and audited clean. The slow lane: npm test
 * audits a conforming model-driven module's strict trace clean with every property judged
 * (record-impl.test.ts) and the Python reference conforms at strict under run (examples-cli.test.ts); these
 * recordings cost 16 s of 95 MB traces for what those two already check between them.
 */
const SEED = 77;
const PYTHON_REFERENCE = `python3 "${join(ROOT, "examples", "python", "adapter.py")}"`;

describe("prunecheck audit of a conforming pruner's trace", () => {
  it("audits the Python reference's trace of a strict run clean, exit 0", async () => {
    const dir = tempDir();
    const trace = join(dir, "reference.jsonl");
    const run = await spawnCli([
      "run",
      "--cmd",
      recorderCommand({ cmd: PYTHON_REFERENCE }, trace),
      "--level",
      "strict",
      "--runs",
      "10",
      "--seed",
      String(SEED),
      "--out",
      join(dir, "run"),
    ]);
    expect(run.code).toBe(0);
    // Into a folder where an earlier audit's summary names its report: a clean audit leaves none (issue 46).
    const out = join(dir, "audit");
    const leftNoEarlierReport = withEarlierReport(out);
    const audit = await spawnCli(["audit", trace, "--level", "strict", "--out", out]);
    expect(audit.code).toBe(0);
    const summary = readSummary(out);
    expect(summary.violations).toEqual([]);
    leftNoEarlierReport();
    // Judged, not vacuous: every operation the adapter declares was in the trace and judged.
    expect(summary.results.filter((result) => result.status === "passed").length).toBeGreaterThan(10);
    expect(lastLine(audit.stdout)).toMatch(/^prunecheck: \S+ conforms at strict/);
  }, 120_000);
});

describe("prunecheck audit of a conforming model-driven compactor recorded over stdio (protocol 1.1)", () => {
  it("model_compactor.py: the trace keeps the model's calls and answers, and audits clean, model-failure-safe judged", () =>
    expectModelTraceAudits("model_compactor.py", []));
});

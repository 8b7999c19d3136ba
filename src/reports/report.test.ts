import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Report } from "./report.ts";

const FORMAT_1 = JSON.parse(readFileSync(join(import.meta.dirname, "../../test/fixtures/reports/format-1-random.json"), "utf8")) as Record<string, unknown>;

describe("Report reads reports written in format 1", () => {
  it("takes a random run's seed, path and replayPath into its origin", () => {
    const report = Report.parse(FORMAT_1);
    expect(report.format).toBe("prunecheck-report/2");
    expect(report.origin).toEqual({ kind: "random", seed: FORMAT_1["seed"], path: FORMAT_1["path"], replayPath: FORMAT_1["replayPath"] });
    expect(report).not.toHaveProperty("seed");
  });

  it("takes an exhaustive case out of its counterexample string, and its index from runs_to_failure", () => {
    const testCase = { depth: 0, spans: [["precondition", "no-key"]], op: "prune", named: [0] };
    const old = { ...FORMAT_1, seed: 0, path: "exhaustive", replayPath: "", runs_to_failure: 10, shrinks: 0, counterexample: `exhaustive ${JSON.stringify(testCase)}` };
    const report = Report.parse(old);
    expect(report.origin).toEqual({ kind: "exhaustive", case: testCase, index: 9 });
    expect(report.counterexample).toBe("depth 0, [precondition/no-key], prune {0}");
  });

  it("refuses a format-1 exhaustive report whose case does not parse, naming the field", () => {
    const old = { ...FORMAT_1, seed: 0, path: "exhaustive", replayPath: "", counterexample: 'exhaustive {"depth":2}' };
    const parsed = Report.safeParse(old);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.some((issue) => issue.path.join(".").startsWith("origin.case"))).toBe(true);
  });
});

describe("Report's origin", () => {
  const report = Report.parse(FORMAT_1);

  it("holds a case's index to runs_to_failure, as a path's first index is", () => {
    const testCase = { depth: 0, spans: [], op: "prune", named: [] };
    expect(Report.safeParse({ ...report, origin: { kind: "exhaustive", case: testCase, index: 0 }, runs_to_failure: 1 }).success).toBe(true);
    expect(Report.safeParse({ ...report, origin: { kind: "exhaustive", case: testCase, index: 3 }, runs_to_failure: 1 }).error?.issues[0]?.path).toEqual(["origin", "index"]);
  });

  it("names a trace line by file and 1-based line, the conversation optional", () => {
    expect(Report.safeParse({ ...report, origin: { kind: "trace", file: "traces/a.jsonl", line: 3, conversation: "c1" } }).success).toBe(true);
    expect(Report.safeParse({ ...report, origin: { kind: "trace", file: "traces/a.jsonl", line: 0 } }).success).toBe(false);
  });
});

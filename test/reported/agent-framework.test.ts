import { describe, expect, it } from "vitest";
import dropped from "./pruners/summary-dropped.ts";
import { judgeCompact, search, span } from "./judge.ts";

/**
 * microsoft/agent-framework 7744 is a report against the Python framework (no Python package index is
 * reachable here), shown as its fault pattern (test/reported/pruners/summary-dropped.ts).
 */
describe("microsoft/agent-framework 7744: with a chat middleware attached, compaction's summary is lost and its exclusions stay", () => {
  // The production agent "silently forgot its task mid-run": the task is what every later step follows.
  const run = [
    span("task", "Migrate the orders table to the new schema; do not touch the payments table", { role: "user", tags: ["constraint"] }),
    span("c1", "describe_table(orders)"),
    span("r1", "orders: 14 columns, 2.1M rows", { depends_on: ["c1"] }),
    span("c2", "describe_table(payments)"),
    span("r2", "payments: 9 columns", { depends_on: ["c2"] }),
  ];

  it("drops the task and the first exchange with no summary or pointer: precondition-recoverable, pointer-not-paraphrase", async () => {
    const verdict = await judgeCompact(dropped, run, { unit: "chars", limit: 80 });
    expect(verdict.kept).toEqual(["c2", "r2"]);
    expect(Object.keys(verdict.violations)).toEqual(["precondition-recoverable", "pointer-not-paraphrase"]);
    expect(verdict.violations["precondition-recoverable"]).toContain('"task"');
  });

  it("the generated search finds the pattern and shrinks it to a few spans", async () => {
    const { windowSize } = await search(dropped, "pointer-not-paraphrase", 7744);
    expect(windowSize).toBeLessThanOrEqual(3);
  });
});

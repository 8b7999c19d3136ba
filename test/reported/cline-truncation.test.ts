import { describe, expect, it } from "vitest";
import truncate from "./pruners/truncate-after-first-pair.ts";
import { judgeCompact, search, span } from "./judge.ts";

/**
 * cline/cline 7225 (a pull request: "Remove orphaned tool_results after truncation"), as the fault pattern
 * of Cline's truncation before it (test/reported/pruners/truncate-after-first-pair.ts): Cline ships as a
 * VS Code extension, not as a library on npm, so its ContextManager cannot run here.
 */
describe("cline/cline 7225: truncation removes a tool_use and keeps its tool_result", () => {
  const task = [
    span("task", "Fix the failing test in auth.spec.ts", { role: "user" }),
    span("ack", "I'll start by reading the test.", { role: "assistant" }),
    span("u1", "(continue)", { role: "user" }),
    span("use", "read_file(auth.spec.ts)"),
    span("result", "expect(token).toHaveLength(32) // fails: 31", { depends_on: ["use"] }),
    span("next", "The token is one character short.", { role: "assistant" }),
  ];

  it("keeps the first pair, removes u1 and the tool_use, keeps the tool_result: dependencies-intact", async () => {
    const verdict = await judgeCompact(truncate, task, { unit: "chars", limit: 150 });
    expect(verdict.kept).toEqual(["task", "ack", "result", "next"]);
    expect(Object.keys(verdict.violations)).toEqual(["dependencies-intact"]);
    expect(verdict.violations["dependencies-intact"]).toMatch(/"result" stays in the window but the span it depends on, "use"/);
  });

  // The smallest orphan: the kept pair, a removed pair whose second message is the call, and its result.
  it("the generated search finds the orphan and shrinks it to five spans", async () => {
    const { windowSize } = await search(truncate, "dependencies-intact", 7225);
    expect(windowSize).toBeLessThanOrEqual(5);
  });
});

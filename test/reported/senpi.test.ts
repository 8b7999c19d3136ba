import { describe, expect, it } from "vitest";
import refused from "./pruners/empty-summary-refused.ts";
import { judgeCompact, span } from "./judge.ts";

/**
 * code-yeongyu/senpi 1067, shown as its fault pattern (test/reported/pruners/empty-summary-refused.ts):
 * senpi is a coding agent, not a library on npm.
 */
describe("code-yeongyu/senpi 1067: a summarizer that answers with a tool call leaves compaction rejected and the context over its threshold", () => {
  const session = [
    span("u1", "Refactor the parser; keep the public API unchanged", { role: "user" }),
    span("a1", "Reading the parser module.", { role: "assistant" }),
    span("c1", "read_file(parser.ts)"),
    span("r1", "export function parse(input: string): Ast { … }", { depends_on: ["c1"] }),
    span("u2", "Go on", { role: "user" }),
  ];

  it("refuses the empty summary with its own error where pointers fit: loud-refusal, not a lost history", async () => {
    const verdict = await judgeCompact(refused, session, { unit: "chars", limit: 60 }, "core", [{ kind: "empty" }]);
    expect(Object.keys(verdict.violations)).toEqual(["loud-refusal"]);
    expect(verdict.violations["loud-refusal"]).toMatch(/SummaryGenerationError/);
  });
});

import { describe, expect, it } from "vitest";
import tokenLimiter from "./pruners/token-limiter-best-fit.ts";
import { judgeCompact, search, span } from "./judge.ts";

/**
 * mastra-ai/mastra 16047 and 24110, as the fault pattern of `TokenLimiterProcessor`'s best-fit trim
 * (test/reported/pruners/token-limiter-best-fit.ts): `@mastra/core` 1.x, where both were reported, needs
 * Node >= 22.13.
 */
describe("mastra-ai/mastra 16047: the limiter removes every input message when none fits", () => {
  // The request the user just sent is what the next model call must answer: a precondition.
  const request = span("u1", "Summarize the attached incident report and list every action item", { role: "user", tags: ["precondition"] });

  it("returns an empty window: precondition-recoverable and pointer-not-paraphrase at core", async () => {
    const verdict = await judgeCompact(tokenLimiter, [request], { unit: "tokens", limit: 5 });
    expect(verdict.kept).toEqual([]);
    expect(Object.keys(verdict.violations)).toEqual(["precondition-recoverable", "pointer-not-paraphrase"]);
  });

  it("untagged, the same empty window is still caught at strict: externalize-everything", async () => {
    const verdict = await judgeCompact(tokenLimiter, [{ ...request, tags: [] }], { unit: "tokens", limit: 5 }, "strict");
    expect(verdict.kept).toEqual([]);
    expect(Object.keys(verdict.violations)).toEqual(["externalize-everything"]);
  });
});

describe("mastra-ai/mastra 24110: the limiter removes the current run's tool call and result", () => {
  const run = [
    span("sys", "You are a support agent.", { role: "system" }),
    span("u1", "Why did order 1042 fail?", { role: "user" }),
    span("c1", "lookup_order(1042)"),
    span("r1", "order 1042: payment declined (card expired); do not retry the charge", { tags: ["negative_result"], depends_on: ["c1"] }),
  ];

  it("drops the call and its result, keeps older messages, and says nothing: precondition-recoverable and pointer-not-paraphrase", async () => {
    const verdict = await judgeCompact(tokenLimiter, run, { unit: "chars", limit: 60 });
    expect(verdict.kept).toEqual(["sys", "u1"]);
    expect(Object.keys(verdict.violations)).toEqual(["precondition-recoverable", "pointer-not-paraphrase"]);
    expect(verdict.violations["precondition-recoverable"]).toContain('"r1"');
  });

  it("the generated search finds the pattern and shrinks it to one span", async () => {
    const { result, windowSize } = await search(tokenLimiter, "precondition-recoverable", 24110);
    expect(windowSize).toBe(1);
    expect(result.counterexample).toContain("compact");
  });
});

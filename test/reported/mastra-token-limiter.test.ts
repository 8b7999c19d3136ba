import { describe, expect, it } from "vitest";
import { spanSize } from "prunecheck";
import type { Span } from "prunecheck";
import tokenLimiter, { tokenLimiter as limiterMeasuring } from "./pruners/token-limiter-best-fit.ts";
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

describe("a budget must count tool-call inputs and results: a limiter whose counter skips them", () => {
  // A counter that sees a message's text and not its tool parts: tool calls and results cost nothing.
  const isToolTraffic = (span: Span) => "part" in span;
  const textOnly = limiterMeasuring((span, unit) => (isToolTraffic(span) ? 0 : spanSize(span, unit)), "pattern:token-limiter-text-only");
  const run = [
    span("u1", "Why did order 1042 fail?", { role: "user" }),
    span("c1", 'lookup_order({"id": 1042, "include": ["payments", "shipments", "refunds"]})', { part: "tool-call" } as object),
    span("r1", "order 1042: payment declined (card expired); do not retry the charge", { part: "tool-result", depends_on: ["c1"] } as object),
  ];

  it("keeps everything and returns the window over budget: budget-respected", async () => {
    const verdict = await judgeCompact(textOnly, run, { unit: "chars", limit: 60 });
    expect(verdict.kept).toEqual(["u1", "c1", "r1"]);
    expect(Object.keys(verdict.violations)).toEqual(["budget-respected"]);
  });

  it("the same limiter counting whole spans fits the budget", async () => {
    const verdict = await judgeCompact(tokenLimiter, run, { unit: "chars", limit: 60 });
    expect(verdict.kept).toEqual(["u1"]);
    expect(verdict.violations).toEqual({});
  });
});

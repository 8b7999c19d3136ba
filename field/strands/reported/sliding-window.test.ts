import { describe, expect, it } from "vitest";
import * as strands070 from "strands-sdk-0-7-0";
import * as strands100 from "@strands-agents/sdk";
import { strandsPruners } from "./sliding-window.ts";
import { judgeCompact, span } from "../../../test/reported/judge.ts";

/**
 * strands-agents/sdk-typescript 727 and 896, on `@strands-agents/sdk` 0.7.0 (the last release before the
 * fix of 727, pull request 739; 896 is still open), each a pinned counterexample judged by the catalog;
 * 727's also on 1.0.0, which has the fix, so the fixture tells the fault from the glue.
 */
const { overflowReduction, slidingWindow } = strandsPruners(strands070, "0.7.0");
const fixed = strandsPruners(strands100 as unknown as typeof strands070, "1.0.0");
describe("strands-agents/sdk-typescript 727: the sliding window can start the history with an assistant message", () => {
  // The first-message rule as a dependency: each answer depends on the question it answers.
  const history = [
    span("u1", "What's the weather in Florida?", { role: "user" }),
    span("a1", "Sunny, 31 °C.", { role: "assistant", depends_on: ["u1"] }),
    span("u2", "And in Oslo?", { role: "user" }),
    span("a2", "Rain, 9 °C.", { role: "assistant", depends_on: ["u2"] }),
  ];

  it("keeps the answer a1 and drops its question u1: dependencies-intact", async () => {
    const verdict = await judgeCompact(slidingWindow, history, { unit: "chars", limit: 40 });
    expect(verdict.kept).toEqual(["a1", "u2", "a2"]);
    expect(Object.keys(verdict.violations)).toEqual(["dependencies-intact"]);
    expect(verdict.violations["dependencies-intact"]).toContain("a1");
  });

  it("on 1.0.0 the window starts at the user message u2 instead, and passes", async () => {
    const verdict = await judgeCompact(fixed.slidingWindow, history, { unit: "chars", limit: 40 });
    expect(verdict.kept).toEqual(["u2", "a2"]);
    expect(verdict.violations).toEqual({});
  });
});

describe("strands-agents/sdk-typescript 896: on overflow the newest tool result is replaced, whole, by a notice", () => {
  const history = [
    span("u1", "Check both schemas", { role: "user" }),
    span("c1", "read_schema(users)"),
    span("r1", "users.email: VARCHAR(255) NOT NULL UNIQUE", { tags: ["constraint"], depends_on: ["c1"] }),
    span("c2", "read_schema(orders)"),
    span("r2", "orders.total: DECIMAL(10,2) CHECK (total >= 0) NOT NULL", { tags: ["constraint"], depends_on: ["c2"] }),
  ];

  it("rewrites r2, the newest, and keeps r1, the oldest: precondition-recoverable and kept-untouched", async () => {
    const verdict = await judgeCompact(overflowReduction, history, { unit: "chars", limit: 150 });
    expect(verdict.kept).toEqual(["u1", "c1", "r1", "c2", "r2"]);
    expect(verdict.returned!.spans[2]).toEqual(history[2]);
    expect(verdict.returned!.spans[4]?.text).toBe("The tool result was too large!");
    expect(Object.keys(verdict.violations)).toEqual(expect.arrayContaining(["precondition-recoverable", "kept-untouched"]));
    expect(verdict.violations["precondition-recoverable"]).toContain("r2");
  });
});

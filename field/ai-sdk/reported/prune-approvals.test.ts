import { pruneMessages as pruneFixed } from "ai";
import { pruneMessages as pruneBuggy } from "ai-6-0-200";
import { describe, expect, it } from "vitest";
import { approvalPruner } from "./approvals.ts";
import { judgeCompact, span } from "../../../test/reported/judge.ts";

/**
 * vercel/ai 16385 and 20953 as pinned counterexamples: each fails `dependencies-intact` on `ai` 6.0.200,
 * which had both faults, and passes on the `ai` the project pins (6.0.325), which has both fixes, so the
 * fixture tells the fault from the mapping.
 */
const budget = { unit: "chars", limit: 10_000 } as const;
const versions = [
  ["6.0.200", pruneBuggy],
  ["6.0.325", pruneFixed],
] as const;

describe("vercel/ai 16385: selective pruning by tool name leaves the approval response of a pruned call", () => {
  const history = [
    span("u1", "Weather in Oslo, and the time?"),
    span("c1", "get_weather(Oslo)", { part: "tool-call", tool: "weather" } as object),
    span("q1", "approve get_weather?", { part: "tool-approval-request", depends_on: ["c1"] } as object),
    span("c2", "get_time(Oslo)", { part: "tool-call", tool: "time" } as object),
    span("p1", "approved by the user", { part: "tool-approval-response", depends_on: ["q1"] } as object),
    span("r1", "Rain, 9 °C", { part: "tool-result", depends_on: ["c1"] } as object),
    span("r2", "14:05", { part: "tool-result", depends_on: ["c2"] } as object),
    span("u2", "Thanks"),
  ];
  const options = { toolCalls: [{ type: "before-last-message" as const, tools: ["weather"] }] };

  it.each(versions)("ai %s", async (version, prune) => {
    const verdict = await judgeCompact(approvalPruner(`ai-${version}`, prune, options), history, budget);
    if (version === "6.0.200") {
      expect(verdict.kept).toEqual(["u1", "q1", "c2", "p1", "r2", "u2"]);
      expect(Object.keys(verdict.violations)).toEqual(["dependencies-intact"]);
      expect(verdict.violations["dependencies-intact"]).toMatch(/"q1" stays in the window but the span it depends on, "c1"/);
    } else {
      expect(verdict.kept).toEqual(["u1", "c2", "r2", "u2"]);
      expect(verdict.violations).toEqual({});
    }
  });
});

describe("vercel/ai 20953: keeping a pending approval keeps its request but drops the tool call it is for", () => {
  const history = [
    span("u1", "Echo hello"),
    span("c1", "echo(hello)", { part: "tool-call", tool: "echo" } as object),
    span("q1", "approve echo?", { part: "tool-approval-request", depends_on: ["c1"] } as object),
    span("p1", "approved by the user", { part: "tool-approval-response", depends_on: ["q1"] } as object),
  ];
  const options = { toolCalls: "before-last-message" as const };

  it.each(versions)("ai %s", async (version, prune) => {
    const verdict = await judgeCompact(approvalPruner(`ai-${version}`, prune, options), history, budget);
    if (version === "6.0.200") {
      expect(verdict.kept).toEqual(["u1", "q1", "p1"]);
      expect(Object.keys(verdict.violations)).toEqual(["dependencies-intact"]);
      expect(verdict.violations["dependencies-intact"]).toMatch(/"q1" stays in the window but the span it depends on, "c1"/);
    } else {
      expect(verdict.kept).toEqual(["u1", "c1", "q1", "p1"]);
      expect(verdict.violations).toEqual({});
    }
  });
});

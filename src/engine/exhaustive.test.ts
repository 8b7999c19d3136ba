import { describe, expect, it } from "vitest";
import { inProcessDriver } from "../transport/in-process.ts";
import type { Pruner } from "../transport/pruner.ts";
import { appliesTo, type Level } from "../models/property.ts";
import { PROPERTIES } from "../../properties/index.ts";
import { referenceModelPruner, referencePruner } from "../reference/index.ts";
import type { Capability } from "../wire/protocol.ts";
import { caseCount, enumerateCases, SPAN_KINDS, stageCase } from "./exhaustive.ts";
import type { ExhaustiveCase } from "../models/exhaustive-case.ts";
import dropsPreconditions from "../../fuzz/fixtures/drops-preconditions.ts";
import orphansDependents from "../../fuzz/fixtures/orphans-dependents.ts";
import staleKeyAccepted from "../../fuzz/fixtures/stale-key-accepted.ts";
import { summaryOfSummary } from "../../properties/mutants/summary-of-summary.ts";
import { compactSummarizesPreconditions } from "../../properties/mutants/compact-summarizes-preconditions.ts";
import { compactsEveryCall } from "../../properties/mutants/compacts-every-call.ts";
import { judgeCase } from "./judge-case.ts";

const CAPABILITY_SETS: readonly (readonly Capability[])[] = [
  ["prune"],
  ["prune", "summarize"],
  ["prune", "reground"],
  ["prune", "summarize", "reground", "compact"],
  ["prune", "compact", "model"],
  ["prune", "summarize", "reground", "compact", "model"],
];

describe("the exhaustive enumeration", () => {
  it("draws spans from 4 tag classes × 10 copy states", () => {
    expect(SPAN_KINDS).toHaveLength(40);
  });

  it("has the closed-form size for prune only: Σ 2·L(k)·40^k·2^k, L(k) = 2 linkings from two spans on", () => {
    expect(caseCount(0, ["prune"])).toBe(2);
    expect(caseCount(1, ["prune"])).toBe(2 * (1 + 80));
    expect(caseCount(2, ["prune"])).toBe(2 * (1 + 80 + 2 * 80 ** 2));
    expect(caseCount(3, ["prune"])).toBe(2 * (1 + 80 + 2 * 80 ** 2 + 2 * 80 ** 3));
  });

  it.each(CAPABILITY_SETS.flatMap((capabilities) => [0, 1, 2].map((bound) => [bound, capabilities] as const)))(
    "yields exactly caseCount distinct cases at bound %i for %j",
    (bound, capabilities) => {
      const cases = [...enumerateCases(bound, capabilities)].map((testCase) => JSON.stringify(testCase));
      expect(cases).toHaveLength(caseCount(bound, capabilities));
      expect(new Set(cases).size).toBe(cases.length);
    },
  );

  it("yields smaller windows first", () => {
    const sizes = [...enumerateCases(2, ["prune", "summarize"])].map((testCase) => testCase.spans.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
  });

  it("stages each copy state as the model means it", () => {
    const { world, call } = stageCase(
      {
        depth: 1,
        spans: [
          ["precondition", "exact"],
          ["ordinary", "stale-key"],
          ["untagged", "pointer"],
          ["lookalike", "pointer-missing"],
        ],
        op: "prune",
        named: [0, 2],
      },
      ["prune"],
    );
    const [exact, stale, pointer, dangling] = call.window.spans;
    expect(call.window.derivation_depth).toBe(1);
    expect(call.store[exact?.externalized_key as string]).toBe(exact?.text);
    expect(call.store[stale?.externalized_key as string]).not.toBe(stale?.text);
    expect(pointer?.kind).toBe("pointer");
    expect(call.store[pointer?.externalized_key as string]).toBe(world.truth.get("s3")?.text);
    expect(Object.hasOwn(call.store, dangling?.externalized_key as string)).toBe(false);
    // The environment lost the dangling pointer's text, so no property may blame a pruner for it.
    expect(world.truth.get("s4")?.lost).toBe(true);
    expect(call.op === "prune" && call.evict_ids).toEqual(["s1", "s3"]);
  });

  it("stages each summary state as the model means it, its source gone from the window but known", () => {
    const { world, call } = stageCase(
      {
        depth: 0,
        spans: [
          ["precondition", "summary"],
          ["ordinary", "summary-exact"],
          ["untagged", "summary-lost"],
          ["lookalike", "summary-pointer"],
        ],
        op: "reground",
        named: [],
      },
      ["prune", "reground"],
    );
    const [summary, exact, lost, pointer] = call.window.spans;
    for (const [index, span] of call.window.spans.entries()) {
      const source = span.provenance?.[0];
      expect(span.provenance).toHaveLength(1);
      expect(world.truth.get(source?.span_id as string)?.text, `source of s${index + 1}`).toBe(
        [
          "users.email: VARCHAR(255) NOT NULL UNIQUE",
          "verified against production, not staging",
          "tried `ALTER TABLE … TYPE int`; failed because rows exceed 2^31",
          "as of commit abc123",
        ][index],
      );
      expect(call.window.spans.some((other) => other.span_id === source?.span_id)).toBe(false);
    }
    expect([summary, exact, lost].map((span) => span?.kind)).toEqual(["summary", "summary", "summary"]);
    expect(summary?.externalized_key).toBeNull();
    expect(call.store[exact?.externalized_key as string]).toBe(exact?.text);
    expect(Object.hasOwn(call.store, lost?.provenance?.[0]?.externalized_key as string)).toBe(false);
    expect(world.truth.get(lost?.provenance?.[0]?.span_id as string)?.lost).toBe(true);
    expect([pointer?.kind, pointer?.derivation_depth, call.store[pointer?.externalized_key as string]]).toEqual(["pointer", 1, "schema constraints verified"]);
  });

  it("links every span to the one before it in a chained case", () => {
    const { call } = stageCase(
      {
        depth: 0,
        spans: [
          ["untagged", "exact"],
          ["untagged", "exact"],
          ["precondition", "pointer"],
        ],
        chained: true,
        op: "prune",
        named: [0],
      },
      ["prune"],
    );
    expect(call.window.spans.map((span) => span.depends_on)).toEqual([undefined, ["s1"], ["s2"]]);
  });
});

/** The first failing case per property, in enumeration order, as index and case; `until` stops at its first. */
async function firstFailures(pruner: Pruner, bound: number, level: Level, until?: string): Promise<Map<string, { index: number; testCase: ExhaustiveCase }>> {
  const driver = inProcessDriver(pruner);
  const properties = PROPERTIES.filter((property) => appliesTo(property, level, driver.capabilities));
  const first = new Map<string, { index: number; testCase: ExhaustiveCase }>();
  let index = 0;
  for (const testCase of enumerateCases(bound, driver.capabilities)) {
    const { violations } = await judgeCase(driver, testCase, properties, level);
    for (const property of violations.keys()) if (!first.has(property)) first.set(property, { index, testCase });
    if (until !== undefined && first.has(until)) break;
    index++;
  }
  return first;
}

describe("the exhaustive phase on in-process pruners", () => {
  it("finds nothing against the reference (bound 1, strict)", async () => {
    expect([...(await firstFailures(referencePruner, 1, "strict")).keys()]).toEqual([]);
  });

  it("finds a pruner that drops precondition spans at the same one-span case every time", async () => {
    const first = await firstFailures(dropsPreconditions, 1, "core");
    expect(first.get("precondition-recoverable")).toEqual({ index: 9, testCase: { depth: 0, spans: [["precondition", "exact"]], op: "prune", named: [0] } });
    expect([...first.keys()]).toEqual(expect.arrayContaining(["precondition-recoverable", "pointer-not-paraphrase", "safe-prune-succeeds", "depth-bound"]));
    expect(await firstFailures(dropsPreconditions, 1, "core")).toEqual(first);
  });

  it("finds a pruner that orphans a dependent span at the smallest chained case", async () => {
    const first = await firstFailures(orphansDependents, 2, "core", "dependencies-intact");
    expect(first.get("dependencies-intact")?.testCase).toEqual({
      depth: 0,
      spans: [
        ["ordinary", "exact"],
        ["precondition", "exact"],
      ],
      chained: true,
      op: "prune",
      named: [0],
    });
  });

  it("finds a summary of a summary at the one-span externalized summary case", async () => {
    const first = await firstFailures(summaryOfSummary.pruner, 1, "core");
    expect(first.get("depth-bound")?.testCase).toEqual({ depth: 0, spans: [["precondition", "summary-exact"]], op: "summarize", named: [0] });
  });

  it("finds nothing against the model-driven reference, whatever the model answers (bound 1, strict)", async () => {
    expect([...(await firstFailures(referenceModelPruner, 1, "strict")).keys()]).toEqual([]);
  });

  it("finds a compactor that lets the model's 'redundant' summarize a precondition span, at one span", async () => {
    const first = await firstFailures(compactSummarizesPreconditions.pruner, 1, "core", "choice-gated");
    expect(first.get("choice-gated")?.testCase).toEqual({
      depth: 0,
      spans: [["precondition", "exact"]],
      op: "compact",
      named: [],
      fraction: 0.75,
      model: { kind: "choose", pick: "everything" },
    });
  });

  it("finds a compactor that compacts its own result again, by sending a successful compact twice", async () => {
    const first = await firstFailures(compactsEveryCall.pruner, 2, "core", "compaction-converges");
    expect(first.get("compaction-converges")?.testCase).toMatchObject({ op: "compact", model: { kind: "faithful" } });
  });

  it("finds a pruner that accepts stale keys at the one-span stale case", async () => {
    const first = await firstFailures(staleKeyAccepted, 1, "core");
    expect(first.get("stale-key-refused")).toEqual({ index: 27, testCase: { depth: 0, spans: [["precondition", "stale-key"]], op: "prune", named: [0] } });
    expect(first.has("safe-prune-succeeds")).toBe(false);
  });
});

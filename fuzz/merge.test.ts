import { describe, expect, it } from "vitest";
import type { ResultLine } from "../src/reports/summary.ts";
import { exitCodeOf } from "../src/cli/exit-code.ts";
import { unfinishedSummary } from "../src/reports/unfinished.ts";
import { mergeSummaries, SummaryFile } from "./merge.ts";
import { FUZZ_FORMAT, type FuzzSummary } from "./summary.ts";

function shard(index: number, count: number, results: ResultLine[], exhaustive: Partial<FuzzSummary["fuzz"]["exhaustive"]> = {}): SummaryFile {
  const violations = results.flatMap((result) => (result.status === "failed" && result.violated ? [result.violated] : []));
  const summary: FuzzSummary = {
    implementation: "reference",
    level: "core",
    capabilities: ["prune"],
    runs: results.reduce((sum, result) => sum + result.runs, 0),
    requests: results.reduce((sum, result) => sum + result.requests, 0) + 10,
    violations,
    seconds: index,
    seed: 5,
    interrupted: false,
    results,
    fuzz: {
      format: FUZZ_FORMAT,
      target: { kind: "reference" },
      shards: [{ index, count }],
      workers: 2,
      budget_ms: 1000,
      ended: "budget",
      seeds: { campaign: 5, derivation: "…", round_runs: 100, rounds: [{ shard: index, worker: 0, property: "depth-bound", rounds: 3, first_seed: index }] },
      exhaustive: { bound: 1, cases: 25, total: 25, exhausted: true, requests: 10, seconds: 0.1, violations: [], first: [], ...exhaustive },
      corpus: { dir: "fuzz/corpus", replayed: [{ file: `e${index}.json`, property: "depth-bound", verdict: "passes" }], added: [] },
      found: [],
      throughput: { runs_per_s: 100, requests_per_s: 1000 },
    },
  };
  return SummaryFile.parse(JSON.parse(JSON.stringify(summary)));
}

const passed = (property: string, runs = 100): ResultLine => ({ property, status: "passed", runs, requests: runs * 5, ms: 10 });
const failed = (property: string, violated = property): ResultLine => ({
  property,
  status: "failed",
  runs: 3,
  requests: 9,
  ms: 1,
  violated,
  message: "broken",
  report: `reports/${property}-x-1`,
});

describe("merge", () => {
  it("unites violations, sums counts, and fails a property failed on any shard", () => {
    const merged = mergeSummaries([
      shard(1, 2, [passed("depth-bound"), failed("kept-untouched")]),
      shard(2, 2, [failed("depth-bound"), passed("kept-untouched", 50)], {
        violations: ["depth-bound"],
        first: [{ property: "depth-bound", violated: "depth-bound", index: 3, case: "depth 0, [], prune {}" }],
      }),
    ]);
    expect(merged.violations).toEqual(["depth-bound", "kept-untouched"]);
    expect(merged.runs).toBe(156);
    expect(merged.requests).toBe(500 + 9 + 9 + 250 + 20);
    expect(merged.seconds).toBe(2);
    expect(merged.results.map((result) => [result.property, result.status, result.runs, result.report])).toEqual([
      ["depth-bound", "failed", 103, "reports/depth-bound-x-1"],
      ["kept-untouched", "failed", 53, "reports/kept-untouched-x-1"],
    ]);
    if (!("fuzz" in merged)) throw new Error("expected a fuzz summary");
    expect(merged.fuzz.shards).toEqual([
      { index: 1, count: 2 },
      { index: 2, count: 2 },
    ]);
    expect(merged.fuzz.exhaustive).toMatchObject({ cases: 50, total: 50, exhausted: true, violations: ["depth-bound"] });
    expect(merged.fuzz.seeds.rounds).toHaveLength(2);
    expect(merged.fuzz.corpus.replayed.map((entry) => entry.file)).toEqual(["e1.json", "e2.json"]);
  });

  it("counts the bound exhausted only when every shard of the campaign is there and exhausted", () => {
    const one = mergeSummaries([shard(1, 3, [passed("depth-bound")]), shard(3, 3, [passed("depth-bound")])]);
    expect("fuzz" in one && one.fuzz.exhaustive.exhausted).toBe(false);
    const notDone = mergeSummaries([shard(1, 2, [passed("depth-bound")]), shard(2, 2, [passed("depth-bound")], { exhausted: false })]);
    expect("fuzz" in notDone && notDone.fuzz.exhaustive.exhausted).toBe(false);
  });

  it("keeps the most telling verdict: failed, error, interrupted, passed, skipped", () => {
    const skipped: ResultLine = { property: "depth-bound", status: "skipped", runs: 0, requests: 0, ms: 0, reason: "x" };
    const interrupted: ResultLine = { ...passed("depth-bound"), status: "interrupted" };
    expect(mergeSummaries([shard(1, 2, [skipped]), shard(2, 2, [passed("depth-bound")])]).results[0]?.status).toBe("passed");
    expect(mergeSummaries([shard(1, 2, [interrupted]), shard(2, 2, [passed("depth-bound")])]).results[0]?.status).toBe("interrupted");
  });

  it("takes a shard stopped by an error (no fuzz section, no name) as an error, not as another campaign", () => {
    const stopped = SummaryFile.parse({
      ...unfinishedSummary(
        { level: "core", seed: 5, properties: ["depth-bound"], seconds: 0 },
        { kind: "error", error: { kind: "adapter", code: "handshake", message: "no hello" } },
      ),
    });
    const merged = mergeSummaries([shard(1, 2, [passed("depth-bound")]), stopped]);
    expect(merged.error).toEqual({ kind: "adapter", code: "handshake", message: "no hello" });
    expect(merged.implementation).toBe("reference");
    expect(merged.results.map((result) => result.status)).toEqual(["error"]);
    expect(exitCodeOf(merged)).toBe(2);
  });

  it.each([
    ["the same shard twice", () => [shard(1, 2, []), shard(1, 2, [])]],
    ["different implementations", () => [shard(1, 2, []), { ...shard(2, 2, []), implementation: "other" }]],
    ["different bounds", () => [shard(1, 2, []), shard(2, 2, [], { bound: 3 })]],
    ["no summary at all", () => []],
  ])("refuses %s as a usage error", (_what, summaries) => {
    expect(() => mergeSummaries(summaries())).toThrow(expect.objectContaining({ name: "InputError", code: "usage" }));
  });
});

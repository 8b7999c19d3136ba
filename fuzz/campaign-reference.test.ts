import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { referencePruner } from "../src/reference/index.ts";
import { caseCount } from "../src/engine/exhaustive.ts";
import { dirs, prunecheck, summaryOf } from "./campaign-helpers.ts";

// The slow lane: a campaign of two worker threads on the reference through the binary (12 s). npm test has the
// reference exhausting the bound in process (test/cli/fuzz-merge-in-process.test.ts) and the binary's campaign
// with its workers on a broken module (fuzz/campaign.test.ts).
describe("prunecheck fuzz on the reference, end to end", () => {
  it("runs a campaign on the reference and exits 0: bound exhausted, its --rounds run, seeds recorded", async () => {
    const { out, corpus } = await dirs();
    // --rounds fixes the work; --time only guards against a hang. One round: the second would draw big windows
    // (bigWindowRound), 25 s here, which fuzz/worker.test.ts runs in process.
    const exit = await prunecheck(["fuzz", "--rounds", "1", "--time", "10m", "--workers", "2", "--seed", "3", "--out", out, "--corpus", corpus]);
    expect(exit.code, exit.stderr + exit.stdout).toBe(0);
    const summary = await summaryOf(out);
    expect(summary.violations).toEqual([]);
    expect(summary.fuzz.exhaustive).toMatchObject({ bound: 2, exhausted: true, cases: caseCount(2, ["prune", ...referencePruner.capabilities]) });
    expect(summary.fuzz.seeds.campaign).toBe(3);
    expect(summary.fuzz.workers).toBe(2);
    expect(summary.runs).toBeGreaterThan(0);
    expect(summary.fuzz.seeds.max_rounds).toBe(1);
    const rounds = new Map<string, number>();
    for (const line of summary.fuzz.seeds.rounds) rounds.set(line.property, (rounds.get(line.property) ?? 0) + line.rounds);
    expect(new Set(rounds.values())).toEqual(new Set([1]));
    expect(summary.fuzz.ended).toBe("budget");
    expect(summary.fuzz.throughput.requests_per_s).toBeGreaterThan(0);
    expect(exit.stdout).toMatch(/throughput of random search: \d+ runs\/s, \d+ requests\/s/);
    expect(existsSync(corpus)).toBe(false);
  });
});

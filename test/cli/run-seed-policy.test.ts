import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { seedFromCommit } from "../../src/engine/seed.ts";
import { readReports, readSummary, ROOT, spawnCli, tempDir } from "./helpers.ts";

const SHA = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c";
// Plain Node over stdio, so each run starts in milliseconds: it answers every prune with a keyless pointer.
const BROKEN = ["--cmd", `"${process.execPath}" "${join(ROOT, "test", "fixtures", "adapters", "keyless-pointer.mjs")}"`];

/**
 * Issue 46: the gate's seed was random, so seeds 1 and 2 passed and seed 3 did not. In CI a run draws from
 * its commit's seed, so a rerun of that commit gets the same verdict from the same counterexamples.
 */
describe("prunecheck run's seed policy, through the binary", () => {
  const gate = async (env: Record<string, string>) => {
    const out = tempDir();
    const run = await spawnCli(["run", ...BROKEN, "--runs", "20", "--out", out], { env });
    return { run, out, summary: readSummary(out), paths: readReports(out).map(({ report }) => [report.property.id, report.origin]) };
  };

  it("in CI, twice on one commit: the commit's seed, said first and recorded, and the very same counterexamples", async () => {
    const first = await gate({ CI: "true", GITHUB_SHA: SHA });
    const again = await gate({ CI: "true", GITHUB_SHA: SHA });

    expect(first.run.code).toBe(1);
    expect(first.summary).toMatchObject({ seed: seedFromCommit(SHA), seed_commit: SHA });
    expect(first.run.stdout.split("\n")[0]).toMatch(
      new RegExp(`, seed ${seedFromCommit(SHA)} \\(from commit 0f1e2d3c4b5a: a rerun of this commit repeats these runs\\)$`),
    );
    expect(again.summary.seed).toBe(first.summary.seed);
    expect(again.paths).toEqual(first.paths);
  });

  // The embedded reference, one property, one run: only the seed is looked at.
  const quick = async (args: readonly string[], env: Record<string, string>) => {
    const out = tempDir();
    const run = await spawnCli(["run", "--property", "kept-untouched", "--runs", "1", ...args, "--out", out], { env });
    return { run, summary: readSummary(out) };
  };

  it("off CI, a fresh seed, printed with the flag that repeats it; --seed pins one in CI too", async () => {
    const local = await quick([], {});
    expect(local.summary.seed_commit).toBeUndefined();
    expect(local.run.stdout.split("\n")[0]).toMatch(new RegExp(`, seed ${local.summary.seed} \\(random: --seed ${local.summary.seed} repeats these runs\\)$`));

    const pinned = await quick(["--seed", "3"], { CI: "true", GITHUB_SHA: SHA });
    expect(pinned.summary.seed).toBe(3);
    expect(pinned.summary.seed_commit).toBeUndefined();
  });
});

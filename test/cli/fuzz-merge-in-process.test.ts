import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FuzzSummary } from "../../fuzz/summary.ts";
import { cli, junitCases, readSummary, ROOT, tempDir } from "./helpers.ts";

const STALE_KEY_ACCEPTED = join(ROOT, "fuzz", "fixtures", "stale-key-accepted.ts");
/** No random phase and one worker: a campaign that is over in a second or two, in this process. */
const QUICK = ["--time", "0", "--workers", "1"];

function fuzzSummary(out: string): FuzzSummary {
  return readSummary(out) as FuzzSummary;
}

/**
 * `prunecheck fuzz` and `prunecheck merge` through `main`, in this process: the flags reach the campaign,
 * and the exit codes are run's. fuzz/campaign.test.ts runs the same commands through the binary.
 */
describe("prunecheck fuzz, in process", () => {
  it("exhausts the bound on the reference and exits 0, recording the seed it was given", async () => {
    const out = tempDir();
    const { code, lines, errors } = await cli(["fuzz", ...QUICK, "--exhaustive", "1", "--seed", "5", "--out", out, "--corpus", join(out, "corpus")]);
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    const summary = fuzzSummary(out);
    expect(summary).toMatchObject({ implementation: "reference", level: "core", violations: [], interrupted: false });
    expect(summary.fuzz.exhaustive).toMatchObject({ bound: 1, exhausted: true });
    expect(summary.fuzz.seeds.campaign).toBe(5);
    expect(lines.at(-1)).toMatch(/^prunecheck: reference conforms at core/);
  });

  it("checks only the named properties of a module, at the level and shard given, and exits 1 with JUnit", async () => {
    const out = tempDir();
    const junit = join(out, "junit.xml");
    const args = ["fuzz", ...QUICK, "--impl", STALE_KEY_ACCEPTED, "--level", "strict", "--property", "stale-key-refused", "--shard", "1/1"];
    const { code } = await cli([...args, "--exhaustive", "1", "--timeout-ms", "2000", "--out", out, "--corpus", join(out, "corpus"), "--junit", junit]);
    expect(code).toBe(1);
    const summary = fuzzSummary(out);
    expect(summary).toMatchObject({ level: "strict", violations: ["stale-key-refused"] });
    expect(summary.results.filter((result) => result.status !== "skipped").map((result) => result.property)).toEqual(["stale-key-refused"]);
    expect(junitCases(readFileSync(junit, "utf8")).find((testcase) => testcase.name === "stale-key-refused")?.body).toContain("<failure ");
  });

  it("skips what a pruner cannot be asked, saying why as run says it", async () => {
    const out = tempDir();
    const pruneOnly = join(ROOT, "examples", "typescript", "my-pruner.ts");
    const { code } = await cli(["fuzz", ...QUICK, "--impl", pruneOnly, "--exhaustive", "1", "--out", out, "--corpus", join(out, "corpus")]);
    expect(code).toBe(0);
    const reasons = Object.fromEntries(fuzzSummary(out).results.map((result) => [result.property, result.reason]));
    expect(reasons).toMatchObject({ "provenance-resolves": "needs capability summarize or compact", "reground-restores": "needs capability reground" });
  });

  it("exits 130 when interrupted before it starts, and says so in the summary", async () => {
    const out = tempDir();
    const controller = new AbortController();
    controller.abort("SIGINT");
    const { code } = await cli(["fuzz", ...QUICK, "--exhaustive", "0", "--out", out, "--corpus", join(out, "corpus")], controller.signal);
    expect(code).toBe(130);
    expect(fuzzSummary(out).interrupted).toBe(true);
  });
});

describe("prunecheck merge, in process", () => {
  it("merges shard summaries into one campaign, with its fuzz section in summary.md", async () => {
    const base = tempDir();
    for (const shard of ["1/2", "2/2"]) {
      const out = join(base, `s${shard[0]}`);
      expect((await cli(["fuzz", ...QUICK, "--exhaustive", "1", "--shard", shard, "--seed", "8", "--out", out, "--corpus", join(base, "corpus")])).code).toBe(
        0,
      );
    }
    const merged = join(base, "merged");
    const { code, lines, errors } = await cli(["merge", join(base, "s1", "summary.json"), join(base, "s2", "summary.json"), "--out", merged]);
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect(fuzzSummary(merged).fuzz.exhaustive).toMatchObject({ exhausted: true });
    expect(lines).toContain(`merged 2 summaries into ${join(merged, "summary.json")}`);
    expect(lines.at(-1)).toMatch(/^prunecheck: reference conforms at core/);
    expect(readFileSync(join(merged, "summary.md"), "utf8")).toMatch(/exhaustive/i);
  });

  it("merges plain run summaries too, and exits 1 with a JUnit file when any of them found a violation", async () => {
    const base = tempDir();
    const passing = join(base, "passing");
    const failing = join(base, "failing");
    // 20 runs: its stale key is accepted at run 19 of seed 1; what is checked is the merge, not the search.
    const run = (property: string, out: string) =>
      cli(["run", "--impl", STALE_KEY_ACCEPTED, "--runs", "20", "--seed", "1", "--property", property, "--out", out]);
    expect((await run("kept-untouched", passing)).code).toBe(0);
    expect((await run("stale-key-refused", failing)).code).toBe(1);
    const merged = join(base, "merged");
    const junit = join(base, "junit.xml");
    const { code, lines } = await cli(["merge", join(passing, "summary.json"), join(failing, "summary.json"), "--out", merged, "--junit", junit]);
    expect(code).toBe(1);
    expect(readSummary(merged).violations).toEqual(["stale-key-refused"]);
    expect(lines.at(-1)).toContain("VIOLATES stale-key-refused");
    expect(junitCases(readFileSync(junit, "utf8")).find((testcase) => testcase.name === "stale-key-refused")?.body).toContain("<failure ");
    expect(readFileSync(join(merged, "summary.md"), "utf8")).not.toMatch(/exhaustive/i);
  });
});

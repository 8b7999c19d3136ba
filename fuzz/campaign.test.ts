import { existsSync } from "node:fs";
import { readdir, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { referencePruner } from "../src/reference/index.ts";
import { caseCount } from "../src/engine/exhaustive.ts";
import { dirs, prunecheck, summaryOf } from "./campaign-helpers.ts";

describe("prunecheck fuzz, end to end", () => {
  it("finds a broken module, writes reports, summary and corpus, and replays the corpus first next time", async () => {
    const { out, corpus, base } = await dirs();
    const impl = "fuzz/fixtures/stale-key-accepted.ts";
    // Bound 1 finds it (case #27); bound 2 would add 64,000 cases and half a minute to the same verdict. Two
    // properties show the campaign's files as well as the whole catalog would, at a thirtieth of its 12 s.
    const exit = await prunecheck([
      "fuzz",
      "--impl",
      impl,
      "--property",
      "stale-key-refused",
      "--property",
      "precondition-recoverable",
      "--rounds",
      "1",
      "--exhaustive",
      "1",
      "--time",
      "10m",
      "--workers",
      "2",
      "--out",
      out,
      "--corpus",
      corpus,
    ]);
    expect(exit.code, exit.stderr + exit.stdout).toBe(1);
    const summary = await summaryOf(out);
    expect(summary.violations).toContain("stale-key-refused");
    expect(summary.fuzz.exhaustive.violations).toContain("stale-key-refused");
    const line = summary.results.find((result) => result.property === "stale-key-refused");
    expect(line?.status).toBe("failed");
    expect(existsSync(`${line?.report}.json`) && existsSync(`${line?.report}.md`)).toBe(true);
    const added = await readdir(corpus);
    expect(added.length).toBe(summary.violations.length);

    // Into the same folder, where an earlier campaign's summary names a report this one does not write: the
    // folder then holds this campaign's reports only (issue 46), and the corpus is kept.
    const again = out;
    const stale = join(out, "kept-untouched-earlier-1");
    await writeFile(`${stale}.json`, "{}");
    await writeFile(`${stale}.md`, "earlier");
    await writeFile(join(out, "summary.json"), JSON.stringify({ ...summary, results: [...summary.results, { ...summary.results[0], report: stale }] }));
    const replay = await prunecheck(["fuzz", "--impl", impl, "--time", "0", "--exhaustive", "0", "--workers", "1", "--out", again, "--corpus", corpus]);
    expect(replay.code, replay.stderr + replay.stdout).toBe(1);
    const replayed = await summaryOf(again);
    const named = replayed.results.flatMap((result) =>
      result.report === undefined ? [] : [`${basename(result.report)}.json`, `${basename(result.report)}.md`],
    );
    expect((await readdir(out)).filter((file) => file !== "summary.json" && file !== "summary.md").sort()).toEqual([...new Set(named)].sort());
    expect(replayed.fuzz.corpus.replayed.map((entry) => entry.verdict)).toEqual(added.map(() => "still-fails"));
    expect(replayed.fuzz.found.every((item) => item.phase === "corpus")).toBe(true);
    expect(replayed.violations).toEqual(summary.violations);
    expect(await readdir(corpus)).toEqual(added);
  });

  it("splits a campaign into shards that merge back into one exhausted bound", async () => {
    const { base } = await dirs();
    const shards = await Promise.all(
      ["1/2", "2/2"].map((shard, index) =>
        prunecheck([
          "fuzz",
          "--shard",
          shard,
          "--workers",
          "1",
          "--rounds",
          "1",
          "--time",
          "10m",
          "--exhaustive",
          "1",
          "--seed",
          "8",
          "--out",
          join(base, `s${index + 1}`),
          "--corpus",
          join(base, "corpus"),
        ]),
      ),
    );
    expect(shards.map((exit) => exit.code)).toEqual([0, 0]);
    const halves = await Promise.all([summaryOf(join(base, "s1")), summaryOf(join(base, "s2"))]);
    const merged = await prunecheck(["merge", join(base, "s1", "summary.json"), join(base, "s2", "summary.json"), "--out", join(base, "merged")]);
    expect(merged.code, merged.stderr).toBe(0);
    const summary = await summaryOf(join(base, "merged"));
    const total = caseCount(1, ["prune", ...referencePruner.capabilities]);
    expect(halves.map((half) => half.fuzz.exhaustive.cases)).toEqual([Math.ceil(total / 2), Math.floor(total / 2)]);
    expect(summary.fuzz.exhaustive).toMatchObject({ cases: total, total, exhausted: true });
    expect(summary.runs).toBe(halves[0].runs + halves[1].runs);
    expect(summary.fuzz.shards).toEqual([
      { index: 1, count: 2 },
      { index: 2, count: 2 },
    ]);
  });

  it("stops cleanly on Ctrl-C: exit 130, the summary still written", async () => {
    const { out, corpus } = await dirs();
    let sent = false;
    const exit = await prunecheck(["fuzz", "--time", "60s", "--workers", "2", "--out", out, "--corpus", corpus], (text, child) => {
      if (!sent && text.includes("prunecheck fuzz:")) {
        sent = true;
        setTimeout(() => child.kill("SIGINT"), 300);
      }
    });
    expect(exit.code, exit.stderr + exit.stdout).toBe(130);
    const summary = await summaryOf(out);
    expect(summary.interrupted).toBe(true);
    expect(summary.fuzz.ended).toBe("interrupted");
  });

  it("exits 2 when the adapter cannot shake hands", async () => {
    const { out, corpus } = await dirs();
    const exit = await prunecheck(["fuzz", "--cmd", "exit 3", "--time", "1s", "--workers", "2", "--out", out, "--corpus", corpus]);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toMatch(/handshake|exited/);
  });
});

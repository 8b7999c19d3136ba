import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input.ts";
import { MAX_SEED } from "./numeric-flags.ts";
import { chooseSeed, describeSeed, seedFromCommit, type SeedContext } from "./seed.ts";

const SHA = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c";
const HEAD = "9a8b7c6d5e4f30211203f4e5d6c7b8a99a8b7c6d";
const world = (env: Record<string, string>, head: string | null = HEAD): SeedContext => ({ env, gitHead: () => head });
const noGit = (): string | null => {
  throw new Error("git asked although the seed was known");
};

describe("chooseSeed: the seed policy", () => {
  it("in CI, derives the seed from the commit the CI checks out: a rerun repeats it", () => {
    expect(chooseSeed(undefined, { env: { CI: "true", GITHUB_SHA: SHA }, gitHead: noGit })).toEqual({
      value: seedFromCommit(SHA),
      from: "commit",
      commit: SHA,
    });
    expect(chooseSeed(undefined, { env: { CI: "1", CI_COMMIT_SHA: SHA }, gitHead: noGit })).toMatchObject({ from: "commit", commit: SHA });
    expect(chooseSeed(undefined, world({ CI: "woodpecker" }))).toMatchObject({ from: "commit", commit: HEAD });
  });

  it("in CI without a commit to go by, and off CI, draws a fresh seed", () => {
    expect(chooseSeed(undefined, world({ CI: "true" }, null)).from).toBe("random");
    for (const ci of ["", "false", "0", "FALSE"]) expect(chooseSeed(undefined, { env: { CI: ci, GITHUB_SHA: SHA }, gitHead: noGit }).from).toBe("random");
    expect(chooseSeed(undefined, { env: {}, gitHead: noGit }).from).toBe("random");
  });

  it("takes a number, commit or random from the flag, wherever it runs", () => {
    expect(chooseSeed("7", world({ CI: "true", GITHUB_SHA: SHA }))).toEqual({ value: 7, from: "flag" });
    expect(chooseSeed("commit", world({}))).toEqual({ value: seedFromCommit(HEAD), from: "commit", commit: HEAD });
    expect(chooseSeed("random", { env: { CI: "true", GITHUB_SHA: SHA }, gitHead: noGit }).from).toBe("random");
  });

  it("refuses commit where there is none, and a seed out of range, as usage errors naming what was written", () => {
    const none = () => chooseSeed("commit", world({}, null), "checkSuite's seed");
    expect(none).toThrow(InputError);
    expect(none).toThrow(
      /^checkSuite's seed commit: no commit to derive the seed from \(neither GITHUB_SHA nor CI_COMMIT_SHA is set, and git rev-parse HEAD found none here\)$/,
    );
    expect(() => chooseSeed("commits", world({}))).toThrow(/^--seed must be a decimal integer from 0 to 2147483647, got "commits"/);
  });
});

describe("seedFromCommit", () => {
  it("is the same for a commit everywhere, a seed in range, and another for another commit", () => {
    expect(seedFromCommit(SHA)).toBe(seedFromCommit(SHA));
    expect(seedFromCommit(SHA)).not.toBe(seedFromCommit(HEAD));
    for (const commit of [SHA, HEAD, "", "x"]) {
      expect(Number.isInteger(seedFromCommit(commit))).toBe(true);
      expect(seedFromCommit(commit)).toBeGreaterThanOrEqual(0);
      expect(seedFromCommit(commit)).toBeLessThanOrEqual(MAX_SEED);
    }
  });
});

describe("describeSeed", () => {
  it("says where the seed came from, and how to draw a random one again", () => {
    expect(describeSeed({ value: 7, from: "flag" })).toBe("seed 7");
    expect(describeSeed({ value: 7, from: "commit", commit: SHA })).toBe("seed 7 (from commit 0f1e2d3c4b5a: a rerun of this commit repeats these runs)");
    expect(describeSeed({ value: 7, from: "random" })).toBe("seed 7 (random: --seed 7 repeats these runs)");
  });
});

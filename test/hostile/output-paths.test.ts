import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "vitest";
import { cli, spawnCli, STACK_FRAME, tempDir } from "../cli/helpers.ts";

/** A run that would take a few seconds if it ran at all: the checks must come first. */
const QUICK = ["--runs", "2", "--seed", "3"];

describe.concurrent("bad output paths are refused before anything runs", () => {
  it("run --out an existing file: exit 2 naming it, no property checked", async ({ expect }) => {
    const file = join(tempDir(), "results.txt");
    writeFileSync(file, "keep me");
    const run = await cli(["run", ...QUICK, "--out", file]);
    expect(run.code).toBe(2);
    expect(run.lines).toEqual([]);
    expect(run.errors).toEqual([
      `prunecheck: --out ${file}: is a file, not a folder\nHint: --out takes a folder prunecheck can create and write (e.g. --out reports); it is made if missing.`,
    ]);
  });

  it("run --junit a folder: exit 2 naming it, no property checked, nothing written", async ({ expect }) => {
    const dir = tempDir();
    const out = join(dir, "out");
    const run = await cli(["run", ...QUICK, "--out", out, "--junit", dir]);
    expect(run.code).toBe(2);
    expect(run.lines).toEqual([]);
    expect(run.errors).toEqual([
      `prunecheck: --junit ${dir}: is a folder, and it names the file to write\nHint: Give --junit a file path, e.g. --junit ${join(dir, "junit.xml")}.`,
    ]);
    expect(readdirSync(out)).toEqual([]);
  });

  it("run --out under /proc: exit 2 within seconds (no mkdir spin), through the binary", async ({ expect }) => {
    const run = await spawnCli(["run", ...QUICK, "--out", "/proc/prunecheck-hostile/out"], { timeoutMs: 20_000 });
    expect([run.code, run.signal]).toEqual([2, null]);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^prunecheck: --out \/proc\/prunecheck-hostile\/out: cannot be made \(ENOENT: [^\n]*\)\nHint: [^\n]+\n$/);
    expect(run.stderr).not.toMatch(STACK_FRAME);
  });

  it("fuzz --out an existing file and --corpus a file: exit 2 before the campaign", async ({ expect }) => {
    const dir = tempDir();
    const file = join(dir, "f");
    writeFileSync(file, "");
    const out = await cli(["fuzz", "--time", "0", "--exhaustive", "1", "--workers", "1", "--out", file, "--corpus", join(dir, "corpus")]);
    expect([out.code, out.lines, out.errors[0]?.split("\n")[0]]).toEqual([2, [], `prunecheck: --out ${file}: is a file, not a folder`]);
    const corpus = await cli(["fuzz", "--time", "0", "--exhaustive", "1", "--workers", "1", "--out", join(dir, "out"), "--corpus", file]);
    expect([corpus.code, corpus.lines, corpus.errors[0]?.split("\n")[0]]).toEqual([2, [], `prunecheck: --corpus ${file}: is a file, not a folder`]);
  });

  it("merge --junit a folder: exit 2 before writing", async ({ expect }) => {
    const dir = tempDir();
    const merge = await cli(["merge", join(dir, "nothing.json"), "--out", join(dir, "out"), "--junit", dir]);
    expect(merge.code).toBe(2);
    expect(merge.errors[0]).toMatch(/^prunecheck: --junit .*: is a folder, and it names the file to write\n/);
  });
});

describe.concurrent("matrix output names", () => {
  function config(dir: string, names: readonly string[]): string {
    const path = join(dir, "matrix.config.json");
    writeFileSync(path, JSON.stringify({ runs: 1, implementations: names.map((name) => ({ name })) }));
    return path;
  }

  it("an implementation named matrix.md: exit 2 naming it, before any implementation runs", async ({ expect }) => {
    const dir = tempDir();
    const run = await cli(["matrix", "--config", config(dir, ["matrix.md"]), "--out", join(dir, "out")]);
    expect(run.code).toBe(2);
    expect(run.lines).toEqual([]);
    expect(run.errors[0]).toContain(
      'name "matrix.md" is the name of a file the matrix writes beside the implementations\' folders (matrix.json, matrix.md, matrix.html); choose another → at implementations[0].name',
    );
  });

  it("two names that differ only in letter case: exit 2, they would share a folder on macOS", async ({ expect }) => {
    const dir = tempDir();
    const run = await cli(["matrix", "--config", config(dir, ["ref", "REF"]), "--out", join(dir, "out")]);
    expect([run.code, run.lines]).toEqual([2, []]);
    expect(run.errors[0]).toContain('name "REF" is used twice (letter case aside)');
  });

  it("a folder already where matrix.md goes: exit 2 naming it, before any implementation runs", async ({ expect }) => {
    const out = tempDir();
    mkdirSync(join(out, "matrix.md"));
    const run = await cli(["matrix", "--config", config(out, ["reference"]), "--out", out]);
    expect([run.code, run.lines]).toEqual([2, []]);
    expect(run.errors[0]).toBe(
      `prunecheck: --out ${out}: ${join(out, "matrix.md")} is a folder where prunecheck writes a file\nHint: Remove or rename ${join(out, "matrix.md")}, or give --out another folder.`,
    );
  });
});

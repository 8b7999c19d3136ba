import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/cli/helpers.ts";
import { checkCorpusDir, checkOutputDir, checkOutputFile, checkRunOutputs } from "./output-paths.ts";

/** The InputError a check throws, as data. */
function problem(check: () => void) {
  try {
    check();
  } catch (error) {
    const { code, message, hint } = error as { code: string; message: string; hint: string };
    return { code, message, hint };
  }
  return null;
}

describe("checkRunOutputs", () => {
  it("makes a missing --out folder and leaves it empty", () => {
    const out = join(tempDir(), "reports", "run-1");
    expect(problem(() => checkRunOutputs(out, join(out, "junit.xml")))).toBeNull();
    expect(readdirSync(out)).toEqual([]);
  });

  it("--out an existing file: bad_output_path naming it, with a hint", () => {
    const file = join(tempDir(), "notes.txt");
    writeFileSync(file, "");
    expect(problem(() => checkRunOutputs(file))).toEqual({
      code: "bad_output_path",
      message: `--out ${file}: is a file, not a folder`,
      hint: expect.stringMatching(/^--out takes a folder/),
    });
  });

  it("--out under a file names the file in the way", () => {
    const file = join(tempDir(), "notes.txt");
    writeFileSync(file, "");
    expect(problem(() => checkRunOutputs(join(file, "out")))?.message).toBe(`--out ${join(file, "out")}: cannot be made: ${file} is a file`);
  });

  it("--out under /proc fails at once with the system's reason", () => {
    expect(problem(() => checkRunOutputs("/proc/prunecheck-no-such/out"))?.message).toMatch(
      /^--out \/proc\/prunecheck-no-such\/out: cannot be made \(ENOENT: .*'\/proc\/prunecheck-no-such'\)$/,
    );
  }, 2000);

  it("a folder where summary.json goes", () => {
    const out = tempDir();
    mkdirSync(join(out, "summary.json"));
    expect(problem(() => checkRunOutputs(out))?.message).toBe(`--out ${out}: ${join(out, "summary.json")} is a folder where prunecheck writes a file`);
  });

  it("--junit a folder: says it names a file, and suggests one in it", () => {
    const dir = tempDir();
    expect(problem(() => checkRunOutputs(join(dir, "out"), dir))).toEqual({
      code: "bad_output_path",
      message: `--junit ${dir}: is a folder, and it names the file to write`,
      hint: `Give --junit a file path, e.g. --junit ${join(dir, "junit.xml")}.`,
    });
  });

  it("--junit whose folder cannot be made", () => {
    const file = join(tempDir(), "f");
    writeFileSync(file, "");
    expect(problem(() => checkRunOutputs(tempDir(), join(file, "junit.xml")))?.message).toBe(
      `--junit ${join(file, "junit.xml")}: its folder ${file} is a file, not a folder`,
    );
  });
});

describe("checkOutputDir and checkOutputFile", () => {
  it("name the flag they are given", () => {
    const file = join(tempDir(), "f");
    writeFileSync(file, "");
    expect(problem(() => checkOutputDir("--write", file))?.message).toBe(`--write ${file}: is a file, not a folder`);
    const dir = tempDir();
    expect(problem(() => checkOutputFile("--out", dir, join(dir, "matrix.md")))).toBeNull();
  });
});

describe("checkCorpusDir", () => {
  it("accepts a missing corpus under a writable folder without making it", () => {
    const corpus = join(tempDir(), "fuzz", "corpus");
    expect(problem(() => checkCorpusDir(corpus))).toBeNull();
    expect(existsSync(join(corpus, ".."))).toBe(false);
  });

  it("rejects a corpus that is a file, or lies under one", () => {
    const file = join(tempDir(), "corpus");
    writeFileSync(file, "");
    expect(problem(() => checkCorpusDir(file))).toMatchObject({ code: "bad_output_path", message: `--corpus ${file}: is a file, not a folder` });
    expect(problem(() => checkCorpusDir(join(file, "sub")))?.message).toBe(
      `--corpus ${join(file, "sub")}: ${file} is a file, so no folder can be made under it`,
    );
  });
});

import { execFileSync } from "node:child_process";
import { lstatSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, tempDir } from "../cli/helpers.ts";

/**
 * Every path prunecheck writes is created or replaced only as a regular file of its own (issue 45): a FIFO, a
 * symbolic link or a device node already at the path is refused before anything runs, exit 2 naming it, and
 * left as it was. Before, the rename that makes a write atomic replaced the thing itself: `--junit /dev/null`
 * run as root turned /dev/null into a regular file, and a link was replaced while its target kept the old text.
 */
type Kind = "fifo" | "symlink" | "device";

const ROOT_USER = process.getuid?.() === 0;
const KINDS: readonly Kind[] = ROOT_USER ? ["fifo", "symlink", "device"] : ["fifo", "symlink"];
const WORDS: Record<Kind, string> = { fifo: "a FIFO (named pipe)", symlink: "a symbolic link", device: "a device" };

/** Puts a `kind` at `path`; a link points at a file outside, whose text must survive. */
function plant(kind: Kind, path: string): () => void {
  if (kind === "fifo") {
    execFileSync("mkfifo", [path]);
    return () => expect(lstatSync(path).isFIFO()).toBe(true);
  }
  if (kind === "device") {
    // The null device's numbers, made here rather than touching /dev/null itself.
    execFileSync("mknod", [path, "c", "1", "3"]);
    return () => expect(lstatSync(path).isCharacterDevice()).toBe(true);
  }
  const outside = join(tempDir(), "outside.txt");
  writeFileSync(outside, "not prunecheck's");
  symlinkSync(outside, path);
  return () => {
    expect(readlinkSync(path)).toBe(outside);
    expect(readFileSync(outside, "utf8")).toBe("not prunecheck's");
  };
}

/** Each output path of each command, as `at(dir)` → the argv and the path that must be refused. */
const OUTPUTS: readonly [string, (dir: string) => { readonly argv: string[]; readonly path: string }][] = [
  ["run --junit", (dir) => ({ argv: ["run", "--runs", "2", "--out", join(dir, "out"), "--junit", join(dir, "j.xml")], path: join(dir, "j.xml") })],
  ["run --out's summary.json", (dir) => ({ argv: ["run", "--runs", "2", "--out", dir], path: join(dir, "summary.json") })],
  ["run --out's summary.md", (dir) => ({ argv: ["run", "--runs", "2", "--out", dir], path: join(dir, "summary.md") })],
  [
    "fuzz --junit",
    (dir) => ({ argv: ["fuzz", "--time", "0", "--exhaustive", "0", "--out", join(dir, "out"), "--junit", join(dir, "j.xml")], path: join(dir, "j.xml") }),
  ],
  ["audit --junit", (dir) => ({ argv: ["audit", join(dir, "t.jsonl"), "--out", join(dir, "out"), "--junit", join(dir, "j.xml")], path: join(dir, "j.xml") })],
  ["merge --junit", (dir) => ({ argv: ["merge", join(dir, "s.json"), "--out", join(dir, "out"), "--junit", join(dir, "j.xml")], path: join(dir, "j.xml") })],
  ["record --trace", (dir) => ({ argv: ["record", "--cmd", "true", "--trace", join(dir, "t.jsonl")], path: join(dir, "t.jsonl") })],
  ["schema --write's files", (dir) => ({ argv: ["schema", "--write", dir], path: join(dir, "window.schema.json") })],
  ["matrix --out's matrix.md", (dir) => ({ argv: ["matrix", "--config", join(dir, "m.json"), "--out", dir], path: join(dir, "matrix.md") })],
];

describe.concurrent.for(KINDS)("%s at an output path: refused, exit 2, left as it was", (kind) => {
  it.for(OUTPUTS)("%s", async ([, at]) => {
    const dir = tempDir();
    writeFileSync(join(dir, "m.json"), JSON.stringify({ runs: 1, implementations: [{ name: "reference" }] }));
    const { argv, path } = at(dir);
    const unchanged = plant(kind, path);
    const run = await cli(argv);

    expect(run.code).toBe(2);
    expect(run.lines).toEqual([]);
    expect(run.errors[0]).toContain(`is ${WORDS[kind]}`);
    expect(run.errors[0]).toContain(path);
    expect(run.errors[0]).toMatch(/\nHint: /);
    unchanged();
  });
});

describe("--out itself a link to a folder", () => {
  it("is refused: nothing is written outside the folder the flag names", async () => {
    const real = tempDir();
    const link = join(tempDir(), "reports");
    symlinkSync(real, link);
    const run = await cli(["run", "--runs", "2", "--out", link]);

    expect(run.code).toBe(2);
    expect(run.errors[0]).toBe(
      `prunecheck: --out ${link}: is a symbolic link (to ${real})\nHint: --out takes a real folder, not a link to one: give the folder's own path.`,
    );
    expect(readdirSync(real)).toEqual([]);
    expect(readlinkSync(link)).toBe(real);
  });
});

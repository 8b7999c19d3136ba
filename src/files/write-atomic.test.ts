import { mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/cli/helpers.ts";
import { makeDir, notRegularFile, tempPathFor, writeFileAtomic, writeFileAtomicSync } from "./write-atomic.ts";

describe("writeFileAtomic", () => {
  it("replaces the whole file and leaves nothing else beside it", async () => {
    const dir = tempDir();
    const target = join(dir, "summary.json");
    writeFileSync(target, "old content, longer than the new one");
    await writeFileAtomic(target, "new");
    expect(readFileSync(target, "utf8")).toBe("new");
    expect(readdirSync(dir)).toEqual(["summary.json"]);
  });

  it("refuses a folder at the path before writing anything, and leaves the folder", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "matrix.md"));
    await expect(writeFileAtomic(join(dir, "matrix.md"), "x")).rejects.toMatchObject({
      code: "bad_output_path",
      message: expect.stringContaining("it is a folder"),
    });
    expect(readdirSync(dir)).toEqual(["matrix.md"]);
    expect(readdirSync(join(dir, "matrix.md"))).toEqual([]);
  });

  it("refuses a symbolic link at the path, sync or not: the link and what it points to are left as they were", async () => {
    const dir = tempDir();
    const outside = join(tempDir(), "outside.txt");
    writeFileSync(outside, "theirs");
    symlinkSync(outside, join(dir, "junit.xml"));
    const refused = { code: "bad_output_path", message: expect.stringContaining(`it is a symbolic link (to ${outside})`) };
    await expect(writeFileAtomic(join(dir, "junit.xml"), "x")).rejects.toMatchObject(refused);
    expect(() => writeFileAtomicSync(join(dir, "junit.xml"), "x")).toThrow(expect.objectContaining(refused));
    expect([readlinkSync(join(dir, "junit.xml")), readFileSync(outside, "utf8"), readdirSync(dir)]).toEqual([outside, "theirs", ["junit.xml"]]);
  });

  it("in a folder that does not exist throws ENOENT and creates nothing", async () => {
    const dir = tempDir();
    await expect(writeFileAtomic(join(dir, "missing", "a.json"), "x")).rejects.toMatchObject({ code: "ENOENT" });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("names its temp file beside the target, hidden, unique, and never *.json", () => {
    const first = tempPathFor("/out/report.json");
    expect(first).toMatch(/^\/out\/\.report\.json\.\d+-[0-9a-f]{8}\.tmp$/);
    expect(tempPathFor("/out/report.json")).not.toBe(first);
  });
});

describe("notRegularFile: what is at a path prunecheck would replace", () => {
  it("is null for nothing there and for a regular file, and names a link, a folder and a socket, never following the link", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "file"), "");
    symlinkSync(join(dir, "file"), join(dir, "link"));
    mkdirSync(join(dir, "folder"));
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(dir, "socket"), resolve));
    try {
      expect(["missing", "file", "link", "folder", "socket", "file/under"].map((name) => notRegularFile(join(dir, name)))).toEqual([
        null,
        null,
        `a symbolic link (to ${join(dir, "file")})`,
        "a folder",
        "a socket",
        null,
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("makeDir", () => {
  it("makes every missing level, and is content with a folder that exists", () => {
    const dir = join(tempDir(), "a", "b", "c");
    makeDir(dir);
    makeDir(dir);
    expect(readdirSync(join(dir, ".."))).toEqual(["c"]);
  });

  it("under a file fails with ENOTDIR naming the file", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "file"), "");
    expect(() => makeDir(join(dir, "file", "sub", "deeper"))).toThrow(expect.objectContaining({ code: "ENOTDIR", path: join(dir, "file") }));
  });

  it("under /proc fails at once, where mkdir -p loops forever", () => {
    expect(() => makeDir("/proc/prunecheck-no-such/out")).toThrow(expect.objectContaining({ code: "ENOENT" }));
  }, 2000);
});

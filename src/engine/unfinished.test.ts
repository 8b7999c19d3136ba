import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withLastWords } from "./unfinished.ts";
import { sayLastWords } from "../reports/last-words.ts";
import { unfinishedSummary } from "../reports/unfinished.ts";
import { writeSummary } from "../reports/write.ts";

const RUN = { level: "core", seed: 7, properties: ["depth-bound", "stale-key-refused"] } as const;

function folder(): string {
  return mkdtempSync(join(tmpdir(), "prunecheck-last-words-"));
}

describe("the summary a forced exit leaves behind", () => {
  it("is written while the command has not written its own: every property interrupted, no verdict", async () => {
    const outDir = folder();
    const junit = join(outDir, "junit.xml");
    await withLastWords({ outDir, junit }, RUN, async () => {
      expect(sayLastWords()).toEqual([]);
    });
    const summary = JSON.parse(readFileSync(join(outDir, "summary.json"), "utf8"));
    expect(summary).toMatchObject({ implementation: "(not recorded)", interrupted: true, violations: [] });
    expect(summary.results.map((line: { status: string }) => line.status)).toEqual(["interrupted", "interrupted"]);
    expect(readFileSync(join(outDir, "summary.md"), "utf8")).toContain("interrupted");
    expect(readFileSync(junit, "utf8")).toContain('type="interrupted"');
  });

  it("is not written over the command's own summary, nor after the command ended", async () => {
    const outDir = folder();
    const own = unfinishedSummary({ ...RUN, seconds: 1 }, { kind: "error", error: { kind: "input", code: "usage", message: "mine" } });
    await withLastWords({ outDir }, RUN, async () => {
      await writeSummary(outDir, own);
      expect(sayLastWords()).toEqual([]);
    });
    expect(JSON.parse(readFileSync(join(outDir, "summary.json"), "utf8"))).toEqual(own);

    const untouched = folder();
    await withLastWords({ outDir: untouched }, RUN, async () => {});
    expect(sayLastWords()).toEqual([]);
    expect(existsSync(join(untouched, "summary.json"))).toBe(false);
  });

  it("reports a folder it cannot write to instead of throwing", async () => {
    const file = join(folder(), "a-file");
    writeFileSync(file, "");
    const blocked = join(file, "inside");
    await withLastWords({ outDir: blocked }, RUN, async () => {
      expect(sayLastWords()).toEqual([expect.stringMatching(/^could not write the summary in .*inside: ENOTDIR/)]);
    });
  });
});
